/** The information centre's base path, kinds and statuses (see contract/notifications.ts for the schemas). */

export const NOTIFICATIONS_V1 = '/notifications/api/v1'

/**
 * What a notification tells the shopper. The order and payment kinds are raised by checkout today; the
 * review and wishlist kinds by the reviews' moderation and the wishlist's price and stock watch; a
 * pre-order's arrival by checkout's watch of the "tell me when it arrives" requests.
 */
export const NOTIFICATION_KINDS = [
  'order_status',
  'payment_succeeded',
  'payment_failed',
  'review_approved',
  'review_rejected',
  'wishlist_price_drop',
  'wishlist_back_in_stock',
  'preorder_arrived',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Spec 3 "Notification": NEW counts as unread. */
export const NOTIFICATION_STATUSES = ['NEW', 'READ'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]

export const NOTIFICATIONS_PAGE_SIZE = 20
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100

/** Spec 8: what the client shows when the information centre cannot be read. */
export const NOTIFICATIONS_FAILURE_KEY = 'errors:failedToGetInformationCenter'
