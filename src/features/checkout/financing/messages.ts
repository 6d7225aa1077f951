import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  BROKER_ERROR_KEYS,
  type BrokerProductType,
  type BrokerRejectionReason,
} from '../../../../contract/values/broker'
import { CLIENT_ERROR_CODES, isApiError } from '../../../data/api-error'
import type { SizeLabel, StatementProblem } from './statement-file'

/** The broker's refusals (purchase flow 8), in the shopper's language. */
const BROKER_MESSAGES: Record<string, MessageDescriptor> = {
  [BROKER_ERROR_KEYS.loadingDataTryLater]: msg`Не удалось загрузить данные. Попробуйте позже`,
  [BROKER_ERROR_KEYS.verificationInvalid]: msg`Подтверждение согласия устарело. Подпишите согласие ещё раз`,
  [BROKER_ERROR_KEYS.maxOrderSum]: msg`Сумма заказа не может превышать 2 000 000 ₸`,
  [BROKER_ERROR_KEYS.orderNotFound]: msg`Заказ не найден`,
  [BROKER_ERROR_KEYS.orderNotFinanceable]: msg`Этот заказ уже не ждёт оформления рассрочки или кредита`,
  [BROKER_ERROR_KEYS.termNotOffered]: msg`Банки не предлагают такой срок для этого продукта`,
  [BROKER_ERROR_KEYS.applicationNotFound]: msg`Заявка не найдена`,
  [BROKER_ERROR_KEYS.specificationNotFound]: msg`Текст согласия не найден. Попробуйте позже`,
  [BROKER_ERROR_KEYS.agreementRequired]: msg`Отметьте обязательные согласия`,
  [BROKER_ERROR_KEYS.signNotFound]: msg`Подписание не найдено: запросите код ещё раз`,
  [BROKER_ERROR_KEYS.codeInvalid]: msg`Неверный код из SMS`,
  [BROKER_ERROR_KEYS.codeExpired]: msg`Срок действия кода истёк: запросите новый`,
  [BROKER_ERROR_KEYS.tooManyAttempts]: msg`Слишком много неверных кодов: запросите новый`,
  [BROKER_ERROR_KEYS.fileMustBePdf]: msg`Файл должен быть в формате PDF`,
  [BROKER_ERROR_KEYS.uploadPdf]: msg`Загрузите файл PDF`,
  [BROKER_ERROR_KEYS.pdfTooLarge]: msg`Файл PDF не должен превышать 2 МБ`,
  'errors:tryLater': msg`Попробуйте позже`,
}

const TRY_LATER = msg`Что-то пошло не так. Попробуйте позже`
const OFFLINE = msg`Нет соединения с интернетом. Проверьте сеть и повторите`

/** A failed broker call in words: the server's key when known, the network's, else "try later". */
export function brokerFailure(i18n: I18n, error: unknown): string {
  if (!isApiError(error)) return i18n._(TRY_LATER)
  const network: string[] = [
    CLIENT_ERROR_CODES.network,
    CLIENT_ERROR_CODES.offline,
    CLIENT_ERROR_CODES.timeout,
  ]
  if (error.status === 0 && network.includes(error.code)) return i18n._(OFFLINE)
  const known = BROKER_MESSAGES[error.messageKey]
  return i18n._(known ?? TRY_LATER)
}

export const STATEMENT_PROBLEMS: Record<StatementProblem, MessageDescriptor> = {
  empty: msg`Загрузите файл PDF`,
  notPdf: msg`Файл должен быть в формате PDF`,
  tooLarge: msg`Файл PDF не должен превышать 2 МБ`,
}

export function sizeText(i18n: I18n, size: SizeLabel): string {
  return size.unit === 'KB' ? i18n._(msg`${size.amount} КБ`) : i18n._(msg`${size.amount} МБ`)
}

export const PRODUCT_NAMES: Record<BrokerProductType, MessageDescriptor> = {
  installment: msg`Рассрочка`,
  loan: msg`Кредит`,
}

export const PRODUCT_NOTES: Record<BrokerProductType, MessageDescriptor> = {
  installment: msg`Без переплаты: банк делит сумму на равные платежи`,
  loan: msg`С процентами банка, на срок до 36 месяцев`,
}

export const REJECTION_REASONS: Record<BrokerRejectionReason, MessageDescriptor> = {
  amount_over_limit: msg`Сумма заказа больше, чем банк оформляет`,
  amount_under_limit: msg`Сумма заказа меньше, чем банк оформляет`,
  term_not_offered: msg`Банк не предлагает такой срок`,
  applicant_declined: msg`Банк не одобрил заявку по своей оценке`,
  statement_required: msg`Банку нужна выписка со счёта, а её не приложили`,
  timeout: msg`Банк не ответил вовремя`,
  cancelled: msg`Заявка в этом банке отменена`,
}

export const monthsText = (i18n: I18n, months: number) => i18n._(msg`${months} мес.`)
