import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { OrderStatus } from '../../../contract/values/account-area'

/** An order's status as the back office names it, and the button that moves an order there. */
export const STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  NEW: msg`Новый`,
  PAYMENT_PENDING: msg`Ждёт оплаты`,
  PROCESSING: msg`Оплачен`,
  ASSEMBLING: msg`Собирается`,
  READY_FOR_PICKUP: msg`Готов к выдаче`,
  DELIVERING: msg`У курьера`,
  COMPLETED: msg`Получен`,
  CANCELLED: msg`Отменён`,
  REFUNDED: msg`Возвращён`,
}

export const MOVE_NAMES: Record<OrderStatus, MessageDescriptor> = {
  NEW: msg`Вернуть в новые`,
  PAYMENT_PENDING: msg`Ждать оплаты`,
  PROCESSING: msg`Отметить оплаченным`,
  ASSEMBLING: msg`Собрать`,
  READY_FOR_PICKUP: msg`Готов к выдаче`,
  DELIVERING: msg`Передать курьеру`,
  COMPLETED: msg`Выдан покупателю`,
  CANCELLED: msg`Отменить заказ`,
  REFUNDED: msg`Оформить возврат`,
}
