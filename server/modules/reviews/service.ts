import type { Lang } from '../../../contract/common'
import { imageUrl, VIDEO_BASE } from '../../../contract/media'
import {
  MODERATOR_ROLE,
  REVIEW_MAX_IMAGES,
  REVIEW_MAX_VIDEOS,
  type ModerationQueue,
  type MyReviews,
  type ProductReviews,
  type ProductReviewsQuery,
  type Review,
  type ReviewMediaKind,
  type ReviewReactions,
  type ReviewReactionType,
  type ReviewStatus,
} from '../../../contract/reviews'
import type { AuthUser } from '../../http/auth'
import type { DeviceMutation } from '../../http/device-mutations'
import { conflict, notFound, unprocessable } from '../../http/errors'
import type { AuditActor, AuditEntry } from '../audit'
import type { StoredUpload } from '../media'
import { createKeptAnswers } from './kept-answers'
import { holdReason } from './moderation-rule'
import type { ProductRef, ReviewFields, ReviewRow, ReviewsRepo, StatsRow } from './repo'

/** What the information centre (or anyone) learns when a moderator approves or rejects a review. */
export interface ReviewModerated {
  reviewId: number
  userId: string
  productId: number
  productSku: string
  productTitle: { ru: string; kk: string }
  status: 'APPROVED' | 'REJECTED'
  note: string | null
}

export type ReviewModeratedListener = (event: ReviewModerated) => void | Promise<void>

/** The media module's uploads as reviews use them (`app.uploads`). */
export interface ReviewUploads {
  storeImage(bytes: Buffer, ownerUserId: string | null): Promise<StoredUpload>
  storeVideo(bytes: Buffer, ownerUserId: string | null): Promise<StoredUpload>
  remove(id: string): Promise<void>
}

export interface ReviewsServiceOptions {
  repo: ReviewsRepo
  uploads: ReviewUploads
  /** Called once a decision is stored; its failure is logged and never undoes the decision. */
  onModerated?: ReviewModeratedListener
  log?: { warn(obj: object, msg: string): void }
  /** Records moderators' decisions in the audit log. */
  audit: (entry: AuditEntry) => Promise<void>
  /** How long a guest's answer for a product's reviews is kept (kept-answers.ts); 0 keeps none. */
  keepGuestAnswersMs?: number
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString()

function mediaOf(row: ReviewRow): Review['media'] {
  const media = typeof row.media === 'string' ? (JSON.parse(row.media) as ReviewRow['media']) : row.media
  if (typeof media === 'string') return []
  return media.map((m) => ({
    id: m.id,
    type: m.kind,
    url: m.kind === 'image' ? imageUrl(m.id, 800) : `${VIDEO_BASE}/${encodeURIComponent(m.id)}`,
  }))
}

function toReview(row: ReviewRow, product: ProductRef, lang: Lang): Review {
  return {
    id: row.id,
    rating: row.rating,
    status: row.status,
    text: row.text,
    pros: row.pros,
    cons: row.cons,
    author: row.author_name,
    verified_purchase: row.verified_purchase,
    product: {
      title: lang === 'kk' ? product.title_kk : product.title_ru,
      images: product.images ?? [],
      sku: product.sku,
      uri: product.uri,
      type: product.type,
    },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    reactions: { likes: row.likes, dislikes: row.dislikes, your_reaction: row.your_reaction ?? '' },
    media: mediaOf(row),
  }
}

const EMPTY_STATS: StatsRow = {
  count: 0,
  rating_sum: 0,
  stars_one: 0,
  stars_two: 0,
  stars_three: 0,
  stars_four: 0,
  stars_five: 0,
  with_media: 0,
}

/** Where a shopper's new or edited review goes: held by the rule, or waiting for a moderator. */
function moderationStart(fields: ReviewFields): { status: ReviewStatus; note: string | null } {
  const reason = holdReason(fields.text, fields.pros, fields.cons)
  return reason ? { status: 'NEED_APPROVE', note: reason } : { status: 'NEW', note: null }
}

export function createReviewsService({
  repo,
  uploads,
  onModerated,
  log,
  audit,
  keepGuestAnswersMs = 5_000,
}: ReviewsServiceOptions) {
  const kept = createKeptAnswers<ProductReviews>({ ttlMs: keepGuestAnswersMs })

  async function product(sku: string): Promise<ProductRef> {
    const found = await repo.productBySku(sku)
    if (!found) throw notFound()
    return found
  }

  async function withProducts(list: ReviewRow[], lang: Lang): Promise<Review[]> {
    const products = await repo.productsById([...new Set(list.map((r) => r.product_id))])
    return list.flatMap((r) => {
      const p = products.get(r.product_id)
      return p ? [toReview(r, p, lang)] : []
    })
  }

  async function ownReview(id: number, user: AuthUser, lang: Lang, changed = false): Promise<Review> {
    const row = await repo.byId(id, user.userId)
    if (row && changed) kept.forget(row.product_id)
    // Another shopper's review is as unknown as a missing one: its existence is not theirs to learn.
    if (!row || row.user_id !== user.userId) throw notFound()
    const [review] = await withProducts([row], lang)
    if (!review) throw notFound()
    return review
  }

  async function addMedia(id: number, user: AuthUser, bytes: Buffer, kind: ReviewMediaKind, lang: Lang) {
    const count = await repo.ownMediaCount(id, user.userId, kind)
    if (count === null) throw notFound()
    const max = kind === 'image' ? REVIEW_MAX_IMAGES : REVIEW_MAX_VIDEOS
    if (count >= max) throw unprocessable('reviews:tooManyFiles', { max })
    const stored =
      kind === 'image'
        ? await uploads.storeImage(bytes, user.userId)
        : await uploads.storeVideo(bytes, user.userId)
    const current = await repo.byId(id, user.userId)
    const { status, note } = moderationStart({
      rating: current?.rating ?? 1,
      text: current?.text ?? '',
      pros: current?.pros ?? '',
      cons: current?.cons ?? '',
    })
    const added = await repo.addMedia(id, user.userId, stored.id, kind, { status, note })
    if (!added) {
      await uploads.remove(stored.id)
      throw notFound()
    }
    return ownReview(id, user, lang, true)
  }

  return {
    async productReviews(
      sku: string,
      q: ProductReviewsQuery,
      viewer: string | null,
      lang: Lang,
    ): Promise<ProductReviews> {
      const key = `${q.mood}|${q.page}|${q.limit}|${q.with_photo}|${lang}`
      const answered = viewer === null ? kept.get(sku, key) : undefined
      if (answered) return answered
      const p = await product(sku)
      const withPhoto = q.with_photo === 'true'
      const [stats, page] = await Promise.all([
        repo.stats(p.id).then((s) => s ?? EMPTY_STATS),
        repo.publicPage({
          productId: p.id,
          mood: q.mood,
          withPhoto,
          limit: q.limit,
          offset: (q.page - 1) * q.limit,
          viewer,
        }),
      ])
      const filterCount = {
        all: stats.count,
        new: stats.count,
        positive: stats.stars_four + stats.stars_five,
        negative: stats.stars_one + stats.stars_two,
        wPhoto: stats.with_media,
      }
      // The kept counts answer every filter but a mood narrowed to photos, which is counted.
      const count =
        withPhoto && q.mood !== 'wPhoto' && filterCount[q.mood] > 0
          ? await repo.countPublic(p.id, q.mood, true)
          : withPhoto
            ? filterCount.wPhoto
            : filterCount[q.mood]
      const answer: ProductReviews = {
        count,
        page: q.page,
        limit: q.limit,
        rating_and_stars: {
          rating: stats.count ? Math.round((stats.rating_sum / stats.count) * 10) / 10 : 0,
          stars_one: stats.stars_one,
          stars_two: stats.stars_two,
          stars_three: stats.stars_three,
          stars_four: stats.stars_four,
          stars_five: stats.stars_five,
        },
        reviews: page.map((r) => toReview(r, p, lang)),
        filterCount,
      }
      if (viewer === null) kept.set(sku, p.id, key, answer)
      return answer
    },

    async create(user: AuthUser, input: ReviewFields & { sku: string }, lang: Lang): Promise<Review> {
      const p = await product(input.sku)
      const { status, note } = moderationStart(input)
      const [verifiedPurchase, authorName] = await Promise.all([
        repo.hasReceived(user.userId, p.sku),
        repo.authorName(user.userId),
      ])
      const id = await repo.insert({
        productId: p.id,
        userId: user.userId,
        authorName,
        lang,
        rating: input.rating,
        text: input.text,
        pros: input.pros,
        cons: input.cons,
        status,
        note,
        verifiedPurchase,
      })
      if (id === null) throw conflict('reviews:alreadyReviewed')
      return ownReview(id, user, lang)
    },

    get: ownReview,

    async update(id: number, user: AuthUser, input: ReviewFields, lang: Lang): Promise<Review> {
      const { status, note } = moderationStart(input)
      if (!(await repo.update(id, user.userId, { ...input, status, note }))) throw notFound()
      return ownReview(id, user, lang, true)
    },

    async mine(user: AuthUser, lang: Lang): Promise<MyReviews> {
      const list = await withProducts(await repo.byAuthor(user.userId), lang)
      const statuses = (['NEW', 'NEED_APPROVE', 'APPROVED', 'REJECTED'] as const).map((status) => ({
        status,
        count: list.filter((r) => r.status === status).length,
      }))
      return { reviews: list, statuses }
    },

    addImage: (id: number, user: AuthUser, bytes: Buffer, lang: Lang) =>
      addMedia(id, user, bytes, 'image', lang),
    addVideo: (id: number, user: AuthUser, bytes: Buffer, lang: Lang) =>
      addMedia(id, user, bytes, 'video', lang),

    async removeMedia(id: number, user: AuthUser, mediaId: string, kind: ReviewMediaKind, lang: Lang) {
      if (!(await repo.removeMedia(id, user.userId, mediaId, kind))) throw notFound()
      await uploads.remove(mediaId)
      return ownReview(id, user, lang, true)
    },

    /** `device`: the outbox's numbering; a change the device made already answers the counts as they are. */
    async react(
      id: number,
      user: AuthUser,
      type: ReviewReactionType,
      device: DeviceMutation | null = null,
    ): Promise<ReviewReactions> {
      const row = await repo.byId(id, null)
      if (!row || row.status !== 'APPROVED') throw notFound()
      if (row.user_id === user.userId) throw unprocessable('reviews:ownReview')
      if (!(await repo.react(id, user.userId, type, device))) throw notFound()
      kept.forget(row.product_id)
      return this.reactions(id, user)
    },

    async unreact(
      id: number,
      user: AuthUser,
      device: DeviceMutation | null = null,
    ): Promise<ReviewReactions> {
      const productId = await repo.unreact(id, user.userId, device)
      if (productId === null) throw notFound()
      kept.forget(productId)
      return this.reactions(id, user)
    },

    async reactions(id: number, user: AuthUser | null): Promise<ReviewReactions> {
      const row = await repo.reactions(id, user?.userId ?? null)
      if (!row) throw notFound()
      return { likes: row.likes, dislikes: row.dislikes, your_reaction: row.your_reaction ?? '' }
    },

    async queue(statuses: ReviewStatus[], limit: number, lang: Lang): Promise<ModerationQueue> {
      const list = await repo.moderationQueue(statuses, limit)
      const reviews = await withProducts(list, lang)
      const notes = new Map(list.map((r) => [r.id, r.moderation_note]))
      return { reviews: reviews.map((r) => ({ ...r, moderation_note: notes.get(r.id) ?? null })) }
    },

    /** Approves or rejects a waiting review; 404 when there is none waiting with this id. */
    async moderate(
      id: number,
      status: 'APPROVED' | 'REJECTED',
      note: string | null,
      by: AuditActor,
    ): Promise<ReviewModerated> {
      const decided = await repo.decide(id, status, note)
      if (!decided) throw notFound()
      await audit({
        ...by,
        action: status === 'APPROVED' ? 'review.approve' : 'review.reject',
        subjectKind: 'review',
        subjectId: String(decided.id),
        details: { note, productId: decided.product_id },
      })
      kept.forget(decided.product_id)
      const [p] = (await repo.productsById([decided.product_id])).values()
      const event: ReviewModerated = {
        reviewId: decided.id,
        userId: decided.user_id,
        productId: decided.product_id,
        productSku: p?.sku ?? '',
        productTitle: { ru: p?.title_ru ?? '', kk: p?.title_kk ?? '' },
        status,
        note,
      }
      if (onModerated) {
        try {
          await onModerated(event)
        } catch (err) {
          log?.warn({ err, reviewId: id }, 'review moderation listener failed')
        }
      }
      return event
    },

    isModerator: (user: AuthUser) => repo.hasRole(user.userId, MODERATOR_ROLE),
    syncProductRatings: () => repo.syncProductRatings(),
  }
}

export type ReviewsService = ReturnType<typeof createReviewsService>
