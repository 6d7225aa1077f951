import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { CmsBlock } from '../../../contract/menu'
import { imageUrl } from '../../../contract/values/media'
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons'
import { ContentAnchor } from '../../url/content-anchor'
import styles from './home.module.css'

/** Banners are drawn 800×272; phones get the block's own phone picture when it has one. */
const BANNER_WIDTH = 800
const BANNER_HEIGHT = 272

/**
 * The home banners as a strip the shopper swipes or steps through. The first one is the page's largest
 * paint: eager, high priority, its size known before it loads; the others wait until they are needed.
 */
export function Banners({ banners }: { banners: readonly CmsBlock[] }) {
  const { t } = useLingui()
  const strip = useRef<HTMLUListElement>(null)
  const [current, setCurrent] = useState(0)
  const count = banners.length

  const show = (index: number) => {
    const next = ((index % count) + count) % count
    const slide = strip.current?.children[next] as HTMLElement | undefined
    strip.current?.scrollTo({ left: slide?.offsetLeft ?? 0, behavior: 'smooth' })
    setCurrent(next)
  }

  return (
    <section className={styles.banners} aria-roledescription="carousel" aria-label={t`Акции и новинки`}>
      <ul
        ref={strip}
        className={styles.bannerStrip}
        onScroll={(event) => {
          const el = event.currentTarget
          const index = Math.round(el.scrollLeft / Math.max(1, el.clientWidth))
          if (index !== current) setCurrent(index)
        }}
      >
        {banners.map((banner, i) => {
          const mobile = banner.image_id_mobile
          const image = banner.image_id ?? ''
          return (
            <li key={banner.id} className={styles.bannerSlide} aria-roledescription="slide">
              <ContentAnchor
                link={banner.link}
                className={styles.banner}
                data-testid="home-banner"
                aria-label={banner.title}
              >
                <picture>
                  {mobile && mobile !== image ? (
                    <source
                      media="(max-width: 767px)"
                      srcSet={imageUrl(mobile, BANNER_WIDTH, BANNER_HEIGHT)}
                    />
                  ) : null}
                  <img
                    src={imageUrl(image, BANNER_WIDTH, BANNER_HEIGHT)}
                    width={BANNER_WIDTH}
                    height={BANNER_HEIGHT}
                    alt={banner.title}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'low'}
                    decoding={i === 0 ? 'sync' : 'async'}
                    style={banner.background_color ? { backgroundColor: banner.background_color } : undefined}
                  />
                </picture>
              </ContentAnchor>
            </li>
          )
        })}
      </ul>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.bannerStep} ${styles.bannerPrev}`}
            aria-label={t`Предыдущий баннер`}
            onClick={() => show(current - 1)}
          >
            <ChevronLeftIcon size="M" />
          </button>
          <button
            type="button"
            className={`${styles.bannerStep} ${styles.bannerNext}`}
            aria-label={t`Следующий баннер`}
            onClick={() => show(current + 1)}
          >
            <ChevronRightIcon size="M" />
          </button>
          <div className={styles.dots}>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={styles.dot}
                aria-label={t`Баннер ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => show(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  )
}
