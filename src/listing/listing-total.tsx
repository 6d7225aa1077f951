import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { formatNumber } from '../i18n/format'
import { pluralForm } from '../i18n/plural-form'
import { Skeleton } from '../ui/skeleton'
import styles from './listing.module.css'

/** How many products (or services) the listing holds, above the grid; a placeholder while it loads. */
export function ListingTotal({ total, services = false }: { total: number | undefined; services?: boolean }) {
  const { t } = useLingui()
  if (total === undefined) return <Skeleton width={96} height={18} />
  const shown = formatNumber(total)
  const form = pluralForm(total)
  return (
    <p className={styles.total} data-testid="listing-total" data-total={total} aria-live="polite">
      {services
        ? t`${select(form, { one: `${shown} услуга`, few: `${shown} услуги`, many: `${shown} услуг`, other: `${shown} услуги` })}`
        : t`${select(form, { one: `${shown} товар`, few: `${shown} товара`, many: `${shown} товаров`, other: `${shown} товара` })}`}
    </p>
  )
}
