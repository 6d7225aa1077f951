import { useLingui } from '@lingui/react/macro'
import type { ComponentType } from 'react'
import type { OrderActionProps } from './action-props'
import { CancelOrder } from './cancel-order'
import { ReorderButton } from './reorder-button'
import styles from './orders.module.css'

/**
 * The order page's actions, in the order they show. Each is a component of its own file in this folder
 * that renders nothing when it does not apply to the order (a cancel once the order is received). The
 * documents (receipt, invoice), delivery rescheduling, the warrant for pickup by another person and the
 * pickup code are added here the same way.
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
