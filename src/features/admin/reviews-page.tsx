import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminReview, AdminReviewQueue } from '../../../contract/back-office'
import { adminApi } from './api'
import { storeDateTime } from './format'
import styles from './admin.module.css'

const KEY = ['admin', 'reviews']

/** `/admin/reviews`: the moderation queue, held reviews first; approve, or reject with a reason. */
export function AdminReviewsPage() {
  const { t } = useLingui()
  const queue = useQuery({ queryKey: KEY, queryFn: () => adminApi.get<AdminReviewQueue>('/reviews') })
  return (
    <>
      <h1>{t`Отзывы на модерации`}</h1>
      {queue.isError ? (
        <p className={styles.error} role="alert">{t`Не удалось загрузить отзывы.`}</p>
      ) : !queue.data ? (
        <p role="status">{t`Загрузка…`}</p>
      ) : queue.data.reviews.length === 0 ? (
        <p className={styles.muted}>{t`Очередь пуста.`}</p>
      ) : (
        queue.data.reviews.map((r) => <ReviewCard key={r.id} review={r} />)
      )}
    </>
  )
}

function ReviewCard({ review }: { review: AdminReview }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const [asking, setAsking] = useState(false)
  const decide = useMutation({
    mutationFn: (body: { status: 'APPROVED' | 'REJECTED'; note?: string }) =>
      adminApi.post(`/reviews/${review.id}/decision`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
  return (
    <article className={styles.card} data-testid="admin-review">
      <p>
        <strong>{review.product.title}</strong> <span className={styles.muted}>({review.product.sku})</span>
        {review.status === 'NEED_APPROVE' ? (
          <span className={styles.status} style={{ marginLeft: 8 }}>
            {t`Задержан: ${review.moderation_note ?? ''}`}
          </span>
        ) : null}
      </p>
      <p>
        {'★'.repeat(review.rating)} · {review.author} · {storeDateTime(review.created_at)}
      </p>
      <p>{review.text}</p>
      {review.pros ? <p>{t`Достоинства: ${review.pros}`}</p> : null}
      {review.cons ? <p>{t`Недостатки: ${review.cons}`}</p> : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          onClick={() => !decide.isPending && decide.mutate({ status: 'APPROVED' })}
        >
          {t`Опубликовать`}
        </button>
        {asking ? (
          <form
            className={styles.actions}
            onSubmit={(e) => {
              e.preventDefault()
              if (reason.trim() && !decide.isPending)
                decide.mutate({ status: 'REJECTED', note: reason.trim() })
            }}
          >
            <label>
              {t`Причина (автор её увидит)`}{' '}
              <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
            </label>
            <button type="submit" className={`${styles.button} ${styles.danger}`}>
              {t`Отклонить`}
            </button>
          </form>
        ) : (
          <button
            type="button"
            className={`${styles.button} ${styles.danger}`}
            onClick={() => setAsking(true)}
          >
            {t`Отклонить…`}
          </button>
        )}
      </div>
      {decide.isError ? (
        <p className={styles.error} role="alert">{t`Не удалось сохранить решение.`}</p>
      ) : null}
    </article>
  )
}
