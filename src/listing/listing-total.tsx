import { Plural } from '@lingui/react/macro'
import { Skeleton } from '../ui/skeleton'
import styles from './listing.module.css'

/** How many products (or services) the listing holds, above the grid; a placeholder while it loads. */
export function ListingTotal({ total, services = false }: { total: number | undefined; services?: boolean }) {
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
