import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isApiError } from '../../data/api-error'

/** The server's message keys the account area can meet (spec 8), in the shopper's language. */
const MESSAGES: Record<string, MessageDescriptor> = {
  'errors:invalidBin': msg`БИН введён с ошибкой: проверьте 12 цифр`,
  'errors:organizationNotFound': msg`Организация с таким БИН не найдена`,
  'errors:tooManyAddresses': msg`Достигнуто максимальное число адресов. Удалите ненужный адрес.`,
  'errors:tooManyReceivers': msg`Достигнуто максимальное число получателей. Удалите ненужного.`,
  'errors:tryLater': msg`Попробуйте позже`,
  'errors:pleaseVerifyInputData': msg`Проверьте введённые данные`,
  'errors:noConnection': msg`Нет соединения с интернетом`,
  'errors:offlineCheckout': msg`Нет соединения с интернетом. Эта операция доступна только онлайн.`,
  'errors:notFound': msg`Не найдено: возможно, запись уже удалена`,
  'common:personalPromocodes.guest.error': msg`Не удалось получить промокод. Попробуйте позже.`,
  unique_email: msg`Пользователь с таким email уже существует`,
}
const FALLBACK = msg`Не удалось выполнить операцию`

/** Spec 8: a failed guest promo code receive says so in its own words; a bad phone says what is wrong. */
export function guestPromoErrorText(i18n: I18n, error: unknown): string {
  if (isApiError(error, 400)) return errorText(i18n, error)
  return i18n._(MESSAGES['common:personalPromocodes.guest.error'] ?? FALLBACK)
}

/** The text to show for a failed call: the server's key when known, the spec's generic failure else. */
export function errorText(i18n: I18n, error: unknown): string {
  if (isApiError(error)) {
    const known = MESSAGES[error.code] ?? MESSAGES[error.messageKey]
    if (known) return i18n._(known)
  }
  return i18n._(FALLBACK)
}
