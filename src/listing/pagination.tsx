import { useLingui } from '@lingui/react/macro'
import { HrefLink } from '../url/href-link'
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons'
import { paginationItems, PAGE_WINDOW, PAGE_WINDOW_PHONE } from './page-window'
import styles from './listing.module.css'
import { useIsPhone } from './use-is-phone'

/**
 * Page links of a listing (spec 2.3): 5 pages around the current one, 3 on screens up to 767 px, the
 * first and last pages, previous and next. Real links, so every page has an address.
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number
  totalPages: number
  hrefFor: (page: number) => string
}) {
  const { t } = useLingui()
  const phone = useIsPhone()
  if (totalPages <= 1) return null
  const items = paginationItems(page, totalPages, phone ? PAGE_WINDOW_PHONE : PAGE_WINDOW)
  const pageLink = (n: number) => (
    <HrefLink
      href={hrefFor(n)}
      className={n === page ? `${styles.page} ${styles.pageCurrent}` : styles.page}
      aria-current={n === page ? 'page' : undefined}
      aria-label={t`Страница ${n}`}
      data-page={n}
    >
      {n}
    </HrefLink>
  )
  return (
    <nav className={styles.pagination} aria-label={t`Страницы`} data-testid="pagination">
      {page > 1 ? (
        <HrefLink
          href={hrefFor(page - 1)}
          className={styles.pageStep}
          rel="prev"
          aria-label={t`Предыдущая страница`}
          data-testid="pagination-prev"
        >
          <ChevronLeftIcon size="M" />
        </HrefLink>
      ) : (
        <span className={`${styles.pageStep} ${styles.pageStepOff}`} aria-hidden="true">
          <ChevronLeftIcon size="M" />
        </span>
      )}
      <ul className={styles.pages}>
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>{pageLink(item.page)}</li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <HrefLink
          href={hrefFor(page + 1)}
          className={styles.pageStep}
          rel="next"
          aria-label={t`Следующая страница`}
          data-testid="pagination-next"
        >
          <ChevronRightIcon size="M" />
        </HrefLink>
      ) : (
        <span className={`${styles.pageStep} ${styles.pageStepOff}`} aria-hidden="true">
          <ChevronRightIcon size="M" />
        </span>
      )}
    </nav>
  )
}
