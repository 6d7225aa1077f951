import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons'
import { GALLERY_MAIN_SIZE, GALLERY_THUMB_SIZE, galleryImages, stepIndex } from './gallery-images'
import styles from './gallery.module.css'

export interface GalleryProps {
  images: readonly string[]
  title: string
}

/**
 * The product's pictures: one 800×800 main picture and 88×88 thumbnails. The first main picture is the
 * page's largest paint, so it loads eagerly at high priority with its size given up front (no layout
 * shift); the thumbnails wait until they are near the screen.
 */
export function Gallery({ images, title }: GalleryProps) {
  const { t } = useLingui()
  const list = galleryImages(images)
  const [index, setIndex] = useState(0)
  const current = list[index] ?? list[0]
  const count = list.length

  return (
    <div className={styles.gallery}>
      <div className={styles.main} data-testid="gallery-main" data-index={index}>
        {current ? (
          <img
            key={current.id}
            src={current.main}
            width={GALLERY_MAIN_SIZE}
            height={GALLERY_MAIN_SIZE}
            alt={count > 1 ? t`${title}, фото ${index + 1} из ${count}` : title}
            loading="eager"
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding={index === 0 ? 'sync' : 'async'}
            className={styles.mainImage}
          />
        ) : (
          <div className={styles.noImage} role="img" aria-label={t`Нет фото`} />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.step} ${styles.prev}`}
              aria-label={t`Предыдущее фото`}
              onClick={() => setIndex((i) => stepIndex(i, -1, count))}
            >
              <ChevronLeftIcon size="M" />
            </button>
            <button
              type="button"
              className={`${styles.step} ${styles.next}`}
              aria-label={t`Следующее фото`}
              onClick={() => setIndex((i) => stepIndex(i, 1, count))}
            >
              <ChevronRightIcon size="M" />
            </button>
            <span className={styles.counter} aria-hidden="true">
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs} aria-label={t`Все фото`}>
          {list.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                className={styles.thumb}
                aria-current={i === index ? 'true' : undefined}
                aria-label={t`Фото ${i + 1}`}
                onClick={() => setIndex(i)}
              >
                <img
                  src={image.thumb}
                  width={GALLERY_THUMB_SIZE}
                  height={GALLERY_THUMB_SIZE}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
