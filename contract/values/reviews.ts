/** The reviews service's base path, code lists and limits (spec 3 "Review", 7.3, 9); schemas in contract/reviews.ts. */

export const FEEDBACK_V2 = '/feedback/api/v2'

/** NEW waits for a moderator; NEED_APPROVE was held by the rule (links, banned words); only APPROVED is public. */
export const REVIEW_STATUSES = ['NEW', 'NEED_APPROVE', 'APPROVED', 'REJECTED'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/**
 * The reviews tab's filters: `all` puts the most helpful first, `new` the newest, `positive` is 4-5 stars,
 * `negative` 1-2 stars, `wPhoto` those with a photo or video (the last three newest first).
 */
export const REVIEW_MOODS = ['all', 'negative', 'new', 'positive', 'wPhoto'] as const
export type ReviewMood = (typeof REVIEW_MOODS)[number]

export const REVIEW_REACTION_TYPES = ['LIKE', 'DISLIKE'] as const
export type ReviewReactionType = (typeof REVIEW_REACTION_TYPES)[number]

export const REVIEW_MEDIA_KINDS = ['image', 'video'] as const
export type ReviewMediaKind = (typeof REVIEW_MEDIA_KINDS)[number]

export const REVIEW_PAGE_SIZE = 10
export const REVIEW_TEXT_MAX = 5000
export const REVIEW_PROS_CONS_MAX = 1000
/** Photos and videos per review. */
export const REVIEW_MAX_IMAGES = 10
export const REVIEW_MAX_VIDEOS = 2
/** Largest photo and video upload, in bytes. */
export const REVIEW_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const REVIEW_VIDEO_MAX_BYTES = 50 * 1024 * 1024
/** What an upload may be, judged by its bytes; the request's Content-Type is only a hint. */
export const REVIEW_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const REVIEW_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const

/** The moderator's role (`user_roles.role`). */
export const MODERATOR_ROLE = 'moderator'
