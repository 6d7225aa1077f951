import { useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../url/store-location'
import { CITY_NAMES, HELP_PAGES } from '../../page/names'
import { PageFrame } from '../../page/page-frame'
import { SECTIONS } from '../../page/sections'
import { CmsBlocks } from './blocks'
import { documentTitle } from '../../head/document-title'
import { usePageHead } from '../../head/page-head'
import { cmsPageQuery, servicePointsQuery } from './queries'
import styles from './content.module.css'

/** `/cms`: the pages for shoppers, the promotions and the gift cards. */
export function CmsIndexPage() {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <PageFrame
      title={i18n._(SECTIONS.cms.title)}
      description={i18n._(SECTIONS.cms.description)}
      testId="cms-index"
    >
      <ul className={styles.index}>
        {HELP_PAGES.map((page) => (
          <li key={page.slug}>
            <Link
              to="/{-$city}/cms/$slug"
              params={{ city: prefix, slug: page.slug }}
              className={styles.indexTile}
              data-testid="cms-link"
            >
              {i18n._(page.title)}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/{-$city}/cms/promo" params={{ city: prefix }} className={styles.indexTile}>
            {t`Акции`}
          </Link>
        </li>
        <li>
          <Link to="/{-$city}/gift-cards" params={{ city: prefix }} className={styles.indexTile}>
            {t`Подарочные карты`}
          </Link>
        </li>
      </ul>
    </PageFrame>
  )
}

/** The shops and pickup points of the city with their addresses, hours and phones. */
function CityPoints({ cityName }: { cityName: string }) {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const points = useQuery(servicePointsQuery({ cityId, lang }))
  if (!points.data || points.data.length === 0) return null
  const active = points.data.filter((p) => p.isActive)
  return (
    <section className={styles.text} data-testid="city-points">
      <h2 className={styles.textTitle}>{t`Магазины и пункты выдачи: ${cityName}`}</h2>
      <ul className={styles.points}>
        {active.map((point) => (
          <li key={point.id} className={styles.point}>
            <b>{point.title}</b>
            <span>{point.address}</span>
            <span className={styles.pointMeta}>
              {point.type === 'shop' ? t`Магазин` : t`Пункт выдачи`} · {point.workHours.replace('-', '–')} ·{' '}
              <a href={`tel:${point.phone}`}>{point.phone}</a>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** `/cms/{slug}`: a content page from the cms blocks, in the shopper's city and language. */
export function CmsPage({ slug }: { slug: string }) {
  const { t, i18n } = useLingui()
  const { cityId, lang, citySlug } = useStoreLocation()
  const { data } = useSuspenseQuery(cmsPageQuery(slug, { cityId, lang }))
  const cityName = i18n._(CITY_NAMES[citySlug])
  usePageHead({ title: documentTitle(data.meta_title || data.title), description: data.meta_description })
  return (
    <PageFrame title={data.title} crumbs={[{ label: t`Покупателям`, path: '/cms' }]} testId="cms-page">
      <div data-slug={data.slug}>
        <CmsBlocks blocks={data.blocks} cityName={slug === 'delivery' ? cityName : undefined} />
        {slug === 'contacts' ? <CityPoints cityName={cityName} /> : null}
      </div>
    </PageFrame>
  )
}
