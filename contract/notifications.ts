import { z } from 'zod'
import { OrderStatus } from './account-area'
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_STATUSES,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
} from './values/notifications'

export {
  NOTIFICATION_KINDS,
  NOTIFICATION_STATUSES,
  NOTIFICATIONS_V1,
  type NotificationKind,
  type NotificationStatus,
} from './values/notifications'

/**
 * The information centre (`/notifications/api/v1`, spec 3 "Notification", 7.10): the signed-in shopper's
 * own notifications, newest first. Each carries what happened (`kind` and its `payload`, as raised) and
 * the texts to show, written by the server in the request's language.
 */

export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS)
export const NotificationStatusSchema = z.enum(NOTIFICATION_STATUSES)

const Money = z.number().int().nonnegative()
const Title = z.string().min(1).max(300)
const OrderRef = { orderId: z.uuid(), number: z.string().min(1).max(40) }
/** The product's title in Russian, and in Kazakh where the catalogue has one (older notifications have none). */
const ProductRef = { sku: z.string().min(1).max(40), productTitle: Title, productTitleKk: Title.optional() }
const WatchedProduct = { ...ProductRef, uri: z.string().min(1).max(300), cityId: z.number().int().min(1) }

/** What each kind says, as the raising module hands it to `notify`; checked before it is stored. */
export const NotificationPayloads = {
  /** An order moved to another status; `reason` says why when the store moved it itself. */
  order_status: z.object({
    ...OrderRef,
    status: OrderStatus,
    reason: z.enum(['payment_expired']).nullable().default(null),
  }),
  payment_succeeded: z.object({ ...OrderRef, amount: Money }),
  /** A declined attempt: the order still waits for its money. */
  payment_failed: z.object({ ...OrderRef, reason: z.string().max(100).nullable() }),
  review_approved: z.object({ reviewId: z.string().min(1).max(64), ...ProductRef }),
  review_rejected: z.object({ reviewId: z.string().min(1).max(64), ...ProductRef }),
  /** A wishlist product got cheaper in the shopper's city. */
  wishlist_price_drop: z.object({ ...WatchedProduct, oldPrice: Money, price: Money }),
  /** A wishlist product came back to stock in the shopper's city. */
  wishlist_back_in_stock: z.object(WatchedProduct),
  /** A product the shopper asked to be told of ("tell me when it arrives") can be ordered in their city. */
  preorder_arrived: z.object(WatchedProduct),
} satisfies Record<NotificationKind, z.ZodType>

export type NotificationPayload<K extends NotificationKind> = z.input<(typeof NotificationPayloads)[K]>

const base = {
  id: z.uuid(),
  status: NotificationStatusSchema,
  /** In the request's language. */
  title: z.string(),
  text: z.string(),
  /** The store page it is about, without the city and language prefix (`/my-account/orders/…`). */
  link: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
}

const entry = <K extends NotificationKind>(kind: K) =>
  z.object({ ...base, kind: z.literal(kind), payload: NotificationPayloads[kind] })

export const Notification = z.discriminatedUnion('kind', [
  entry('order_status'),
  entry('payment_succeeded'),
  entry('payment_failed'),
  entry('review_approved'),
  entry('review_rejected'),
  entry('wishlist_price_drop'),
  entry('wishlist_back_in_stock'),
  entry('preorder_arrived'),
])
export type Notification = z.infer<typeof Notification>

export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
})

export const NotificationList = z.object({
  notes: z.array(Notification),
  /** All of the shopper's notifications, for paging. */
  total: z.number().int(),
  /** Those with status NEW. */
  unread: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
})
export type NotificationList = z.infer<typeof NotificationList>

export const NotificationParams = z.object({ id: z.uuid() })

/** Marks the given notifications read: all of them the shopper's own, or nothing changes (404). */
export const MarkReadBody = z.object({ ids: z.array(z.uuid()).min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE) })

export const UnreadCount = z.object({ unread: z.number().int() })
export type UnreadCount = z.infer<typeof UnreadCount>

export const NotificationDeleted = z.object({ deleted: z.literal(true), unread: z.number().int() })
export type NotificationDeleted = z.infer<typeof NotificationDeleted>
