import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Review } from '../../../contract/reviews'
import {
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_PROS_CONS_MAX,
  REVIEW_TEXT_MAX,
} from '../../../contract/values/reviews'
import { isApiError } from '../../data/api-error'
import { Button } from '../../ui/button'
import { useStoreLocation } from '../../url/store-location'
import { editReview, uploadPhoto, UploadError, writeReview } from './queries'
import styles from './reviews.module.css'

interface Upload {
  name: string
  progress: number
  failed: boolean
}

/** Writing a review (or editing one's own): stars, text, pros and cons, photos sent with progress. */
export function ReviewForm({
  sku,
  review,
  onDone,
}: {
  sku: string
  review?: Review
  onDone: (r: Review) => void
}) {
  const { t } = useLingui()
  const location = useStoreLocation()
  const queryClient = useQueryClient()
  const [rating, setRating] = useState(review?.rating ?? 0)
  const [text, setText] = useState(review?.text ?? '')
  const [pros, setPros] = useState(review?.pros ?? '')
  const [cons, setCons] = useState(review?.cons ?? '')
  const [files, setFiles] = useState<File[]>([])
  const [uploads, setUploads] = useState<Upload[]>([])
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const uploadError = (status: number) =>
    status === 413
      ? t`Файл больше 10 МБ`
      : status === 415
        ? t`Это не фотография: подходят JPEG, PNG и WebP`
        : t`Не удалось загрузить фото`

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (rating < 1) return setError(t`Поставьте оценку от 1 до 5 звёзд`)
    if (!text.trim()) return setError(t`Напишите, что вы думаете о товаре`)
    const tooBig = files.find((f) => f.size > REVIEW_IMAGE_MAX_BYTES)
    if (tooBig) return setError(t`Файл ${tooBig.name} больше 10 МБ`)
    setError(null)
    setSending(true)
    try {
      const body = { rating, text, pros, cons }
      let saved = review ? await editReview(review.id, body) : await writeReview({ ...body, sku })
      setUploads(files.map((f) => ({ name: f.name, progress: 0, failed: false })))
      for (const [i, file] of files.entries()) {
        try {
          saved = await uploadPhoto(saved.id, file, location.lang, (share) =>
            setUploads((list) => list.map((u, j) => (j === i ? { ...u, progress: share } : u))),
          )
        } catch (err) {
          setUploads((list) => list.map((u, j) => (j === i ? { ...u, failed: true } : u)))
          setError(uploadError(err instanceof UploadError ? err.status : 0))
        }
      }
      await queryClient.invalidateQueries({ queryKey: ['reviews'] })
      onDone(saved)
    } catch (err) {
      setError(
        isApiError(err, 409)
          ? t`Вы уже оставили отзыв об этом товаре`
          : isApiError(err, 400)
            ? t`Проверьте оценку и текст отзыва`
            : t`Не удалось отправить отзыв. Попробуйте позже.`,
      )
    } finally {
      setSending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="review-form" noValidate>
      <fieldset className={styles.starInput}>
        <legend>{t`Оценка`}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? styles.starOn : styles.starOff}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
              aria-label={t`${n} из 5`}
            />
            ★
          </label>
        ))}
      </fieldset>
      <label>
        {t`Отзыв`}
        <textarea
          name="text"
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          rows={5}
          onChange={(e) => setText(e.target.value)}
          required
        />
      </label>
      <label>
        {t`Достоинства`}
        <input
          name="pros"
          value={pros}
          maxLength={REVIEW_PROS_CONS_MAX}
          onChange={(e) => setPros(e.target.value)}
        />
      </label>
      <label>
        {t`Недостатки`}
        <input
          name="cons"
          value={cons}
          maxLength={REVIEW_PROS_CONS_MAX}
          onChange={(e) => setCons(e.target.value)}
        />
      </label>
      <label>
        {t`Фотографии (JPEG, PNG, WebP до 10 МБ)`}
        <input
          type="file"
          name="photos"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </label>
      {uploads.length > 0 ? (
        <ul className={styles.uploads} data-testid="review-uploads">
          {uploads.map((u) => (
            <li key={u.name}>
              {u.name}{' '}
              {u.failed ? (
                t`ошибка`
              ) : (
                <progress max={1} value={u.progress} aria-label={t`Загрузка ${u.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <p className={styles.note}>{t`Отзыв появится на сайте после проверки модератором.`}</p>
      <Button type="submit" disabled={sending} data-testid="review-submit">
        {sending ? t`Отправляем…` : review ? t`Сохранить` : t`Отправить отзыв`}
      </Button>
    </form>
  )
}
