import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { CategoryPath } from '../../url/catalog-path'
import { localizePath } from '../../url/locale-prefix'
import { useStoreLocation } from '../../url/store-location'
import { AppliedChips } from '../../listing/applied-chips'
import { appliedChips } from '../../listing/chips'
import { FilterPanel, type FilterLinks } from '../../listing/filter-panel'
import { categoryHrefWithFilters, categoryPagePath } from './filter-url'
import { useAbsoluteUrl } from '../../head/page-head'
import { ListingPage } from './listing-page'
import { listingQueryString, withPage, withPrice, withSorting, type ListingSearch } from './listing-search'
import { categoryCrumbsQuery, categoryFiltersQuery, categoryListingQuery, listingParams } from './queries'
import { useListingNavigate } from '../../listing/use-listing-navigate'
import styles from './listing.module.css'

/** A category listing: `/catalog/{segments}[/f/{code}/{value}...]?sorting&priceMin&priceMax&page`. */
export function CategoryPage({ path, search }: { path: CategoryPath; search: ListingSearch }) {
  const absoluteUrl = useAbsoluteUrl()
  const { t } = useLingui()
  const location = useStoreLocation()
  const go = useListingNavigate()
  const params = listingParams(path.segments, path.filters, search, location)
  const listing = useQuery(categoryListingQuery(params))
  const panel = useQuery(categoryFiltersQuery(params))
  const crumbs = useQuery(categoryCrumbsQuery(params.category, location.lang)).data?.breadcrumbs ?? []

  const basePath = categoryPagePath(path)
  const links: FilterLinks = {
    filters: (filters) => location.href(categoryHrefWithFilters(path, filters, search)),
    price: (choice) => location.href(basePath + listingQueryString(withPrice(search, choice))),
  }
  const chips = appliedChips(path.filters, search, panel.data)
  const resetHref =
    chips.length > 0
      ? location.href(
          categoryPagePath({ segments: path.segments, filters: [] }) +
            listingQueryString({ sorting: search.sorting }),
        )
      : undefined
  const meta = listing.data?.meta_data
  const self = crumbs[crumbs.length - 1]

  return (
    <ListingPage
      title={meta?.meta_header || self?.title || t`Категория`}
      crumbs={[
        { label: t`Каталог`, path: '/catalog' },
        ...crumbs.slice(0, -1).map((crumb) => ({ label: crumb.title, path: crumb.url })),
        // with filters applied the category itself is one step up
        ...(path.filters.length > 0 && self ? [{ label: self.title, path: self.url }] : []),
      ]}
      testId="category-page"
      head={{
        title: meta?.meta_title,
        description: meta?.meta_description,
        robots: listing.data?.robots,
        canonical: listing.data ? absoluteUrl(localizePath(listing.data.canonical, location)) : undefined,
      }}
      listing={listing}
      page={params.page}
      pageHref={(page) => location.href(basePath + listingQueryString(withPage(search, page)))}
      sorting={params.sorting}
      onSort={(sorting) => go(location.href(basePath + listingQueryString(withSorting(search, sorting))))}
      panel={
        <FilterPanel
          data={panel.data}
          status={panel.status}
          onRetry={() => void panel.refetch()}
          active={path.filters}
          price={search}
          links={links}
        />
      }
      intro={
        <>
          {
            // PC parts (the department and its leaves) lead to the configurator: a plain link, as the
            // page is at its JavaScript budget.
            crumbs.some((crumb) => crumb.slug === 'komplektuyushchie-dlya-pk') && (
              <a href={location.href('/configurator')} className={styles.introLink}>
                {t`Конфигуратор ПК`}
              </a>
            )
          }
          {/* "Save for offline" comes here later, from its own chunk (src/features/offline). */}
          <div id="offline-save" className={styles.offlineSlot} />
        </>
      }
      activeFilters={chips.length}
      chips={<AppliedChips chips={chips} links={links} resetHref={resetHref ?? basePath} />}
      resetHref={resetHref}
    />
  )
}
