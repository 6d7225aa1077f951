import type { PushTopic } from '../../../contract/values/push'
import type { NotificationKind } from '../../../contract/values/notifications'

/**
 * The notifications that push carries, by the topic a subscription switches them with. The trigger that
 * queues them (migration `push`, `push_deliveries_enqueue`) says the same in SQL; a test holds the two
 * together.
 */
export const PUSH_TOPIC_OF_KIND = {
  order_status: 'order_status',
  wishlist_price_drop: 'price_drop',
  wishlist_back_in_stock: 'back_in_stock',
} as const satisfies Partial<Record<NotificationKind, PushTopic>>

export type PushedKind = keyof typeof PUSH_TOPIC_OF_KIND
