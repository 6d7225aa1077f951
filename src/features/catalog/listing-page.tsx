import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { ProductListResponse, Sorting } from '../../../contract/catalog'
import { useStoreLocation } from '../../url/store-location'
import { PageFrame, type Crumb } from '../../page/page-frame'
import { Button, buttonClassName } from '../../ui/button'
import { FilterSheet, useFilterSheet } from '../../listing/filter-sheet'
import { ListingColumns } from '../../listing/listing-columns'
import { ListingTotal } from '../../listing/listing-total'
import { lastPage } from '../../listing/page-window'
import { ProductGrid, ProductGridSkeleton } from '../../listing/product-grid'
import { SortSelect } from '../../listing/sort-select'
import { usePageHead } from '../../head/page-head'
import type { PageHead } from '../../head/page-head-type'
import styles from './listing.module.css'
import { CATALOG_SORT_OPTIONS } from './sortings'
import { ListingState, NothingMatchesFilters } from '../../listing/listing-state'

export interface ListingResult {
  data: ProductListResponse | undefined
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

export interface ListingPageProps {
  title: string
  crumbs: readonly Crumb[]
  testId: string
  head: PageHead
  listing: ListingResult
  page: number
  pageHref: (page: number) => string
  sorting: Sorting
  onSort: (sorting: Sorting) => Promise<void>
  /** The filter panel: a side column on desktop, a sheet on phones. None on pages without filters. */
  panel?: ReactNode
  /** Filters in use, counted on the phone's "Filters" button. */
  activeFilters?: number
  /** Chips of the filters in use. */
  chips?: ReactNode
  /** The listing without any filter, when a filter is in use. */
  resetHref?: string
  /** Between the heading and the products: sub-category links. */
  intro?: ReactNode
  /** Counts "services" rather than "products". */
  services?: boolean
}

function PageHeadEffect(head: PageHead) {
  usePageHead(head)
  return null
}

function EmptyListing({ resetHref }: { resetHref: string | undefined }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  if (resetHref) {
    return (
      <NothingMatchesFilters resetHref={resetHref} testId="listing-empty" resetTestId="listing-empty-reset" />
    )
  }
  return (
    <ListingState
      title={t`Здесь пока нет товаров`}
      text={t`Товары этой категории скоро появятся в вашем городе. Загляните в другие разделы каталога.`}
      role="status"
      testId="listing-empty"
    >
      <Link to="/{-$city}/catalog" params={{ city: prefix }} className={buttonClassName()}>
        {t`Перейти в каталог`}
      </Link>
    </ListingState>
  )
}

function FailedListing({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <ListingState
      title={t`Не удалось загрузить товары`}
      text={t`Проверьте подключение к интернету и попробуйте ещё раз. Выбранные фильтры сохранятся.`}
      role="alert"
      testId="listing-error"
    >
      <Button onClick={onRetry}>{t`Повторить`}</Button>
    </ListingState>
  )
}

/**
 * A page of products: heading, filters (side column or phone sheet), total, sorting, applied-filter
 * chips, the grid, pagination and the listing's SEO text; with loading, empty and error states.
 */
export function ListingPage({
  title,
  crumbs,
  testId,
  head,
  listing,
  page,
  pageHref,
  sorting,
  onSort,
  panel,
  activeFilters = 0,
  chips,
  resetHref,
  intro,
  services = false,
}: ListingPageProps) {
  const sheet = useFilterSheet()
  const { data } = listing
  const totalPages = data ? lastPage(data.total, data.limit) : 1

  let content: ReactNode
  if (data) {
    content =
      data.total === 0 || data.payload.length === 0 ? (
        <EmptyListing resetHref={resetHref} />
      ) : (
        <ProductGrid products={data.payload} />
      )
  } else if (listing.isError) {
    content = <FailedListing onRetry={() => void listing.refetch()} />
  } else {
    content = <ProductGridSkeleton />
  }

  return (
    <>
      <PageFrame title={title} crumbs={crumbs} backLinks={false} testId={testId}>
        {intro}
        <ListingColumns
          panel={panel}
          sheet={sheet}
          activeFilters={activeFilters}
          busy={listing.isFetching}
          total={<ListingTotal total={data?.total} services={services} />}
          sort={<SortSelect value={sorting} options={CATALOG_SORT_OPTIONS} onChange={onSort} />}
          chips={chips}
          page={page}
          totalPages={totalPages}
          pageHref={pageHref}
          footer={
            data?.meta_data.seo_text && page === 1 ? (
              <p className={styles.seoText}>{data.meta_data.seo_text}</p>
            ) : null
          }
        >
          {content}
        </ListingColumns>
      </PageFrame>
      {panel && sheet.phone ? (
        <FilterSheet open={sheet.open} onClose={sheet.close} total={data?.total} resetHref={resetHref}>
          {panel}
        </FilterSheet>
      ) : null}
      <PageHeadEffect {...head} />
    </>
  )
}
