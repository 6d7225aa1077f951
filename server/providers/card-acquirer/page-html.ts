/** The local acquirer's hosted pages: plain HTML forms, one external stylesheet, no script at all. */
import { escapeHtml, formatTenge, hostedPage } from '../hosted-page'

export { escapeHtml }

type Lang = 'ru' | 'kk'

/** What a page needs of its session: a payment shows its amount, a binding none. */
export interface PageSession {
  id: string
  language: Lang
  amount: number | null
}

const TEXT = {
  ru: {
    title: 'Оплата картой — тестовый эквайринг',
    lead: 'Привязка карты. Данные карты остаются у эквайера, магазин получит только маску номера.',
    pan: 'Номер карты',
    expiry: 'Срок действия (ММ/ГГ)',
    cvc: 'CVC/CVV',
    submit: 'Привязать карту',
    cancel: 'Отменить',
    badPan: 'Проверьте номер карты',
    badExpiry: 'Проверьте срок действия карты',
    badCvc: 'CVC — три или четыре цифры',
    challengeTitle: 'Подтверждение 3-D Secure',
    challengeLead: 'Банк отправил одноразовый код для карты',
    code: 'Код из SMS',
    confirm: 'Подтвердить',
    badCode: 'Неверный код. Осталось попыток:',
    testHint: 'Тестовый эквайринг: код 123456',
    gone: 'Сессия оплаты завершена или устарела.',
    back: 'Вернуться в магазин',
    payLead: 'Оплата заказа в магазине Storefront. Данные карты остаются у эквайера.',
    toPay: 'К оплате',
    pay: 'Оплатить',
  },
  kk: {
    title: 'Картамен төлеу — сынақ эквайринг',
    lead: 'Картаны байланыстыру. Карта деректері эквайерде қалады, дүкен тек нөмірдің маскасын алады.',
    pan: 'Карта нөмірі',
    expiry: 'Жарамдылық мерзімі (АА/ЖЖ)',
    cvc: 'CVC/CVV',
    submit: 'Картаны байланыстыру',
    cancel: 'Бас тарту',
    badPan: 'Карта нөмірін тексеріңіз',
    badExpiry: 'Карта мерзімін тексеріңіз',
    badCvc: 'CVC — үш немесе төрт сан',
    challengeTitle: '3-D Secure растау',
    challengeLead: 'Банк карта үшін бір реттік код жіберді',
    code: 'SMS коды',
    confirm: 'Растау',
    badCode: 'Код қате. Қалған әрекеттер:',
    testHint: 'Сынақ эквайринг: код 123456',
    gone: 'Төлем сессиясы аяқталды немесе ескірді.',
    back: 'Дүкенге оралу',
    payLead: 'Storefront дүкеніндегі тапсырысты төлеу. Карта деректері эквайерде қалады.',
    toPay: 'Төленетін сома',
    pay: 'Төлеу',
  },
} as const

function page(lang: Lang, title: string, body: string): string {
  return hostedPage({
    lang,
    title,
    stylesheet: '/acquirer/api/v1/assets/hosted.css',
    brand: 'Local Acquirer · TEST',
    body,
  })
}

/** The amount line of a payment's page; nothing for a binding. */
function amountLine(lang: Lang, amount: number | null): string {
  return amount === null
    ? ''
    : `<p class="amount">${TEXT[lang].toPay}: <strong>${formatTenge(amount)}</strong></p>\n`
}

export function cardFormPage(
  base: string,
  session: PageSession,
  error?: 'pan' | 'expiry' | 'cvc',
  keep: { expiry?: string } = {},
): string {
  const { id, language: lang, amount } = session
  const t = TEXT[lang]
  const message =
    error === 'pan' ? t.badPan : error === 'expiry' ? t.badExpiry : error === 'cvc' ? t.badCvc : ''
  const action = `${base}/sessions/${escapeHtml(id)}`
  const submit = amount === null ? t.submit : `${t.pay} ${formatTenge(amount)}`
  return page(
    lang,
    t.title,
    `<h1>${t.title}</h1>
<p>${amount === null ? t.lead : t.payLead}</p>
${amountLine(lang, amount)}${message ? `<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="${action}" autocomplete="on">
<label>${t.pan}<input name="pan" inputmode="numeric" autocomplete="cc-number" required maxlength="23" pattern="[0-9 ]{12,23}"${error === 'pan' ? ' aria-invalid="true" autofocus' : ''}></label>
<div class="row">
<label>${t.expiry}<input name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/29" required maxlength="5" pattern="[0-9]{2}/[0-9]{2}" value="${escapeHtml(keep.expiry ?? '')}"${error === 'expiry' ? ' aria-invalid="true" autofocus' : ''}></label>
<label>${t.cvc}<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" pattern="[0-9]{3,4}" type="password"${error === 'cvc' ? ' aria-invalid="true" autofocus' : ''}></label>
</div>
<button type="submit">${submit}</button>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${t.cancel}</button></form>`,
  )
}

export function challengePage(
  base: string,
  session: PageSession,
  mask: string | null,
  attemptsLeft?: number,
): string {
  const { id, language: lang, amount } = session
  const t = TEXT[lang]
  const action = `${base}/sessions/${escapeHtml(id)}`
  return page(
    lang,
    t.challengeTitle,
    `<h1>${t.challengeTitle}</h1>
${amountLine(lang, amount)}<p>${t.challengeLead} ${escapeHtml(mask ?? '')}</p>
${attemptsLeft === undefined ? '' : `<p class="error" role="alert">${t.badCode} ${attemptsLeft}</p>`}
<form method="post" action="${action}/3ds">
<label>${t.code}<input name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="6" autofocus></label>
<button type="submit">${t.confirm}</button>
</form>
<p class="hint">${t.testHint}</p>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${t.cancel}</button></form>`,
  )
}

export function gonePage(lang: Lang, back: string | null): string {
  const t = TEXT[lang]
  return page(
    lang,
    t.gone,
    `<h1>${t.gone}</h1>${back ? `<p><a href="${escapeHtml(back)}">${t.back}</a></p>` : ''}`,
  )
}

export const HOSTED_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef1f5;font:16px/1.4 system-ui,sans-serif;color:#1d2330}
.card{width:min(420px,100% - 24px);background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 24px #0002}
.brand{margin:0 0 8px;font-size:12px;letter-spacing:.08em;color:#6b7280;text-transform:uppercase}
h1{font-size:20px;margin:0 0 8px}
label{display:block;margin:12px 0 0;font-size:14px;color:#374151}
input{display:block;width:100%;margin-top:4px;padding:10px 12px;font:inherit;border:1px solid #c7ccd6;border-radius:8px}
input[aria-invalid=true]{border-color:#d92d20}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:16px;width:100%;padding:12px;font:inherit;font-weight:600;border:0;border-radius:8px;background:#0a6cff;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:#0a6cff;margin-top:8px}
.error{color:#b42318;background:#fef3f2;padding:8px 12px;border-radius:8px}
.hint{font-size:13px;color:#6b7280}
.amount{font-size:18px}`
