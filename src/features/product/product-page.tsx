import { useLingui } from '@lingui/react/macro'
import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { lazy, Suspense, useRef } from 'react'
import { documentTitle } from '../../head/document-title'
import { usePageHead } from '../../head/page-head'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { isApiError } from '../../data/api-error'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { CITY_NAMES } from '../../page/names'
import { AboutTab } from './about-tab'
import { Breadcrumbs } from './breadcrumbs'
import { DeliveryOptions } from './delivery-options'
import { Gallery } from './gallery'
import { PriceBlock } from './price-block'
import { isStocked, tabsFor, visibleTab, type ProductTab } from './product-tabs'
import { productQuery } from './queries'
import { RatingSummary } from './rating-summary'
import { RecommendationsPlaceholder } from './recommendations-placeholder'
import { SpecsTable } from './specs-table'
import { breadcrumbJsonLd, productJsonLd } from './structured-data'
import { StructuredData } from './structured-data-script'
import { Tabs } from './tabs'
import { useInView } from '../../ui/use-in-view'
import { Variants } from './variants'
import styles from './product-page.module.css'
import { useSiteOrigin } from '../../head/site-origin'

// Below the fold or behind a tab: their code loads when they are shown, not with the page.
const AvailabilityTab = lazy(() => import('./availability-tab').then((m) => ({ default: m.AvailabilityTab })))
const ServicesTab = lazy(() => import('./services-tab').then((m) => ({ default: m.ServicesTab })))
const ReviewsTab = lazy(() => import('../reviews').then((m) => ({ default: m.ReviewsTab })))
const Recommendations = lazy(() => import('./recommendations').then((m) => ({ default: m.Recommendations })))

function PanelFallback() {
  return (
    <div className={styles.panelFallback} aria-busy="true">
      <Skeleton height={24} width="40%" />
      <Skeleton height={96} />
    </div>
  )
}

export interface ProductPageProps {
  /** The uri of `/p/{uri}` or the sku of `/p/s/{sku}`. */
  id: string
  tab: ProductTab
}

/** A product or service page: gallery, price and delivery, the tabs, recommendations, structured data. */
export function ProductPage({ id, tab }: ProductPageProps) {
  const { t, i18n } = useLingui()
  const location = useStoreLocation()
  const { data: product, dataUpdatedAt } = useSuspenseQuery(productQuery(id, location.cityId, location.lang))
  const below = useRef<HTMLDivElement>(null)
  const nearRecommendations = useInView(below)
  const origin = useSiteOrigin()
  const cityName = i18n._(CITY_NAMES[location.citySlug])
  const stocked = isStocked(product.type)
  const active = visibleTab(tab, product.type)
  const meta = product.meta_data
  const path = location.href(
    product.type === 'service'
      ? `/p/s/${encodeURIComponent(product.sku)}`
      : `/p/${encodeURIComponent(product.uri)}`,
  )
  // The product's one address in this city and language, whatever tab or query brought the shopper.
  usePageHead({
    title: meta.meta_title || documentTitle(product.title),
    description: meta.meta_description,
    canonical: `${origin}${path}`,
  })
  const address = { origin, href: location.href, path }
  const crumbs = product.breadcrumbs

  let panel
  switch (active) {
    case 'availability':
      panel = <AvailabilityTab sku={product.sku} cityName={cityName} />
      break
    case 'reviews':
      panel = <ReviewsTab sku={product.sku} />
      break
    case 'services':
      panel = <ServicesTab product={product} />
      break
    case 'specifications':
      panel = <SpecsTable groups={product.spec_groups} />
      break
    default:
      panel = <AboutTab product={product} productUpdatedAt={dataUpdatedAt} />
  }

  return (
    <article
      className={`page-container ${styles.page}`}
      data-testid="product-page"
      data-sku={product.sku}
      data-type={product.type}
    >
      <Suspense>
        <Breadcrumbs crumbs={crumbs} current={product.title} />
      </Suspense>
      <div className={styles.top}>
        <Suspense>
          <header className={styles.heading}>
            {product.stickers.length > 0 ? (
              <ul className={styles.stickers}>
                {product.stickers.map((sticker) => (
                  <li
                    key={sticker.code}
                    style={{ color: sticker.text_color, background: sticker.background_color }}
                  >
                    {sticker.text}
                  </li>
                ))}
              </ul>
            ) : null}
            <h1 className={styles.title} data-testid="product-title">
              {product.title}
            </h1>
            <div className={styles.subline}>
              <Link
                to="."
                search={(prev: Record<string, unknown>) => ({ ...prev, tab: 'reviews' as const })}
                resetScroll={false}
                className={styles.ratingLink}
              >
                <RatingSummary rating={product.rating} reviewCount={product.review_count} />
              </Link>
              <span className={styles.sku}>{t`Код товара: ${product.sku}`}</span>
              {product.brand && product.brand_slug ? (
                <HrefLink href={location.href(`/b/${encodeURIComponent(product.brand_slug)}`)}>
                  {t`Все товары ${product.brand}`}
                </HrefLink>
              ) : null}
            </div>
          </header>
        </Suspense>
        <div className={styles.gallery}>
          <Suspense>
            <Gallery key={product.sku} images={product.images} title={product.title} />
          </Suspense>
        </div>
        <div className={styles.buy}>
          <Variants variants={product.variants} />
          <Suspense>
            <div className={styles.priceSlot}>
              <PriceBlock product={product} cityName={cityName} />
            </div>
          </Suspense>
          {stocked ? (
            <Suspense>
              <DeliveryOptions sku={product.sku} cityName={cityName} />
            </Suspense>
          ) : null}
        </div>
      </div>

      <Suspense>
        <Tabs tabs={tabsFor(product.type)} active={active} counts={{ reviews: product.review_count }}>
          <Suspense fallback={<PanelFallback />}>{panel}</Suspense>
        </Tabs>
      </Suspense>

      <div ref={below} className={styles.recommendations} data-testid="recommendations">
        {nearRecommendations ? (
          <Suspense fallback={<RecommendationsPlaceholder />}>
            <Recommendations sku={product.sku} />
          </Suspense>
        ) : null}
      </div>

      <StructuredData
        data={[
          productJsonLd(product, address),
          breadcrumbJsonLd([{ title: t`Главная`, path: '/' }, ...crumbs], product.title, address),
        ]}
      />
    </article>
  )
}

/**
 * The product could not be loaded (offline and never seen, the server down, a timeout): say so in the
 * page, with a retry, instead of the whole-app error screen.
 */
export function ProductLoadError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui()
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  const offline = isApiError(error) && error.status === 0
  return (
    <div className={`page-container ${styles.page}`} data-testid="product-error">
      <div className={styles.failure}>
        <h1>{t`Не удалось загрузить товар`}</h1>
        <p>
          {offline
            ? t`Нет связи с магазином. Проверьте подключение к интернету и попробуйте снова.`
            : t`Сервис временно недоступен. Попробуйте ещё раз через минуту.`}
        </p>
        <Button
          onClick={() => {
            queryReset.reset()
            reset()
            void router.invalidate()
          }}
        >
          {t`Повторить`}
        </Button>
      </div>
    </div>
  )
}
