import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { MenuItem } from '../../../contract/menu'
import { HrefLink } from '../../url/href-link'
import { localizePath } from '../../url/locale-prefix'
import { useStoreLocation } from '../../url/store-location'
import { useAbsoluteUrl } from '../../head/page-head'
import { ListingPage } from './listing-page'
import styles from './listing.module.css'
import { listingQueryString, withPage, withSorting, type ListingSearch } from './listing-search'
import { catalogMenuQuery, categoryListingQuery, listingParams, SERVICES_CATEGORY } from './queries'
import { useListingNavigate } from '../../listing/use-listing-navigate'

function findServices(items: readonly MenuItem[]): MenuItem | undefined {
  for (const item of items) {
    if (item.slug === SERVICES_CATEGORY) return item
    const inner = findServices(item.children)
    if (inner) return inner
  }
  return undefined
}

/** `/catalog/s`: the store's services (installation, extended warranty), each opening `/p/s/{sku}`. */
export function ServicesPage({ search }: { search: ListingSearch }) {
  const absoluteUrl = useAbsoluteUrl()
  const { t } = useLingui()
  const location = useStoreLocation()
  const go = useListingNavigate()
  const params = listingParams([SERVICES_CATEGORY], [], search, location)
  const listing = useQuery(categoryListingQuery(params))
  const menu = useQuery(catalogMenuQuery(location)).data
  const groups = menu ? (findServices(menu.items)?.children ?? []) : []
  const basePath = '/catalog/s'
  const meta = listing.data?.meta_data

  return (
    <ListingPage
      title={t`Услуги`}
      crumbs={[{ label: t`Каталог`, path: '/catalog' }]}
      testId="services-page"
      services
      head={{
        title: meta?.meta_title,
        description: meta?.meta_description,
        robots: listing.data?.robots,
        canonical: absoluteUrl(localizePath(basePath, location)),
      }}
      listing={listing}
      page={params.page}
      pageHref={(page) => location.href(basePath + listingQueryString(withPage(search, page)))}
      sorting={params.sorting}
      onSort={(sorting) => go(location.href(basePath + listingQueryString(withSorting(search, sorting))))}
      intro={
        groups.length > 0 ? (
          <nav aria-label={t`Виды услуг`}>
            <ul className={styles.intro}>
              {groups.map((group) => (
                <li key={group.id}>
                  <HrefLink
                    href={location.href(group.url)}
                    className={styles.introLink}
                    data-testid="services-group"
                  >
                    {group.title}
                    {group.product_count !== null ? (
                      <span className={styles.introCount}>{group.product_count}</span>
                    ) : null}
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
