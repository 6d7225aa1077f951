import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import type { RecommendationItem } from '../../../contract/catalog'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons'
import { Price } from '../../ui/price'
import { productPath } from './product-path'
import { recommendationsQuery, type RecommendationCode } from './queries'
import { RECOMMENDATION_IMAGE, recommendationImage } from './recommendation-items'
import { RecommendationsPlaceholder } from './recommendations-placeholder'
import styles from './recommendations.module.css'

const TITLES: Partial<Record<RecommendationCode, MessageDescriptor>> = {
  similar: msg`Похожие товары`,
  accessories: msg`Аксессуары`,
  together: msg`Часто покупают вместе`,
}

function RecommendationTile({ product }: { product: RecommendationItem }) {
  const location = useStoreLocation()
  const image = recommendationImage(product)
  return (
    <HrefLink href={location.href(productPath(product))} className={styles.tile} data-sku={product.sku}>
      {image ? (
        <img
          src={image}
          width={RECOMMENDATION_IMAGE}
          height={RECOMMENDATION_IMAGE}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.noImage} aria-hidden="true" />
      )}
      <span className={styles.title}>{product.title}</span>
      <Price amount={product.price} oldAmount={product.old_price} className={styles.price} />
    </HrefLink>
  )
}

/** One carousel: a heading with step buttons, and the tiles the shopper scrolls sideways. */
function Row({
  code,
  title,
  products,
}: {
  code: string
  title: string
  products: readonly RecommendationItem[]
}) {
  const { t } = useLingui()
  const strip = useRef<HTMLUListElement>(null)
  const headingId = `recommendations-${code}`
  const scroll = (direction: 1 | -1) => {
    const el = strip.current
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' })
  }
  return (
    <section className={styles.row} aria-labelledby={headingId} data-code={code}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <div className={styles.steps}>
          <button type="button" className={styles.step} aria-label={t`Назад`} onClick={() => scroll(-1)}>
            <ChevronLeftIcon size="M" />
          </button>
          <button type="button" className={styles.step} aria-label={t`Вперёд`} onClick={() => scroll(1)}>
            <ChevronRightIcon size="M" />
          </button>
        </div>
      </div>
      <ul ref={strip} className={styles.strip}>
        {products.map((product) => (
          <li key={product.sku}>
            <RecommendationTile product={product} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function Rows({ sku }: { sku: string }) {
  const { i18n } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const query = useQuery(recommendationsQuery(sku, cityId, lang))
  if (query.isPending) return <RecommendationsPlaceholder />
  if (query.isError) return null
  return (
    <>
      {query.data.blocks
        .filter((block) => block.products.length > 0)
        .map((block) => {
          const fallback = TITLES[block.code]
          return (
            <Row
              key={block.code}
              code={block.code}
              title={block.title || (fallback ? i18n._(fallback) : '')}
              products={block.products}
            />
          )
        })}
    </>
  )
}

/**
 * Products to look at next: similar ones, accessories, and what is often bought together. The page shows
 * it when the shopper scrolls near, so neither its code nor its data load before that.
 */
export function Recommendations({ sku }: { sku: string }) {
  return <Rows sku={sku} />
}
