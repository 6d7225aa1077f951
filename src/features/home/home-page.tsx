import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useDocumentTitle } from '../../head/document-title'
import { useStoreLocation } from '../../url/store-location'
import { Skeleton } from '../../ui/skeleton'
import { CITY_NAMES } from '../../page/names'
import { Banners } from './banners'
import { HomeCategoryTiles } from './category-tiles'
import { FastLinks } from './fast-links'
import { bannerBlocks } from './links'
import { HomeCarousels } from './product-carousel'
import { fastLinksQuery, homeBannersQuery, homeTilesQuery } from './queries'
import styles from './home.module.css'

/** The store's front page for the city in the URL: banners, shortcuts, categories and product rows. */
export function HomePage() {
  const { t, i18n } = useLingui()
  const { cityId, lang, citySlug } = useStoreLocation()
  const locale = { cityId, lang }
  const banners = useQuery(homeBannersQuery(locale))
  const fastLinks = useQuery(fastLinksQuery(locale))
  const tiles = useQuery(homeTilesQuery(locale))
  const city = i18n._(CITY_NAMES[citySlug])
  useDocumentTitle(banners.data?.meta_title || t`Электроника и бытовая техника`)

  const slides = banners.data ? bannerBlocks(banners.data.blocks) : []

  return (
    <div className={`page-container ${styles.page}`} data-testid="home-page" data-city-id={cityId}>
      <h1 className="visually-hidden">{t`Электроника и бытовая техника в городе ${city}`}</h1>
      {banners.isPending ? (
        <div className={styles.bannerPlaceholder} aria-hidden="true">
          <Skeleton height="100%" radius={16} />
        </div>
      ) : slides.length > 0 ? (
        <Banners banners={slides} />
      ) : null}

      {fastLinks.data ? <FastLinks links={fastLinks.data} /> : null}

      {tiles.isPending || (tiles.data?.length ?? 0) > 0 ? (
        <section className={styles.section} aria-labelledby="home-categories">
          <h2 id="home-categories" className={styles.sectionTitle}>
            {t`Категории`}
          </h2>
          {tiles.isPending ? <Skeleton height={180} /> : <HomeCategoryTiles items={tiles.data ?? []} />}
        </section>
      ) : null}

      <HomeCarousels />
    </div>
  )
}
