import { sql, type SQL } from 'drizzle-orm'
import type { ReviewMediaKind, ReviewMood, ReviewReactionType, ReviewStatus } from '../../../contract/reviews'
import type { Db } from '../../db/connection'
import { preparedRows, rows } from '../../db/rows'
import { claimDeviceMutation, type DeviceMutation } from '../../http/device-mutations'

export interface ProductRef {
  id: number
  sku: string
  uri: string
  type: string
  title_ru: string
  title_kk: string
  images: string[] | null
}

export interface ReviewRow {
  id: number
  product_id: number
  user_id: string
  rating: number
  status: ReviewStatus
  text: string
  pros: string
  cons: string
  author_name: string
  verified_purchase: boolean
  likes: number
  dislikes: number
  moderation_note: string | null
  created_at: Date | string
  updated_at: Date | string
  your_reaction: ReviewReactionType | null
  media: { id: string; kind: ReviewMediaKind }[] | string
}

export interface StatsRow {
  count: number
  rating_sum: number
  stars_one: number
  stars_two: number
  stars_three: number
  stars_four: number
  stars_five: number
  with_media: number
}

export interface ReviewFields {
  rating: number
  text: string
  pros: string
  cons: string
}

/** The columns every answer about a review reads, the viewer's own reaction and the media in order. */
const reviewColumns = (viewer: string | null) => sql`
  r.id, r.product_id, r.user_id, r.rating, r.status, r.text, r.pros, r.cons, r.author_name,
  r.verified_purchase, r.likes, r.dislikes, r.moderation_note, r.created_at, r.updated_at,
  (select x.type from review_reactions x where x.review_id = r.id and x.user_id = ${viewer}::uuid) as your_reaction,
  coalesce((select json_agg(json_build_object('id', m.media_id, 'kind', m.kind) order by m.position)
            from review_media m where m.review_id = r.id), '[]'::json) as media`

const productColumns = sql`
  p.id, p.sku, p.uri, p.type, p.title_ru, p.title_kk,
  (select array_agg(i.id order by i.position) from images i where i.product_id = p.id) as images`

function moodFilter(mood: ReviewMood, withPhoto: boolean): SQL {
  const parts: SQL[] = []
  if (mood === 'positive') parts.push(sql`and r.rating >= 4`)
  if (mood === 'negative') parts.push(sql`and r.rating <= 2`)
  if (mood === 'wPhoto' || withPhoto) parts.push(sql`and r.has_media`)
  return sql.join(parts, sql` `)
}

export function createReviewsRepo(db: Db) {
  return {
    async productBySku(sku: string): Promise<ProductRef | null> {
      const [row] = await preparedRows<ProductRef & Record<string, unknown>>(
        db,
        'reviews_product_by_sku',
        sql`select ${productColumns} from products p where p.sku = ${sku}`,
      )
      return row ?? null
    },

    async productsById(ids: number[]): Promise<Map<number, ProductRef>> {
      if (ids.length === 0) return new Map()
      const found = await rows<ProductRef & Record<string, unknown>>(
        db,
        sql`select ${productColumns} from products p where p.id = any(${`{${ids.join(',')}}`}::int[])`,
      )
      return new Map(found.map((p) => [p.id, p]))
    },

    async stats(productId: number): Promise<StatsRow | null> {
      const [row] = await preparedRows<StatsRow & Record<string, unknown>>(
        db,
        'reviews_product_stats',
        sql`select count, rating_sum, stars_one, stars_two, stars_three, stars_four, stars_five, with_media
            from review_product_stats where product_id = ${productId}`,
      )
      return row ?? null
    },

    /** A page of a product's approved reviews: `all` the most helpful first, the other moods newest first. */
    async publicPage(opts: {
      productId: number
      mood: ReviewMood
      withPhoto: boolean
      limit: number
      offset: number
      viewer: string | null
    }): Promise<ReviewRow[]> {
      const order =
        opts.mood === 'all'
          ? sql`(r.likes - r.dislikes) desc, r.created_at desc, r.id desc`
          : sql`r.created_at desc, r.id desc`
      return rows<ReviewRow & Record<string, unknown>>(
        db,
        sql`select ${reviewColumns(opts.viewer)} from reviews r
            where r.product_id = ${opts.productId} and r.status = 'APPROVED' ${moodFilter(opts.mood, opts.withPhoto)}
            order by ${order} limit ${opts.limit} offset ${opts.offset}`,
      )
    },

    /** Approved reviews of a product matching a filter: only for the photo filter combined with a mood. */
    async countPublic(productId: number, mood: ReviewMood, withPhoto: boolean): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from reviews r
            where r.product_id = ${productId} and r.status = 'APPROVED' ${moodFilter(mood, withPhoto)}`,
      )
      return row?.n ?? 0
    },

    async byId(id: number, viewer: string | null): Promise<ReviewRow | null> {
      const [row] = await rows<ReviewRow & Record<string, unknown>>(
        db,
        sql`select ${reviewColumns(viewer)} from reviews r where r.id = ${id}`,
      )
      return row ?? null
    },

    async byAuthor(userId: string): Promise<ReviewRow[]> {
      return rows<ReviewRow & Record<string, unknown>>(
        db,
        sql`select ${reviewColumns(userId)} from reviews r where r.user_id = ${userId}::uuid
            order by r.created_at desc, r.id desc limit 500`,
      )
    },

    async moderationQueue(statuses: ReviewStatus[], limit: number): Promise<ReviewRow[]> {
      return rows<ReviewRow & Record<string, unknown>>(
        db,
        sql`select ${reviewColumns(null)} from reviews r
            where r.status = any(${`{${statuses.join(',')}}`}::text[])
            order by r.created_at, r.id limit ${limit}`,
      )
    },

    /** Whether the shopper has received an order holding the product (a verified purchase). */
    async hasReceived(userId: string, sku: string): Promise<boolean> {
      const [row] = await rows<{ bought: boolean }>(
        db,
        sql`select exists (
              select 1 from orders o join order_items i on i.order_id = o.id
              where o.user_id = ${userId} and o.status = 'COMPLETED' and i.sku = ${sku}
            ) as bought`,
      )
      return row?.bought === true
    },

    /** Inserts the review, or returns null when this shopper has already reviewed the product. */
    async insert(
      review: ReviewFields & {
        productId: number
        userId: string
        authorName: string
        lang: string
        status: ReviewStatus
        note: string | null
        verifiedPurchase: boolean
      },
    ): Promise<number | null> {
      const [row] = await rows<{ id: number }>(
        db,
        sql`insert into reviews (product_id, user_id, author_name, rating, text, pros, cons, lang, status,
                                 moderation_note, verified_purchase)
            values (${review.productId}, ${review.userId}, ${review.authorName}, ${review.rating}, ${review.text},
                    ${review.pros}, ${review.cons}, ${review.lang}, ${review.status}, ${review.note},
                    ${review.verifiedPurchase})
            on conflict (product_id, user_id) do nothing
            returning id`,
      )
      return row?.id ?? null
    },

    /** Rewrites the author's own review and sends it back to moderation; false when it is not theirs. */
    async update(
      id: number,
      userId: string,
      fields: ReviewFields & { status: ReviewStatus; note: string | null },
    ) {
      const [row] = await rows<{ id: number }>(
        db,
        sql`update reviews set rating = ${fields.rating}, text = ${fields.text}, pros = ${fields.pros},
                               cons = ${fields.cons}, status = ${fields.status}, moderation_note = ${fields.note},
                               moderated_at = null, updated_at = now()
            where id = ${id} and user_id = ${userId}::uuid returning id`,
      )
      return row !== undefined
    },

    /** Whether the review is this shopper's, and how many photos and videos it has. */
    async ownMediaCount(id: number, userId: string, kind: ReviewMediaKind): Promise<number | null> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select (select count(*)::int from review_media m where m.review_id = r.id and m.kind = ${kind}) as n
            from reviews r where r.id = ${id} and r.user_id = ${userId}::uuid`,
      )
      return row ? row.n : null
    },

    /**
     * Adds a photo or video to the author's own review. A review with new media goes back to moderation:
     * a moderator has to see the picture too. False when the review is not theirs.
     */
    async addMedia(
      id: number,
      userId: string,
      mediaId: string,
      kind: ReviewMediaKind,
      moderation: { status: ReviewStatus; note: string | null },
    ) {
      return db.transaction(async (tx) => {
        const [own] = await rows<{ id: number }>(
          tx,
          sql`update reviews set has_media = true, status = ${moderation.status}, moderation_note = ${moderation.note},
                  moderated_at = null, updated_at = now()
              where id = ${id} and user_id = ${userId}::uuid returning id`,
        )
        if (!own) return false
        await tx.execute(sql`
          insert into review_media (review_id, media_id, kind, position)
          values (${id}, ${mediaId}, ${kind},
                  (select coalesce(max(position), -1) + 1 from review_media where review_id = ${id}))`)
        return true
      })
    },

    /** Removes one photo or video of the author's own review; false when there is no such one of theirs. */
    async removeMedia(id: number, userId: string, mediaId: string, kind: ReviewMediaKind) {
      return db.transaction(async (tx) => {
        const [gone] = await rows<{ media_id: string }>(
          tx,
          sql`delete from review_media m using reviews r
              where m.review_id = r.id and r.id = ${id} and r.user_id = ${userId}::uuid
                and m.media_id = ${mediaId} and m.kind = ${kind}
              returning m.media_id`,
        )
        if (!gone) return false
        await tx.execute(sql`
          update reviews set has_media = exists (select 1 from review_media where review_id = ${id}), updated_at = now()
          where id = ${id}`)
        return true
      })
    },

    /**
     * Sets the shopper's reaction to an approved review (one per shopper: a second replaces the first).
     * The counts move in the trigger, under the review's row lock. Null when there is no such public review.
     */
    async react(
      id: number,
      userId: string,
      type: ReviewReactionType,
      device: DeviceMutation | null = null,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // a change the device made already (or overtook) changes nothing; the review is still known
        const fresh = device === null || (await claimDeviceMutation(tx, device))
        const [row] = fresh
          ? await rows<{ review_id: number }>(
              tx,
              sql`insert into review_reactions (review_id, user_id, type)
                  select r.id, ${userId}::uuid, ${type} from reviews r where r.id = ${id} and r.status = 'APPROVED'
                  on conflict (review_id, user_id) do update set type = excluded.type
                    where review_reactions.type <> excluded.type
                  returning review_id`,
            )
          : []
        if (row) return true
        // Nothing written: an unknown review, or the same reaction again (which changes nothing).
        const [known] = await rows<{ id: number }>(
          tx,
          sql`select id from reviews where id = ${id} and status = 'APPROVED'`,
        )
        return known !== undefined
      })
    },

    /**
     * Takes the shopper's reaction back; the review's product, or null for an unknown or unpublished
     * review. With the device's number, only a number the device has not applied yet removes anything.
     */
    async unreact(id: number, userId: string, device: DeviceMutation | null = null): Promise<number | null> {
      return db.transaction(async (tx) => {
        if (device === null || (await claimDeviceMutation(tx, device)))
          await tx.execute(
            sql`delete from review_reactions where review_id = ${id} and user_id = ${userId}::uuid`,
          )
        const [known] = await rows<{ product_id: number }>(
          tx,
          sql`select product_id from reviews where id = ${id} and status = 'APPROVED'`,
        )
        return known?.product_id ?? null
      })
    },

    async reactions(id: number, userId: string | null) {
      const [row] = await rows<{ likes: number; dislikes: number; your_reaction: ReviewReactionType | null }>(
        db,
        sql`select r.likes, r.dislikes,
                   (select x.type from review_reactions x where x.review_id = r.id and x.user_id = ${userId}::uuid)
                     as your_reaction
            from reviews r where r.id = ${id}`,
      )
      return row ?? null
    },

    /** A moderator's decision on a review still waiting; null when there is no such review waiting. */
    async decide(id: number, status: 'APPROVED' | 'REJECTED', note: string | null) {
      const [row] = await rows<{ id: number; user_id: string; product_id: number }>(
        db,
        sql`update reviews set status = ${status}, moderation_note = ${note}, moderated_at = now()
            where id = ${id} and status in ('NEW', 'NEED_APPROVE')
            returning id, user_id, product_id`,
      )
      return row ?? null
    },

    /**
     * Copies the counts of products whose reviews changed into `products.rating` and `review_count`
     * (listings sort and show them). Returns how many products changed.
     */
    async syncProductRatings(): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = await rows<{ product_id: number }>(
          tx,
          sql`update review_product_stats set synced = true where not synced returning product_id`,
        )
        if (changed.length === 0) return 0
        const moved = await rows<{ id: number }>(
          tx,
          sql`update products p
              set rating = case when s.count > 0 then round(s.rating_sum::numeric / s.count, 1) else 0 end,
                  review_count = s.count
              from review_product_stats s
              where s.product_id = p.id and s.product_id = any(${`{${changed.map((c) => c.product_id).join(',')}}`}::int[])
                and (p.review_count <> s.count
                     or p.rating <> case when s.count > 0 then round(s.rating_sum::numeric / s.count, 1) else 0 end)
              returning p.id`,
        )
        return moved.length
      })
    },

    async hasRole(userId: string, role: string): Promise<boolean> {
      const [row] = await rows<{ yes: boolean }>(
        db,
        sql`select exists (select 1 from user_roles where user_id = ${userId}::uuid and role = ${role}) as yes`,
      )
      return row?.yes === true
    },

    /** Grants a role to the account of a phone; false when there is no such account. */
    /** Gives the account of a phone the role; its id, or null when no account has the phone. */
    async grantRole(phone: string, role: string): Promise<string | null> {
      const [row] = await rows<{ user_id: string }>(
        db,
        sql`insert into user_roles (user_id, role) select id, ${role} from users where phone = ${phone}
            on conflict do nothing returning user_id`,
      )
      if (row) return row.user_id
      const [known] = await rows<{ id: string }>(db, sql`select id from users where phone = ${phone}`)
      return known?.id ?? null
    },

    async authorName(userId: string): Promise<string> {
      const [row] = await rows<{ name: string }>(
        db,
        sql`select trim(firstname || ' ' || left(lastname, 1) || case when lastname <> '' then '.' else '' end) as name
            from users where id = ${userId}::uuid`,
      )
      return row?.name ?? ''
    },
  }
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>
