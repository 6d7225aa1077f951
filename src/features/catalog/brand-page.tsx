import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { HrefLink } from '../../url/href-link'
import { localizePath } from '../../url/locale-prefix'
import { useStoreLocation } from '../../url/store-location'
import { categoryPagePath } from './filter-url'
import { useAbsoluteUrl } from '../../head/page-head'
import { ListingPage } from './listing-page'
import styles from './listing.module.css'
import { listingQueryString, withPage, withSorting, type ListingSearch } from './listing-search'
import { brandCategoriesQuery, brandListingQuery, brandParams } from './queries'
import { useListingNavigate } from '../../listing/use-listing-navigate'

/**
 * `/b/{brand}`: the brand's products in the shopper's city, with sorting and pages, and links to the
 * brand's products inside each category (`/catalog/{category}/f/brand/{brand}`).
 */
export function BrandPage({ brand, search }: { brand: string; search: ListingSearch }) {
  const absoluteUrl = useAbsoluteUrl()
  const { t } = useLingui()
  const location = useStoreLocation()
  const go = useListingNavigate()
  const params = brandParams(brand, search, location)
  const listing = useQuery(brandListingQuery(params))
  const categories = useQuery(brandCategoriesQuery(brand, location)).data?.categories ?? []
  const basePath = `/b/${encodeURIComponent(brand)}`
  const name = listing.data?.brand.name ?? brand
  const meta = listing.data?.meta_data

  return (
    <ListingPage
      title={meta?.meta_header || name}
      crumbs={[{ label: t`Бренды`, path: '/b' }]}
      testId="brand-page"
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
      intro={
        categories.length > 0 ? (
          <nav aria-label={t`Категории бренда ${name}`}>
            <ul className={styles.intro}>
              {categories.map((category) => (
                <li key={category.id}>
                  <HrefLink
                    href={location.href(
                      categoryPagePath({
                        segments: category.path.split('/'),
                        filters: [{ code: 'brand', value: listing.data?.brand.slug ?? brand }],
                      }),
                    )}
                    className={styles.introLink}
                    data-testid="brand-category"
                  >
                    {category.title} <span className={styles.introCount}>{category.count}</span>
                  </HrefLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null
      }
    />
  )
}
