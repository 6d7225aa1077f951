import { z } from 'zod'
import { text } from './common'
import {
  REVIEW_MEDIA_KINDS,
  REVIEW_MOODS,
  REVIEW_PAGE_SIZE,
  REVIEW_PROS_CONS_MAX,
  REVIEW_REACTION_TYPES,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
} from './values/reviews'

export * from './values/reviews'

export const ReviewStatus = z.enum(REVIEW_STATUSES)
export type ReviewStatus = z.infer<typeof ReviewStatus>
export const ReviewMood = z.enum(REVIEW_MOODS)
export type ReviewMood = z.infer<typeof ReviewMood>
export const ReviewReactionType = z.enum(REVIEW_REACTION_TYPES)
export type ReviewReactionType = z.infer<typeof ReviewReactionType>

export const ReviewId = z.coerce.number().int().min(1).max(2_147_483_647)
export const ReviewParams = z.object({ id: ReviewId })
export const ProductReviewsParams = z.object({ sku: text().min(1).max(40) })

export const ProductReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(REVIEW_PAGE_SIZE),
  /** 1 is the first page. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  mood: ReviewMood.default('all'),
  /** `true` keeps only reviews with a photo or video, whatever the mood. */
  with_photo: z.enum(['true', 'false']).optional(),
})
export type ProductReviewsQuery = z.output<typeof ProductReviewsQuery>

export const ReviewMedia = z.object({
  id: z.string(),
  type: z.enum(REVIEW_MEDIA_KINDS),
  /** For an image, its id at the image service (`/f3/api/v1/images/{w}/{h}/{id}.webp`); a video's address. */
  url: z.string(),
})
export type ReviewMedia = z.infer<typeof ReviewMedia>

export const ReviewReactions = z.object({
  likes: z.number().int(),
  dislikes: z.number().int(),
  /** The signed-in shopper's own reaction; empty for none or a guest. */
  your_reaction: z.enum(['LIKE', 'DISLIKE', '']),
})
export type ReviewReactions = z.infer<typeof ReviewReactions>

export const ReviewProduct = z.object({
  title: z.string(),
  images: z.array(z.string()),
  sku: z.string(),
  uri: z.string(),
  type: z.string(),
})

export const Review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  status: ReviewStatus,
  text: z.string(),
  pros: z.string(),
  cons: z.string(),
  author: z.string(),
  verified_purchase: z.boolean(),
  product: ReviewProduct,
  created_at: z.string(),
  updated_at: z.string(),
  reactions: ReviewReactions,
  media: z.array(ReviewMedia),
})
export type Review = z.infer<typeof Review>

export const RatingAndStars = z.object({
  /** The average of the approved reviews, one decimal; 0 when there are none. */
  rating: z.number(),
  stars_one: z.number().int(),
  stars_two: z.number().int(),
  stars_three: z.number().int(),
  stars_four: z.number().int(),
  stars_five: z.number().int(),
})
export type RatingAndStars = z.infer<typeof RatingAndStars>

export const ReviewFilterCount = z.object({
  all: z.number().int(),
  negative: z.number().int(),
  new: z.number().int(),
  positive: z.number().int(),
  wPhoto: z.number().int(),
})
export type ReviewFilterCount = z.infer<typeof ReviewFilterCount>

export const ProductReviews = z.object({
  /** Reviews matching the mood and photo filter: what pagination pages through. */
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  rating_and_stars: RatingAndStars,
  reviews: z.array(Review),
  filterCount: ReviewFilterCount,
})
export type ProductReviews = z.infer<typeof ProductReviews>

export const ReviewInput = z.object({
  rating: z.number().int().min(1).max(5),
  text: text().trim().min(1).max(REVIEW_TEXT_MAX),
  pros: text().trim().max(REVIEW_PROS_CONS_MAX).default(''),
  cons: text().trim().max(REVIEW_PROS_CONS_MAX).default(''),
})
export type ReviewInput = z.input<typeof ReviewInput>

export const NewReview = ReviewInput.extend({ sku: text().min(1).max(40) })
export type NewReview = z.input<typeof NewReview>

export const ReactionQuery = z.object({ type: ReviewReactionType })

export const MediaQuery = z.object({ media_id: text().min(1).max(100) })

export const MyReviews = z.object({
  reviews: z.array(Review),
  statuses: z.array(z.object({ status: ReviewStatus, count: z.number().int() })),
})
export type MyReviews = z.infer<typeof MyReviews>

export const ModerationQueueQuery = z.object({
  status: z.enum(['NEW', 'NEED_APPROVE']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export const ModerationQueueItem = Review.extend({ moderation_note: z.string().nullable() })
export const ModerationQueue = z.object({ reviews: z.array(ModerationQueueItem) })
export type ModerationQueue = z.infer<typeof ModerationQueue>

export const ModerationDecision = z.object({
  status: z.enum(['APPROVED', 'REJECTED']),
  /** Why it was rejected; the shopper sees it. */
  note: text().max(500).optional(),
})
export type ModerationDecision = z.infer<typeof ModerationDecision>
