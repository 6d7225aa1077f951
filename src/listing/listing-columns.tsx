import type { ReactNode } from 'react'
import { OpenFiltersButton, type FilterSheetState } from './filter-sheet'
import styles from './listing.module.css'
import { Pagination } from './pagination'
import { Suspense } from 'react'

export interface ListingColumnsProps {
  /**
   * The filter panel (one root element): the side column on desktop. On phones the page shows it in
   * its FilterSheet instead, opened by the button here. None on listings without filters.
   */
  panel?: ReactNode
  sheet: FilterSheetState
  /** Filters in use, counted on the phone's "Filters" button. */
  activeFilters?: number
  /** A new state of the listing is loading: the products dim. */
  busy: boolean
  /** The count of products, at the start of the toolbar. */
  total: ReactNode
  /** The sorting control, at the end of the toolbar. */
  sort: ReactNode
  /** Chips of the filters in use, above the products. */
  chips?: ReactNode
  /** The products, or the state that stands for them (loading, empty, failed). */
  children: ReactNode
  page: number
  totalPages: number
  pageHref: (page: number) => string
  /** Under the pagination: the listing's SEO text. */
  footer?: ReactNode
}

/**
 * The body of a product listing: the filters beside the products, a toolbar with the total, the phone's
 * "Filters" button and the sorting, the applied-filter chips, the products and the page links. The
 * address of every state is the page's own business: it comes in through the links and callbacks.
 */
export function ListingColumns({
  panel,
  sheet,
  activeFilters = 0,
  busy,
  total,
  sort,
  chips,
  children,
  page,
  totalPages,
  pageHref,
  footer,
}: ListingColumnsProps) {
  return (
    <div className={panel ? styles.layout : undefined}>
      {/* Hidden on phones by CSS until the app knows the screen and leaves it out. */}
      {panel && !sheet.phone ? (
        <aside className={styles.side}>
          <Suspense>{panel}</Suspense>
        </aside>
      ) : null}
      <div className={styles.main} aria-busy={busy || undefined}>
        <div className={styles.toolbar}>
          {total}
          <div className={styles.toolbarControls}>
            {/* Rendered for every screen and hidden above 767 px by CSS, so a page rendered on the
                server (which cannot know the screen) shows a phone its button from the start. */}
            {panel ? (
              <OpenFiltersButton activeCount={activeFilters} expanded={sheet.open} onClick={sheet.show} />
            ) : null}
            {sort}
          </div>
        </div>
        {chips}
        {children}
        {totalPages > 1 ? (
          <Suspense>
            <Pagination page={page} totalPages={totalPages} hrefFor={pageHref} />
          </Suspense>
        ) : null}
        {footer}
      </div>
    </div>
  )
}
