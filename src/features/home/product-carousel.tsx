import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { RecommendationItem } from '../../../contract/catalog'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { ProductCard } from '../../listing/product-card'
import { HOME_CAROUSELS, homeCarouselsQuery, type HomeCarouselCode } from './queries'
import { useInView } from '../../ui/use-in-view'
import styles from './home.module.css'

const TITLES: Record<HomeCarouselCode, MessageDescriptor> = {
  new: msg`Новинки`,
  discounted: msg`Скидки`,
  popular: msg`Популярное`,
}

interface CarouselProps {
  code: HomeCarouselCode
  title: string
  /** Undefined while loading. */
  products: readonly RecommendationItem[] | undefined
}

/**
 * Cards a row draws before the shopper moves it: the widest screen shows five. The rest come with the
 * row's first scroll (or step): three rows of twelve cards at once, 1,300 elements, were the home page's
 * longest task after it started (Lighthouse's blocking time 190-235 ms against 150).
 */
export const FIRST_CARDS = 5

/** One row of products the shopper scrolls sideways, drawn with the catalogue's product card. */
function Carousel({ code, title, products }: CarouselProps) {
  const { t } = useLingui()
  const strip = useRef<HTMLUListElement>(null)
  const [moved, setMoved] = useState(false)
  const headingId = `home-carousel-${code}`
  const scroll = (direction: 1 | -1) => {
    // the row's other cards first, so there is somewhere to scroll to (five fill a wide screen)
    if (!moved) flushSync(() => setMoved(true))
    const el = strip.current
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' })
  }
  const shown = products && !moved ? products.slice(0, FIRST_CARDS) : products
  return (
    <section
      className={styles.section}
      aria-labelledby={headingId}
      data-testid="home-carousel"
      data-code={code}
    >
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {products ? (
          <div className={styles.stepButtons}>
            <button
              type="button"
              className={styles.stripStep}
              aria-label={t`Назад`}
              onClick={() => scroll(-1)}
            >
              <ChevronLeftIcon size="M" />
            </button>
            <button
              type="button"
              className={styles.stripStep}
              aria-label={t`Вперёд`}
              onClick={() => scroll(1)}
            >
              <ChevronRightIcon size="M" />
            </button>
          </div>
        ) : null}
      </div>
      <ul
        ref={strip}
        className={styles.strip}
        aria-busy={!products}
        onScroll={moved ? undefined : () => setMoved(true)}
        data-testid="home-carousel-strip"
      >
        {shown
          ? shown.map((product) => (
              <li key={product.sku} className={styles.stripItem}>
                <ProductCard product={product} />
              </li>
            ))
          : [0, 1, 2, 3, 4].map((i) => (
              <li key={i} className={styles.stripItem}>
                <Skeleton height={380} radius={10} />
              </li>
            ))}
      </ul>
    </section>
  )
}

function LoadedCarousels() {
  const { t, i18n } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const query = useQuery(homeCarouselsQuery({ cityId, lang }))
  // The query's answer comes to React as an urgent update, and three rows of cards rendered at once held
  // a slow phone's main thread for a few hundred ms: the skeletons stay for that update, and the cards
  // render after it in the background, where React yields to the browser every few ms.
  const data = useDeferredValue(query.data)
  if (query.isError) {
    return (
      <div className={styles.failed}>
        <p>{t`Не удалось загрузить подборки товаров.`}</p>
        <Button size="s" variant="secondary" onClick={() => void query.refetch()}>
          {t`Повторить`}
        </Button>
      </div>
    )
  }
  return (
    <>
      {HOME_CAROUSELS.map((code) => {
        const block = data?.blocks.find((b) => b.code === code)
        if (data && (!block || block.products.length === 0)) return null
        return (
          <Carousel
            key={code}
            code={code}
            title={block?.title || i18n._(TITLES[code])}
            products={block?.products}
          />
        )
      })}
    </>
  )
}

/**
 * The product rows of the home page: new arrivals, discounts and the city's best sellers. They are below
 * the fold, so they are asked for when the shopper scrolls near them.
 */
export function HomeCarousels() {
  const ref = useRef<HTMLDivElement>(null)
  const near = useInView(ref)
  return (
    <div ref={ref} className={styles.carousels}>
      {near ? <LoadedCarousels /> : <div className={styles.carouselsPlaceholder} />}
    </div>
  )
}
