import { z } from 'zod'
import { ErrorBody } from '../../../contract/common'
import {
  FEEDBACK_V2,
  MediaQuery,
  ModerationDecision,
  ModerationQueue,
  ModerationQueueQuery,
  MyReviews,
  NewReview,
  ProductReviews,
  ProductReviewsParams,
  ProductReviewsQuery,
  ReactionQuery,
  Review,
  ReviewInput,
  ReviewParams,
  ReviewReactions,
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_VIDEO_MAX_BYTES,
} from '../../../contract/reviews'
import { optionalUser, requireUser } from '../../http/auth'
import { deviceMutationOf } from '../../http/device-mutations'
import { forbidden } from '../../http/errors'
import type { App, ModuleRegistration } from '../../http/types'
import { createReviewsRepo } from './repo'
import { createReviewsService, type ReviewModeratedListener, type ReviewsService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Reviews: the moderation command and tests reach the service through it. */
    reviews: ReviewsService
  }
}

export interface ReviewsModuleOptions {
  /** Told of every approval and rejection (the information centre plugs in here). */
  onModerated?: (app: App) => ReviewModeratedListener
  /** How often `products.rating`/`review_count` catch up with moderated reviews; 0 turns it off. */
  ratingSyncMs?: number
}

const PRIVATE = 'private, no-store'
const own = { security: [{ bearer: [] }] }

/** Spec 7.3: the feedback service v2, with moderation behind the moderator role. */
export function reviewsModule(options: ReviewsModuleOptions = {}): ModuleRegistration {
  return (app, { database }) => {
    const reviews = createReviewsService({
      repo: createReviewsRepo(database.db),
      uploads: app.uploads,
      onModerated: options.onModerated?.(app),
      log: app.log,
      audit: (entry) => app.audit.record(entry),
    })
    app.decorate('reviews', reviews)

    // Listings sort by rating: catch them up in batches, as each write to products rebuilds the
    // catalogue index of every process.
    const every = options.ratingSyncMs ?? 30_000
    if (every > 0) {
      const sync = setInterval(() => {
        reviews
          .syncProductRatings()
          .catch((err: unknown) => app.log.warn({ err }, 'review rating sync failed'))
      }, every)
      sync.unref()
      app.addHook('onClose', async () => clearInterval(sync))
    }

    app.get(
      `${FEEDBACK_V2}/reviews/products/:sku`,
      {
        schema: {
          tags: ['reviews'],
          summary: "A product's approved reviews, 10 a page, with the rating summary and each filter's count",
          params: ProductReviewsParams,
          querystring: ProductReviewsQuery,
          response: { 200: ProductReviews, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const user = await optionalUser(req)
        // A guest's answer is the same for everyone; a shopper's carries their own reactions.
        reply.header('cache-control', user ? PRIVATE : 'public, max-age=30')
        return reviews.productReviews(req.params.sku, req.query, user?.userId ?? null, req.lang)
      },
    )

    app.get(
      `${FEEDBACK_V2}/reviews`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: "The signed-in shopper's reviews, newest first, with a count per status",
          response: { 200: MyReviews, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req)
        reply.header('cache-control', PRIVATE)
        return reviews.mine(user, req.lang)
      },
    )

    app.post(
      `${FEEDBACK_V2}/reviews`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: 'Writes a review (one per shopper and product); it waits for moderation',
          body: NewReview,
          response: { 201: Review, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req)
        const review = await reviews.create(user, req.body, req.lang)
        return reply.code(201).header('cache-control', PRIVATE).send(review)
      },
    )

    app.get(
      `${FEEDBACK_V2}/reviews/:id`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: "One of the shopper's own reviews, whatever its status",
          params: ReviewParams,
          response: { 200: Review, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req)
        reply.header('cache-control', PRIVATE)
        return reviews.get(req.params.id, user, req.lang)
      },
    )

    app.put(
      `${FEEDBACK_V2}/reviews/:id`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: "Edits the shopper's own review; it goes back to moderation",
          params: ReviewParams,
          body: ReviewInput,
          response: { 200: Review, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req)
        reply.header('cache-control', PRIVATE)
        return reviews.update(req.params.id, user, req.body, req.lang)
      },
    )

    app.post(
      `${FEEDBACK_V2}/reviews/:id/reactions`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: 'Likes or dislikes an approved review: one reaction per shopper, a second replaces it',
          params: ReviewParams,
          querystring: ReactionQuery,
          response: { 200: ReviewReactions, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody },
        },
      },
      async (req) =>
        reviews.react(req.params.id, await requireUser(req), req.query.type, deviceMutationOf(req)),
    )

    app.delete(
      `${FEEDBACK_V2}/reviews/:id/reactions`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: "Takes the shopper's reaction back",
          params: ReviewParams,
          response: { 200: ReviewReactions, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => reviews.unreact(req.params.id, await requireUser(req), deviceMutationOf(req)),
    )

    // Uploads are the file's bytes as the body (any Content-Type; the bytes decide what it is), so
    // the browser can report progress and nothing is parsed twice. Their parser lives in this scope only.
    app.register(async (uploadsScope: App) => {
      uploadsScope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
      const media = [
        { path: 'images', kind: 'image', limit: REVIEW_IMAGE_MAX_BYTES, what: 'a photo (JPEG, PNG or WebP)' },
        { path: 'videos', kind: 'video', limit: REVIEW_VIDEO_MAX_BYTES, what: 'a video (mp4 or webm)' },
      ] as const
      for (const m of media) {
        uploadsScope.put(
          `${FEEDBACK_V2}/reviews/:id/${m.path}`,
          {
            bodyLimit: m.limit,
            schema: {
              ...own,
              tags: ['reviews'],
              summary: `Adds ${m.what} to the shopper's own review, sent as the request body; the review goes back to moderation`,
              params: ReviewParams,
              response: {
                200: Review,
                400: ErrorBody,
                401: ErrorBody,
                404: ErrorBody,
                413: ErrorBody,
                415: ErrorBody,
                422: ErrorBody,
              },
            },
          },
          async (req, reply) => {
            const user = await requireUser(req)
            const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
            reply.header('cache-control', PRIVATE)
            return m.kind === 'image'
              ? reviews.addImage(req.params.id, user, body, req.lang)
              : reviews.addVideo(req.params.id, user, body, req.lang)
          },
        )
        uploadsScope.delete(
          `${FEEDBACK_V2}/reviews/:id/${m.path}`,
          {
            schema: {
              ...own,
              tags: ['reviews'],
              summary: `Removes one ${m.kind} of the shopper's own review`,
              params: ReviewParams,
              querystring: MediaQuery,
              response: { 200: Review, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
            },
          },
          async (req, reply) => {
            const user = await requireUser(req)
            reply.header('cache-control', PRIVATE)
            return reviews.removeMedia(req.params.id, user, req.query.media_id, m.kind, req.lang)
          },
        )
      }
    })

    async function requireModerator(req: Parameters<typeof requireUser>[0]) {
      const user = await requireUser(req)
      if (!(await reviews.isModerator(user))) throw forbidden()
      return user
    }

    app.get(
      `${FEEDBACK_V2}/moderation/reviews`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: 'Reviews waiting for a moderator, oldest first (moderator role)',
          querystring: ModerationQueueQuery,
          response: { 200: ModerationQueue, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (req, reply) => {
        await requireModerator(req)
        reply.header('cache-control', PRIVATE)
        const statuses = req.query.status ? [req.query.status] : (['NEW', 'NEED_APPROVE'] as const)
        return reviews.queue([...statuses], req.query.limit, req.lang)
      },
    )

    app.post(
      `${FEEDBACK_V2}/moderation/reviews/:id`,
      {
        schema: {
          ...own,
          tags: ['reviews'],
          summary: 'Approves or rejects a waiting review (moderator role)',
          params: ReviewParams,
          body: ModerationDecision,
          response: {
            204: z.null(),
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (req, reply) => {
        const moderator = await requireModerator(req)
        await reviews.moderate(req.params.id, req.body.status, req.body.note ?? null, {
          actorKind: 'staff',
          actorId: moderator.userId,
          ip: req.ip,
        })
        return reply.code(204).send(null)
      },
    )
  }
}
