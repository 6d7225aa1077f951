import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { OrderStatus } from '../../../contract/account-area'
import type { OrderActor } from '../../../contract/orders'

/** A status as a step of the order's timeline. */
export const TIMELINE_STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  NEW: msg`Заказ принят`,
  PAYMENT_PENDING: msg`Ожидает оплаты`,
  PROCESSING: msg`Оплачен, передан в обработку`,
  ASSEMBLING: msg`Собирается на складе`,
  READY_FOR_PICKUP: msg`Готов к выдаче`,
  DELIVERING: msg`Передан курьеру`,
  COMPLETED: msg`Получен`,
  CANCELLED: msg`Отменён`,
  REFUNDED: msg`Возвращён, деньги возвращены`,
}

/** Who moved it, as the shopper reads it. */
export const ACTOR_NAMES: Record<OrderActor, MessageDescriptor> = {
  shopper: msg`вы`,
  payment: msg`банк`,
  fulfilment: msg`склад`,
  operator: msg`магазин`,
  system: msg`магазин`,
}
