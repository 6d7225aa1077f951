import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { use, useState } from 'react'
import type { ProductReviews, Review, ReviewMood } from '../../../contract/reviews'
import { REVIEW_MOODS, REVIEW_PAGE_SIZE } from '../../../contract/values/reviews'
import { settled } from '../../data/outbox-mutation'
import { formatNumber } from '../../i18n/format'
import { useSignedIn } from '../../session/session'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { useStoreLocation } from '../../url/store-location'
import { loadFeatureMessages } from '../../i18n/feature-messages'
import { productReviewsQuery, positiveShare, setReaction } from './queries'
import { ReviewCard, StarRow } from './review-card'
import { ReviewForm } from './review-form'
import styles from './reviews.module.css'

function Summary({ data }: { data: ProductReviews }) {
  const { t } = useLingui()
  const stars = data.rating_and_stars
  const total = data.filterCount.all
  const rows = [
    [5, stars.stars_five],
    [4, stars.stars_four],
    [3, stars.stars_three],
    [2, stars.stars_two],
    [1, stars.stars_one],
  ] as const
  const positive = formatNumber(positiveShare(stars, total), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  return (
    <section className={styles.summary} data-testid="reviews-summary">
      <div className={styles.average}>
        <b>{formatNumber(stars.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</b>
        <StarRow rating={Math.round(stars.rating)} />
        <span data-testid="positive-share">{t`${positive}% покупателей рекомендуют`}</span>
      </div>
      <ul className={styles.bars}>
        {rows.map(([n, count]) => (
          <li key={n}>
            <span>{n} ★</span>
            <span className={styles.bar}>
              <span style={{ width: `${total ? (count / total) * 100 : 0}%` }} />
            </span>
            <span>{formatNumber(count)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Reactions({ review, sku }: { review: Review; sku: string }) {
  const { t } = useLingui()
  const signedIn = useSignedIn()
  const queryClient = useQueryClient()
  const mine = review.reactions.your_reaction
  function choose(type: 'LIKE' | 'DISLIKE') {
    if (!signedIn) {
      // Spec 5 and 8: reactions need a signed-in shopper (profile:pleaseAuthorize).
      toast.show({ status: 'warning', title: t`Войдите, чтобы оценить отзыв`, id: 'profile:pleaseAuthorize' })
      return
    }
    const enqueued = setReaction(queryClient, sku, review, mine === type ? null : type)
    void settled(enqueued).then((outcome) => {
      if (outcome.status !== 'failed') return
      toast.show({
        status: 'error',
        title: type === 'LIKE' ? t`Не удалось поставить лайк` : t`Не удалось поставить дизлайк`,
        message: outcome.error.messageKey,
      })
    })
  }
  return (
    <div className={styles.reactions}>
      <span>{t`Отзыв полезен?`}</span>
      <button
        type="button"
        aria-pressed={mine === 'LIKE'}
        onClick={() => void choose('LIKE')}
        data-testid="review-like"
      >
        👍 <span data-testid="review-likes">{review.reactions.likes}</span>
      </button>
      <button
        type="button"
        aria-pressed={mine === 'DISLIKE'}
        onClick={() => void choose('DISLIKE')}
        data-testid="review-dislike"
      >
        👎 <span>{review.reactions.dislikes}</span>
      </button>
    </div>
  )
}

/** The product page's reviews tab: its texts' catalogue first, then the reviews. */
export function ReviewsTab({ sku }: { sku: string }) {
  const location = useStoreLocation()
  const { i18n } = useLingui()
  use(loadFeatureMessages('reviews', location.lang, i18n))
  return <ReviewsPanel sku={sku} />
}

/** Summary, filters with their counts, a page of reviews, writing one. */
function ReviewsPanel({ sku }: { sku: string }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  const signedIn = useSignedIn()
  const [mood, setMood] = useState<ReviewMood>('all')
  const [page, setPage] = useState(1)
  const [writing, setWriting] = useState(false)
  const query = useQuery(productReviewsQuery(sku, mood, page, location.lang, signedIn))
  const labels: Record<ReviewMood, string> = {
    all: t`Все`,
    new: t`Новые`,
    positive: t`Положительные`,
    negative: t`Отрицательные`,
    wPhoto: t`С фото`,
  }

  if (query.isPending)
    return (
      <div aria-busy="true" data-testid="reviews-loading">
        <Skeleton height={96} />
        <Skeleton height={160} />
      </div>
    )
  if (query.isError)
    return (
      <div className={styles.failure} data-testid="reviews-error">
        <p>{t`Не удалось загрузить отзывы.`}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t`Повторить`}
        </Button>
      </div>
    )
  const data = query.data
  const pages = Math.max(1, Math.ceil(data.count / REVIEW_PAGE_SIZE))
  return (
    <div className={styles.tab} data-testid="reviews-tab">
      {data.filterCount.all > 0 ? <Summary data={data} /> : null}
      <div className={styles.write}>
        {writing ? (
          <ReviewForm sku={sku} onDone={() => setWriting(false)} />
        ) : signedIn ? (
          <Button onClick={() => setWriting(true)} data-testid="write-review">
            {t`Написать отзыв`}
          </Button>
        ) : (
          <p>{t`Войдите в аккаунт, чтобы написать отзыв.`}</p>
        )}
      </div>
      {data.filterCount.all > 0 ? (
        <div className={styles.filters} role="group" aria-label={t`Показать отзывы`}>
          {REVIEW_MOODS.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mood === m}
              onClick={() => {
                setMood(m)
                setPage(1)
              }}
              data-testid={`reviews-filter-${m}`}
            >
              {labels[m]} <span>{formatNumber(data.filterCount[m])}</span>
            </button>
          ))}
        </div>
      ) : null}
      {data.reviews.length === 0 ? (
        <p className={styles.empty} data-testid="reviews-empty">
          {data.filterCount.all === 0
            ? t`Отзывов пока нет. Будьте первым!`
            : t`Нет отзывов с таким фильтром.`}
        </p>
      ) : (
        data.reviews.map((review) => (
          <ReviewCard key={review.id} review={review} actions={<Reactions review={review} sku={sku} />} />
        ))
      )}
      {pages > 1 ? (
        <nav className={styles.pages} aria-label={t`Страницы отзывов`}>
          <Button variant="secondary" size="s" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t`Назад`}
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button variant="secondary" size="s" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t`Вперёд`}
          </Button>
        </nav>
      ) : null}
    </div>
  )
}
