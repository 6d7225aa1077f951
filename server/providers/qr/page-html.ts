/** The local QR provider's scan page: plain HTML forms, one external stylesheet, no script at all. */
import { escapeHtml, formatTenge, hostedPage } from '../hosted-page'
import type { QrStatus } from './provider'

type Lang = 'ru' | 'kk'

/** The store the local provider pays (a real provider shows the merchant it has on file). */
export const MERCHANT_NAME = 'Storefront'

const TEXT = {
  ru: {
    title: 'Оплата по QR — тестовый провайдер',
    merchant: 'Получатель',
    toPay: 'К оплате',
    pay: 'Оплатить',
    cancel: 'Отменить',
    hint: 'Тестовый QR-провайдер: деньги не списываются.',
    paid: 'Оплачено',
    paidLead: 'Платёж прошёл. Вернитесь в магазин: заказ уже знает об оплате.',
    cancelled: 'Платёж отменён',
    cancelledLead: 'Деньги не списаны. Вернитесь в магазин, чтобы выбрать другой способ оплаты.',
    expired: 'Время на оплату истекло',
    expiredLead: 'QR-код действовал 10 минут. Вернитесь в магазин и получите новый.',
    unknown: 'Платёж не найден',
    unknownLead: 'Проверьте QR-код или получите новый в магазине.',
  },
  kk: {
    title: 'QR арқылы төлеу — сынақ провайдер',
    merchant: 'Алушы',
    toPay: 'Төленетін сома',
    pay: 'Төлеу',
    cancel: 'Бас тарту',
    hint: 'Сынақ QR провайдер: ақша шешілмейді.',
    paid: 'Төленді',
    paidLead: 'Төлем өтті. Дүкенге оралыңыз: тапсырыс төлем туралы біледі.',
    cancelled: 'Төлем тоқтатылды',
    cancelledLead: 'Ақша шешілмеді. Басқа төлем тәсілін таңдау үшін дүкенге оралыңыз.',
    expired: 'Төлеу уақыты өтті',
    expiredLead: 'QR коды 10 минут жарамды болды. Дүкенге оралып, жаңасын алыңыз.',
    unknown: 'Төлем табылмады',
    unknownLead: 'QR кодын тексеріңіз немесе дүкенде жаңасын алыңыз.',
  },
} as const

function page(base: string, lang: Lang, title: string, body: string): string {
  return hostedPage({ lang, title, stylesheet: `${base}/assets/scan.css`, brand: 'Local QR · TEST', body })
}

/** A pending session: merchant, amount, and the two buttons. */
export function scanPage(base: string, lang: Lang, session: { sessionId: string; amount: number }): string {
  const t = TEXT[lang]
  const action = `${base}/sessions/${escapeHtml(session.sessionId)}`
  return page(
    base,
    lang,
    t.title,
    `<h1>${t.title}</h1>
<dl>
<dt>${t.merchant}</dt><dd>${MERCHANT_NAME}</dd>
<dt>${t.toPay}</dt><dd class="amount">${formatTenge(session.amount)}</dd>
</dl>
<form method="post" action="${action}/pay"><button type="submit">${t.pay}</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${t.cancel}</button></form>
<p class="hint">${t.hint}</p>`,
  )
}

/** A session that has ended (or an unknown one): what became of it, and no buttons. */
export function endedPage(
  base: string,
  lang: Lang,
  status: Exclude<QrStatus, 'pending'> | 'unknown',
  amount: number | null,
): string {
  const t = TEXT[lang]
  const states: Record<typeof status, { title: string; lead: string }> = {
    paid: { title: t.paid, lead: t.paidLead },
    cancelled: { title: t.cancelled, lead: t.cancelledLead },
    expired: { title: t.expired, lead: t.expiredLead },
    unknown: { title: t.unknown, lead: t.unknownLead },
  }
  const { title, lead } = states[status]
  const sum = amount === null ? '' : `<p class="amount">${MERCHANT_NAME} · ${formatTenge(amount)}</p>\n`
  return page(base, lang, title, `<h1 class="${status}">${title}</h1>\n${sum}<p>${lead}</p>`)
}

export const SCAN_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f2f4f7;font:16px/1.4 system-ui,sans-serif;color:#1d2330}
.card{width:min(420px,100% - 24px);background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 24px #0002}
.brand{margin:0 0 8px;font-size:12px;letter-spacing:.08em;color:#6b7280;text-transform:uppercase}
h1{font-size:20px;margin:0 0 8px}
h1.paid{color:#067647}
h1.cancelled,h1.expired,h1.unknown{color:#b42318}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:16px 0}
dt{color:#6b7280}
dd{margin:0;font-weight:600}
.amount{font-size:20px}
button{margin-top:16px;width:100%;padding:12px;font:inherit;font-weight:600;border:0;border-radius:8px;background:#f14635;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:#1d2330;margin-top:8px}
.hint{font-size:13px;color:#6b7280}`
