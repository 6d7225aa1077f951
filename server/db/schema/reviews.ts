import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ReviewMediaKind, ReviewReactionType, ReviewStatus } from '../../../contract/values/reviews'
import { users } from './account'
import { products } from './catalog'

/**
 * Shoppers' reviews of products (spec browsing 3 "Review", 7.3). One per shopper and product; only
 * APPROVED ones are public. `likes`/`dislikes` are kept by a trigger on `review_reactions`, and the
 * per-product counts the reviews tab shows (`review_product_stats`) by a trigger on this table, so a
 * product's page of reviews never counts rows per request.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name shown with the review, as the shopper's profile had it when they wrote it. */
    authorName: text('author_name').notNull().default(''),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    pros: text('pros').notNull().default(''),
    cons: text('cons').notNull().default(''),
    /** The language the review was written in (`ru` or `kk`). */
    lang: text('lang').notNull().default('ru'),
    status: text('status').$type<ReviewStatus>().notNull().default('NEW'),
    /** Why the moderation rule held the review, or why a moderator rejected it. */
    moderationNote: text('moderation_note'),
    /** The author had received an order holding this product when writing. */
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    /** At least one photo or video: the `wPhoto` filter and its count read this, not the media rows. */
    hasMedia: boolean('has_media').notNull().default(false),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    // A product's public page, newest first (mood new, positive, negative, wPhoto filter this one).
    index('reviews_public_newest_idx')
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'APPROVED'`),
    index('reviews_user_idx').on(t.userId, t.createdAt.desc()),
    index('reviews_moderation_queue_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('NEW', 'NEED_APPROVE')`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_likes_check', sql`${t.likes} >= 0 and ${t.dislikes} >= 0`),
  ],
)

/** A photo or video of a review; the file itself is the media module's (`id` is its image or video id). */
export const reviewMedia = pgTable(
  'review_media',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    kind: text('kind').$type<ReviewMediaKind>().notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.mediaId] }),
    index('review_media_review_idx').on(t.reviewId, t.position),
  ],
)

/** One reaction per shopper and review; changing it replaces the row. */
export const reviewReactions = pgTable(
  'review_reactions',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ReviewReactionType>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    check('review_reactions_type_check', sql`${t.type} in ('LIKE', 'DISLIKE')`),
  ],
)

/**
 * The approved reviews of a product, counted: what the reviews tab's summary and filter counts show,
 * kept by the `reviews_product_stats` trigger in the same transaction as the review's change.
 */
export const reviewProductStats = pgTable(
  'review_product_stats',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    starsOne: integer('stars_one').notNull().default(0),
    starsTwo: integer('stars_two').notNull().default(0),
    starsThree: integer('stars_three').notNull().default(0),
    starsFour: integer('stars_four').notNull().default(0),
    starsFive: integer('stars_five').notNull().default(0),
    withMedia: integer('with_media').notNull().default(0),
    /**
     * False once the counts changed and until `products.rating`/`review_count` (which listings sort by)
     * have been brought level: they are copied in batches, since each write to `products` makes every
     * process rebuild its catalogue index.
     */
    synced: boolean('synced').notNull().default(false),
  },
  (t) => [
    index('review_product_stats_unsynced_idx')
      .on(t.productId)
      .where(sql`not ${t.synced}`),
  ],
)

/**
 * Staff roles of an account (the store's shoppers have none). `moderator` may approve and reject
 * reviews; granted by `npm run moderate -- grant <phone>`.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
)
