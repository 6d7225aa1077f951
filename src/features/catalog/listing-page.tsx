import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { ProductListResponse, Sorting } from '../../../contract/catalog'
import { HrefLink } from '../../app/href-link'
import { useStoreLocation } from '../../app/store-location'
import { PageFrame, type Crumb } from '../shell/page-frame'
import { Button, buttonClassName } from '../../ui/button'
import { HydrateInTurn } from '../../ui/hydrate-in-turn'
import { Skeleton } from '../../ui/skeleton'
import { FilterSheet, OpenFiltersButton } from './filter-sheet'
import { usePageHead, type PageHead } from '../../app/page-head'
import styles from './listing.module.css'
import { lastPage } from './page-window'
import { Pagination } from './pagination'
import { ProductGrid, ProductGridSkeleton } from './product-grid'
import { SortSelect } from './sort-select'
import { useIsPhone } from './use-is-phone'

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

function Total({ total, services }: { total: number | undefined; services: boolean }) {
  if (total === undefined) return <Skeleton width={96} height={18} />
  return (
    <p className={styles.total} data-testid="listing-total" data-total={total} aria-live="polite">
      {services ? (
        <Plural value={total} one="# услуга" few="# услуги" many="# услуг" other="# услуги" />
      ) : (
        <Plural value={total} one="# товар" few="# товара" many="# товаров" other="# товара" />
      )}
    </p>
  )
}

function EmptyListing({ resetHref }: { resetHref: string | undefined }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <div className={styles.state} data-testid="listing-empty" role="status">
      <h2 className={styles.stateTitle}>{resetHref ? t`Ничего не нашлось` : t`Здесь пока нет товаров`}</h2>
      <p className={styles.stateText}>
        {resetHref
          ? t`Под выбранные фильтры не подходит ни один товар. Уберите часть фильтров или сбросьте их все.`
          : t`Товары этой категории скоро появятся в вашем городе. Загляните в другие разделы каталога.`}
      </p>
      {resetHref ? (
        <HrefLink href={resetHref} className={buttonClassName()} data-testid="listing-empty-reset">
          {t`Сбросить фильтры`}
        </HrefLink>
      ) : (
        <Link to="/{-$city}/catalog" params={{ city: prefix }} className={buttonClassName()}>
          {t`Перейти в каталог`}
        </Link>
      )}
    </div>
  )
}

function FailedListing({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <div className={styles.state} data-testid="listing-error" role="alert">
      <h2 className={styles.stateTitle}>{t`Не удалось загрузить товары`}</h2>
      <p className={styles.stateText}>
        {t`Проверьте подключение к интернету и попробуйте ещё раз. Выбранные фильтры сохранятся.`}
      </p>
      <Button onClick={onRetry}>{t`Повторить`}</Button>
    </div>
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
  const phone = useIsPhone()
  const [sheetOpen, setSheetOpen] = useState(false)
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
        <div className={panel ? styles.layout : undefined}>
          {/* Hidden on phones by CSS until the app knows the screen and leaves it out. */}
          {panel && !phone ? (
            <aside className={styles.side}>
              <HydrateInTurn>{panel}</HydrateInTurn>
            </aside>
          ) : null}
          <div className={styles.main} aria-busy={listing.isFetching || undefined}>
            <div className={styles.toolbar}>
              <Total total={data?.total} services={services} />
              <div className={styles.toolbarControls}>
                {/* Rendered for every screen and hidden above 767 px by CSS, so a page rendered on the
                    server (which cannot know the screen) shows a phone its button from the start. */}
                {panel ? (
                  <OpenFiltersButton
                    activeCount={activeFilters}
                    expanded={sheetOpen}
                    onClick={() => setSheetOpen(true)}
                  />
                ) : null}
                <SortSelect value={sorting} onChange={onSort} />
              </div>
            </div>
            {chips}
            {content}
            {totalPages > 1 ? (
              <HydrateInTurn>
                <Pagination page={page} totalPages={totalPages} hrefFor={pageHref} />
              </HydrateInTurn>
            ) : null}
            {data?.meta_data.seo_text && page === 1 ? (
              <p className={styles.seoText}>{data.meta_data.seo_text}</p>
            ) : null}
          </div>
        </div>
      </PageFrame>
      {panel && phone ? (
        <FilterSheet
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          total={data?.total}
          resetHref={resetHref}
        >
          {panel}
        </FilterSheet>
      ) : null}
      <PageHeadEffect {...head} />
    </>
  )
}
