import { useLingui } from '@lingui/react/macro'
import type { ComponentType } from 'react'
import type { OrderActionProps } from './action-props'
import type { OrderDetail } from '../../../contract/checkout'
import { CancelOrder } from './cancel-order'
import { OrderDocuments } from './documents'
import { PickupOtp } from './pickup-otp'
import { ReorderButton } from './reorder-button'
import { OrderReschedule } from './reschedule'
import { OrderWarrant } from './warrant'
import styles from './orders.module.css'

/**
 * The order page's actions, in the order they show. Each is a component of its own file in this folder
 * that renders nothing when it does not apply to the order (a cancel once the order is received).
 */
export const ORDER_ACTIONS: ComponentType<OrderActionProps>[] = [ReorderButton, CancelOrder]

export function OrderActions(props: OrderActionProps) {
  const { t } = useLingui()
  return (
    <section className={styles.actions} aria-label={t`Действия с заказом`} data-testid="order-actions">
      {ORDER_ACTIONS.map((Action, i) => (
        <Action key={i} {...props} />
      ))}
    </section>
  )
}

/**
 * The order page's parts that work on the order as placed (its documents, delivery and pickup), below the
 * actions, in the order they show; each renders nothing when it does not apply.
 */
export const ORDER_PARTS: ComponentType<{ order: OrderDetail }>[] = [
  OrderDocuments,
  PickupOtp,
  OrderWarrant,
  OrderReschedule,
]

export function OrderParts({ order }: { order: OrderDetail }) {
  return (
    <>
      {ORDER_PARTS.map((Part, i) => (
        <Part key={i} order={order} />
      ))}
    </>
  )
}
