import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Lang } from '../../../contract/common'
import type {
  MyReviews,
  NewReview,
  ProductReviews,
  Review,
  ReviewInput,
  ReviewMood,
  ReviewReactions,
  ReviewReactionType,
} from '../../../contract/reviews'
import { FEEDBACK_V2, REVIEW_PAGE_SIZE } from '../../../contract/values/reviews'
import { api } from '../../data/api'
import type { Enqueued } from '../../data/outbox-item'
import { outboxMutation } from '../../data/outbox-mutation'
import { getAccessToken } from '../../data/auth-tokens'

/** The shopper's own data: dropped on sign-in and sign-out, never written to IndexedDB. */
const USER = { user: true }

/**
 * A product's page of approved reviews; the signed-in shopper's answer carries their own reactions, so it
 * is theirs: another shopper signing in on the device, or the same one reloading, asks the server again.
 */
export const productReviewsQuery = (
  sku: string,
  mood: ReviewMood,
  page: number,
  lang: Lang,
  signedIn: boolean,
) =>
  queryOptions({
    queryKey: ['reviews', 'product', sku, mood, page, lang, signedIn],
    meta: signedIn ? USER : undefined,
    queryFn: ({ signal }) =>
      api.get<ProductReviews>(`${FEEDBACK_V2}/reviews/products/${encodeURIComponent(sku)}`, {
        query: { mood, page: String(page), limit: String(REVIEW_PAGE_SIZE) },
        signal,
      }),
    staleTime: 30_000,
  })

/** The shopper's own reviews (the account's reviews section). */
export const myReviewsQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['reviews', 'mine', lang],
    meta: USER,
    queryFn: ({ signal }) => api.get<MyReviews>(`${FEEDBACK_V2}/reviews`, { signal }),
  })

export const myReviewQuery = (id: number, lang: Lang) =>
  queryOptions({
    queryKey: ['reviews', 'mine', 'one', id, lang],
    meta: USER,
    queryFn: ({ signal }) => api.get<Review>(`${FEEDBACK_V2}/reviews/${id}`, { signal }),
  })

export const writeReview = (review: NewReview) => api.post<Review>(`${FEEDBACK_V2}/reviews`, review)
export const editReview = (id: number, review: ReviewInput) =>
  api.put<Review>(`${FEEDBACK_V2}/reviews/${id}`, review)

/** The counts after the shopper's reaction moves from what it was to `next` (null: none). */
export function reacted(reactions: ReviewReactions, next: ReviewReactionType | null): ReviewReactions {
  let { likes, dislikes } = reactions
  if (reactions.your_reaction === 'LIKE') likes--
  if (reactions.your_reaction === 'DISLIKE') dislikes--
  if (next === 'LIKE') likes++
  if (next === 'DISLIKE') dislikes++
  return { likes, dislikes, your_reaction: next ?? '' }
}

/**
 * The shopper's reaction to a review goes through the outbox, as cart and wishlist changes do: shown on
 * the product's reviews at once, sent once when the network is there (offline too), the last of quick
 * taps on one review replacing those still waiting, and the reviews read again once it has settled.
 */
export function setReaction(
  queryClient: QueryClient,
  sku: string,
  review: Pick<Review, 'id' | 'reactions'>,
  next: ReviewReactionType | null,
): Enqueued {
  const key = ['reviews', 'product', sku]
  return outboxMutation(queryClient, {
    kind: 'review.reaction',
    method: next ? 'POST' : 'DELETE',
    path: `${FEEDBACK_V2}/reviews/${review.id}/reactions`,
    ...(next && { query: { type: next } }),
    dedupeKey: `review-reaction:${review.id}`,
    invalidate: [key],
    apply: (client) =>
      client.setQueriesData<ProductReviews>({ queryKey: key }, (data) =>
        data
          ? {
              ...data,
              reviews: data.reviews.map((r) =>
                r.id === review.id ? { ...r, reactions: reacted(r.reactions, next) } : r,
              ),
            }
          : data,
      ),
    rollback: (client) => void client.invalidateQueries({ queryKey: key }),
  })
}

export const removePhoto = (id: number, mediaId: string) =>
  api.delete<Review>(`${FEEDBACK_V2}/reviews/${id}/images`, { query: { media_id: mediaId } })

export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed with ${status}`)
  }
}

/**
 * Sends a photo as the request's body with XMLHttpRequest, the one browser API that reports upload
 * progress (fetch does not); `onProgress` gets 0-1.
 */
export function uploadPhoto(
  id: number,
  file: Blob,
  lang: Lang,
  onProgress: (share: number) => void,
): Promise<Review> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', `${FEEDBACK_V2}/reviews/${id}/images`)
    const token = getAccessToken()
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.setRequestHeader('accept-language', lang)
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      if (xhr.status === 200) resolve(JSON.parse(xhr.responseText) as Review)
      else reject(new UploadError(xhr.status))
    }
    xhr.onerror = () => reject(new UploadError(0))
    xhr.send(file)
  })
}

/** The share of 4- and 5-star reviews as a percent with one decimal (spec 9), e.g. "87,5". */
export function positiveShare(stars: ProductReviews['rating_and_stars'], count: number): number {
  if (count === 0) return 0
  return Math.round(((stars.stars_four + stars.stars_five) / count) * 1000) / 10
}
