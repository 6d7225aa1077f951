import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { imageUrl } from '../../../contract/values/media'
import type { Review } from '../../../contract/reviews'
import { formatDate } from '../../i18n/format'
import { Modal } from '../../ui/modal'
import styles from './reviews.module.css'

/** Stars as text for screen readers, drawn for the eye. */
export function StarRow({ rating }: { rating: number }) {
  const { t } = useLingui()
  return (
    <span className={styles.stars} role="img" aria-label={t`Оценка ${rating} из 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rating ? styles.starOn : styles.starOff} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  )
}

/**
 * One review. Its texts are the shopper's and go in as React text, never as HTML, so markup in them
 * (a `<script>`) is shown as the characters it is made of and never runs.
 */
export function ReviewCard({ review, actions }: { review: Review; actions?: React.ReactNode }) {
  const { t } = useLingui()
  const [open, setOpen] = useState<number | null>(null)
  const photos = review.media.filter((m) => m.type === 'image')
  const videos = review.media.filter((m) => m.type === 'video')
  const shown = open === null ? null : photos[open]
  return (
    <article className={styles.review} data-testid="review" data-review-id={review.id}>
      <header className={styles.reviewHead}>
        <b>{review.author || t`Покупатель`}</b>
        <StarRow rating={review.rating} />
        <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
        {review.verified_purchase ? <span className={styles.verified}>{t`Покупка подтверждена`}</span> : null}
      </header>
      <p className={styles.text} data-testid="review-text">
        {review.text}
      </p>
      {review.pros ? (
        <p>
          <b>{t`Достоинства:`}</b> {review.pros}
        </p>
      ) : null}
      {review.cons ? (
        <p>
          <b>{t`Недостатки:`}</b> {review.cons}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className={styles.photos} aria-label={t`Фотографии покупателя`}>
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button type="button" onClick={() => setOpen(i)} aria-label={t`Открыть фото ${i + 1}`}>
                <img src={imageUrl(photo.id, 100)} width={100} height={100} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {videos.map((video) => (
        <video key={video.id} className={styles.video} src={video.url} controls preload="metadata" />
      ))}
      {actions}
      <Modal
        open={shown !== null && shown !== undefined}
        onClose={() => setOpen(null)}
        title={t`Фото покупателя`}
      >
        {shown ? (
          <div className={styles.gallery}>
            <img src={imageUrl(shown.id, 800)} width={800} height={800} alt="" />
            {photos.length > 1 ? (
              <div className={styles.galleryNav}>
                <button
                  type="button"
                  onClick={() => setOpen(((open ?? 0) + photos.length - 1) % photos.length)}
                >
                  {t`Предыдущее`}
                </button>
                <span>
                  {(open ?? 0) + 1} / {photos.length}
                </span>
                <button type="button" onClick={() => setOpen(((open ?? 0) + 1) % photos.length)}>
                  {t`Следующее`}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </article>
  )
}
