import { useLingui } from '@lingui/react/macro'
import type { CategoryPath } from '../../app/catalog-path'
import { CategoryTiles } from './category-tiles'
import { mainCategoryName } from './names'
import { SectionPage } from './section-page'
import tiles from './tiles.module.css'

export function CatalogIndexPage() {
  return (
    <SectionPage section="catalog">
      <CategoryTiles />
    </SectionPage>
  )
}

/** A category (`/catalog/{segments}/f/{code}/{value}...`): its name when it is a main category. */
export function CategoryPage({ path }: { path: CategoryPath }) {
  const { t, i18n } = useLingui()
  const last = path.segments[path.segments.length - 1] ?? ''
  const known = path.segments.length === 1 ? mainCategoryName(last) : undefined
  const parents = path.segments.slice(0, -1)
  const crumbs = [
    { label: t`Каталог`, path: '/catalog' },
    ...parents.map((segment, index) => {
      const name = index === 0 ? mainCategoryName(segment) : undefined
      return {
        label: name ? i18n._(name) : segment,
        path: `/catalog/${path.segments.slice(0, index + 1).join('/')}`,
      }
    }),
  ]
  return (
    <SectionPage section="category" title={known ? i18n._(known) : undefined} crumbs={crumbs}>
      {path.filters.length > 0 ? (
        <ul className={tiles.chips} aria-label={t`Выбранные фильтры`} data-testid="category-filters">
          {path.filters.map((filter) => (
            <li key={`${filter.code}/${filter.value}`} className={tiles.chip}>
              <b>{filter.code}:</b> {filter.value}
            </li>
          ))}
        </ul>
      ) : null}
    </SectionPage>
  )
}

export function ProductPageFrame() {
  const { t } = useLingui()
  return <SectionPage section="product" crumbs={[{ label: t`Каталог`, path: '/catalog' }]} />
}

export function ServiceProductPageFrame() {
  const { t } = useLingui()
  return <SectionPage section="service" crumbs={[{ label: t`Услуги`, path: '/catalog/s' }]} />
}

export function ServicesPage() {
  const { t } = useLingui()
  return <SectionPage section="services" crumbs={[{ label: t`Каталог`, path: '/catalog' }]} />
}

export function BrandPage({ brand }: { brand: string }) {
  const { t } = useLingui()
  return <SectionPage section="brand" title={t`Бренд ${brand}`} crumbs={[{ label: t`Бренды`, path: '/b' }]} />
}

export function SearchPageFrame({ q }: { q: string | undefined }) {
  const { t } = useLingui()
  return <SectionPage section="search" title={q ? t`Результаты поиска: «${q}»` : undefined} />
}
