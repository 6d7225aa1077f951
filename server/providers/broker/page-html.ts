/** The local broker's bank page: plain HTML forms, the acquirer's stylesheet, no script at all. */
import { escapeHtml, formatTenge, hostedPage } from '../hosted-page'
import type { BankAnswer, OfferTerms } from './provider'

type Lang = 'ru' | 'kk'

const TEXT = {
  ru: {
    title: 'Подписание договора — тестовый банк',
    contract: 'Договор',
    amount: 'Сумма',
    term: 'Срок',
    months: 'мес.',
    monthly: 'Ежемесячный платёж',
    rate: 'Ставка',
    sign: 'Подписать договор',
    back: 'Вернуться в магазин',
    hint: 'Тестовый банк брокера: договор не заключается, деньги не переводятся.',
    gone: 'Предложение недоступно',
    goneLead: 'Банк отозвал предложение или договор уже подписан. Вернитесь в магазин.',
  },
  kk: {
    title: 'Шартқа қол қою — сынақ банк',
    contract: 'Шарт',
    amount: 'Сома',
    term: 'Мерзімі',
    months: 'ай',
    monthly: 'Ай сайынғы төлем',
    rate: 'Мөлшерлеме',
    sign: 'Шартқа қол қою',
    back: 'Дүкенге оралу',
    hint: 'Брокердің сынақ банкі: шарт жасалмайды, ақша аударылмайды.',
    gone: 'Ұсыныс қолжетімсіз',
    goneLead: 'Банк ұсынысты қайтарып алды немесе шартқа қол қойылған. Дүкенге оралыңыз.',
  },
} as const

function page(lang: Lang, bank: string, title: string, body: string): string {
  return hostedPage({
    lang,
    title,
    stylesheet: '/acquirer/api/v1/assets/hosted.css',
    brand: `${bank} · Local Broker · TEST`,
    body,
  })
}

/** An approved offer: its terms and the sign button. */
export function offerPage(o: {
  lang: Lang
  bank: string
  offer: OfferTerms
  state: BankAnswer['state']
  action: string
  returnUrl: string
}): string {
  const t = TEXT[o.lang]
  const { offer } = o
  return page(
    o.lang,
    o.bank,
    t.title,
    `<h1>${escapeHtml(o.bank)}</h1>
<dl>
<dt>${t.contract}</dt><dd>${escapeHtml(offer.contractNumber)}</dd>
<dt>${t.amount}</dt><dd class="amount">${formatTenge(offer.loanAmount)}</dd>
<dt>${t.term}</dt><dd>${offer.loanLength} ${t.months}</dd>
<dt>${t.monthly}</dt><dd>${formatTenge(offer.monthlyPayment)}</dd>
<dt>${t.rate}</dt><dd>${offer.rate}%</dd>
</dl>
<form method="post" action="${escapeHtml(o.action)}/sign"><button type="submit">${t.sign}</button></form>
<p><a href="${escapeHtml(o.returnUrl)}">${t.back}</a></p>
<p class="hint">${t.hint}</p>`,
  )
}

export function goneOfferPage(lang: Lang, returnUrl: string | null): string {
  const t = TEXT[lang]
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">${t.back}</a></p>` : ''
  return page(lang, 'Broker', t.gone, `<h1>${t.gone}</h1>\n<p>${t.goneLead}</p>\n${back}`)
}
