import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ORDER_ACTION_ERROR_KEYS } from '../../../contract/values/order-pickup'
import { isApiError } from '../../data/api-error'

/** The server's keys these actions can meet, in the shopper's language (purchase flow 8). */
const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
  [ORDER_ACTION_ERROR_KEYS.notCourier]: msg`Перенести можно только доставку курьером`,
  [ORDER_ACTION_ERROR_KEYS.notPickup]: msg`Это действие доступно только для заказов с самовывозом`,
  [ORDER_ACTION_ERROR_KEYS.wrongStatus]: msg`Для заказа в этом статусе это уже недоступно`,
  [ORDER_ACTION_ERROR_KEYS.rescheduleLimit]: msg`Доставку больше нельзя перенести: лимит переносов исчерпан`,
  [ORDER_ACTION_ERROR_KEYS.slotUnavailable]: msg`Это время доставки больше недоступно. Выберите другое`,
  [ORDER_ACTION_ERROR_KEYS.wrongCity]: msg`Заказ оформлен в другом городе`,
  [ORDER_ACTION_ERROR_KEYS.iinInvalid]: msg`ИИН введён с ошибкой: проверьте 12 цифр`,
  'checkout:orderNotFound': msg`Заказ не найден`,
  'errors:pleaseVerifyInputData': msg`Проверьте введённые данные`,
}

const FAILED = msg`Не удалось выполнить операцию. Попробуйте ещё раз`
const OFFLINE = msg`Нет соединения с интернетом. Попробуйте, когда сеть появится`

/** Spec 8: the server's message, a wait after too many tries, or "failed to complete the operation". */
export function actionFailure(i18n: I18n, error: unknown): string {
  if (!isApiError(error)) return i18n._(FAILED)
  if (error.status === 0) return i18n._(OFFLINE)
  if (error.status === 429) {
    const penalty = (error.details as { penalty?: number } | undefined)?.penalty ?? 60
    const seconds = Math.max(1, Math.ceil(penalty))
    return i18n._(msg`Слишком много попыток. Попробуйте через ${seconds} с`)
  }
  const known = SERVER_MESSAGES[error.messageKey]
  if (known) return i18n._(known)
  return i18n._(error.status === 400 ? SERVER_MESSAGES['errors:pleaseVerifyInputData']! : FAILED)
}

/** `2026-05-01` → `01.05.2026` (DESIGN: dates dd.MM.yyyy), from the text, no clock involved. */
export function dateText(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-')
  return year && month && day ? `${day}.${month}.${year}` : iso
}

const WEEKDAYS: readonly MessageDescriptor[] = [msg`вс`, msg`пн`, msg`вт`, msg`ср`, msg`чт`, msg`пт`, msg`сб`]

/** The short weekday of a calendar date (the store's, so no time zone applies). */
export function weekdayOf(iso: string): MessageDescriptor {
  const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`).getUTCDay()
  return WEEKDAYS[Number.isNaN(day) ? 0 : day] as MessageDescriptor
}

export const slotText = (slot: { time_from: string; time_to: string }) => `${slot.time_from}–${slot.time_to}`
