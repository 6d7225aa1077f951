import type { BrokerOfferState, BrokerRejectionReason } from '../../../contract/values/broker'
import type { Lang } from '../../../contract/common'

/** A bank's state and reason as the shopper reads them, in the request's language. */
export const STATE_TITLES: Record<Lang, Record<BrokerOfferState, string>> = {
  ru: {
    INIT: 'Заявка отправлена в банк',
    CALCULATION: 'Банк рассматривает заявку',
    NOT_READY_YET: 'Банк изучает выписку',
    PREAPPROVED: 'Предварительно одобрено',
    APPROVED: 'Одобрено',
    REJECTED: 'Отказ банка',
    PARTNER_CANCELLED: 'Банк отозвал заявку',
  },
  kk: {
    INIT: 'Өтінім банкке жіберілді',
    CALCULATION: 'Банк өтінімді қарап жатыр',
    NOT_READY_YET: 'Банк үзіндіні зерделеп жатыр',
    PREAPPROVED: 'Алдын ала мақұлданды',
    APPROVED: 'Мақұлданды',
    REJECTED: 'Банк бас тартты',
    PARTNER_CANCELLED: 'Банк өтінімді қайтарып алды',
  },
}

export const REASON_TITLES: Record<Lang, Record<BrokerRejectionReason, string>> = {
  ru: {
    amount_over_limit: 'Сумма больше, чем банк финансирует',
    amount_under_limit: 'Сумма меньше, чем банк финансирует',
    term_not_offered: 'Банк не предлагает такой срок',
    applicant_declined: 'Заявка не прошла проверку банка',
    statement_required: 'Банку нужна выписка со счёта',
    timeout: 'Банк не ответил вовремя',
    cancelled: 'Выбрано предложение другого банка',
  },
  kk: {
    amount_over_limit: 'Сома банк қаржыландыратын сомадан көп',
    amount_under_limit: 'Сома банк қаржыландыратын сомадан аз',
    term_not_offered: 'Банк мұндай мерзімді ұсынбайды',
    applicant_declined: 'Өтінім банк тексеруінен өтпеді',
    statement_required: 'Банкке шоттан үзінді қажет',
    timeout: 'Банк уақытында жауап бермеді',
    cancelled: 'Басқа банктің ұсынысы таңдалды',
  },
}

/** The order's timeline note once the loan that paid it is cancelled through the broker. */
export const LOAN_CANCELLED_NOTES: Record<Lang, (contractNumber: string) => string> = {
  ru: (contract) =>
    `Кредит по договору ${contract} отменён через брокера: банк не взыщет с покупателя ничего`,
  kk: (contract) =>
    `${contract} шарты бойынша несие брокер арқылы жойылды: банк сатып алушыдан ештеңе өндірмейді`,
}
