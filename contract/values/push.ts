/** Web push's base path and topics (see contract/push.ts for the schemas). */

export const PUSH_V1 = '/notifications/api/v1/push'

/**
 * What a shopper may get pushed, each switched on and off per device: an order's new status, a price
 * drop of a wishlist product, a wishlist product back in stock.
 */
export const PUSH_TOPICS = ['order_status', 'price_drop', 'back_in_stock'] as const
export type PushTopic = (typeof PUSH_TOPICS)[number]

export type PushTopics = Record<PushTopic, boolean>

/** What the service worker receives: the notification's words, the page it opens and its tag. */
export interface PushMessage {
  title: string
  body: string
  /** A path of this store with its city and language prefix (`/almaty_kk/p/...`). */
  url: string
  /** A newer message with the same tag replaces the older one on the device (an order's next status). */
  tag: string
}

/** Error keys of the push routes, translated by the client. */
export const PUSH_ERROR_KEYS = {
  subscriptionNotFound: 'push:subscriptionNotFound',
  badSubscription: 'push:badSubscription',
} as const
