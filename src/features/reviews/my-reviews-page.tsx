import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Review, ReviewStatus } from '../../../contract/reviews'
import { REVIEW_STATUSES } from '../../../contract/values/reviews'
import { isApiError } from '../../data/api-error'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { myReviewQuery, myReviewsQuery } from './queries'
import { ReviewCard } from './review-card'
import { ReviewForm } from './review-form'
import styles from './reviews.module.css'
import { useState } from 'react'

function useStatusNames(): Record<ReviewStatus, string> {
  const { t } = useLingui()
  return {
    NEW: t`Ждут проверки`,
    NEED_APPROVE: t`На дополнительной проверке`,
    APPROVED: t`Опубликованы`,
    REJECTED: t`Отклонены`,
  }
}

function Failure({ retry }: { retry: () => void }) {
  const { t } = useLingui()
  return (
    <div className={styles.failure} data-testid="my-reviews-error">
      <p>{t`Не удалось загрузить отзывы.`}</p>
      <Button variant="secondary" onClick={retry}>
        {t`Повторить`}
      </Button>
    </div>
  )
}

function ProductLink({ review }: { review: Review }) {
  const location = useStoreLocation()
  return (
    <HrefLink href={location.href(`/p/${encodeURIComponent(review.product.uri)}`)}>
      {review.product.title}
    </HrefLink>
  )
}

/** `/my-account/reviews`: the shopper's reviews grouped by moderation status. */
export function MyReviewsPage() {
  const { t } = useLingui()
  const location = useStoreLocation()
  const names = useStatusNames()
  const query = useQuery(myReviewsQuery(location.lang))
  if (query.isPending) return <Skeleton height={160} />
  if (query.isError) return <Failure retry={() => void query.refetch()} />
  const { reviews } = query.data
  if (reviews.length === 0)
    return (
      <p
        className={styles.empty}
      >{t`Вы ещё не оставляли отзывов. Написать отзыв можно на странице товара.`}</p>
    )
  return (
    <div className={styles.groups} data-testid="my-reviews">
      {REVIEW_STATUSES.map((status) => {
        const group = reviews.filter((r) => r.status === status)
        if (group.length === 0) return null
        return (
          <section key={status} data-testid={`my-reviews-${status}`}>
            <h2>
              {names[status]} ({group.length})
            </h2>
            {group.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                actions={
                  <p>
                    <ProductLink review={review} />
                    {' · '}
                    <HrefLink href={location.href(`/my-account/reviews/${review.id}`)}>{t`Открыть`}</HrefLink>
                  </p>
                }
              />
            ))}
          </section>
        )
      })}
    </div>
  )
}

/** `/my-account/reviews/{id}`: one of the shopper's reviews, its status, and editing it. */
export function MyReviewPage({ id }: { id: number }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  const names = useStatusNames()
  const [editing, setEditing] = useState(false)
  const query = useQuery(myReviewQuery(id, location.lang))
  if (query.isPending) return <Skeleton height={160} />
  if (query.isError)
    return isApiError(query.error, 404) ? (
      <p className={styles.empty}>{t`Такого отзыва нет среди ваших.`}</p>
    ) : (
      <Failure retry={() => void query.refetch()} />
    )
  const review = query.data
  return (
    <div className={styles.tab} data-testid="my-review">
      <p>
        <ProductLink review={review} /> · <b data-testid="my-review-status">{names[review.status]}</b>
      </p>
      {editing ? (
        <ReviewForm
          sku={review.product.sku}
          review={review}
          onDone={() => {
            setEditing(false)
            void query.refetch()
          }}
        />
      ) : (
        <>
          <ReviewCard review={review} />
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t`Изменить отзыв`}
          </Button>
        </>
      )}
    </div>
  )
}
