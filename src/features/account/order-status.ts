import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { OrderStatus } from '../../../contract/account-area'

export const ORDER_STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  NEW: msg`Новый`,
  PAYMENT_PENDING: msg`Ожидает оплаты`,
  PROCESSING: msg`В обработке`,
  ASSEMBLING: msg`Собирается`,
  READY_FOR_PICKUP: msg`Готов к выдаче`,
  DELIVERING: msg`Доставляется`,
  COMPLETED: msg`Выполнен`,
  CANCELLED: msg`Отменён`,
  REFUNDED: msg`Возвращён`,
}
