import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { formatNumber } from '../i18n/format'
import { pluralForm } from '../i18n/plural-form'
import { useState, type ReactNode } from 'react'
import { HrefLink } from '../url/href-link'
import { Button } from '../ui/button'
import { Modal } from '../ui/modal'
import styles from './listing.module.css'
import { useIsPhone } from './use-is-phone'

/** Whether the page shows its filters in the phone's sheet, and whether the sheet is open. */
export interface FilterSheetState {
  phone: boolean
  open: boolean
  show: () => void
  close: () => void
}

/**
 * The phone's filter sheet as a page holds it: the page renders the sheet after its frame, and hands
 * the state to ListingColumns for the button that opens it.
 */
export function useFilterSheet(): FilterSheetState {
  const phone = useIsPhone()
  const [open, setOpen] = useState(false)
  return { phone, open, show: () => setOpen(true), close: () => setOpen(false) }
}

/** The "Filters" button of phones, with the number of filters in use. */
export function OpenFiltersButton({
  activeCount,
  expanded,
  onClick,
}: {
  activeCount: number
  expanded: boolean
  onClick: () => void
}) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      className={styles.openFilters}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
      data-testid="open-filters"
    >
      <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          fill="none"
        />
        <circle cx="16" cy="6" r="2" stroke="currentColor" strokeWidth="1.8" fill="none" />
        <circle cx="10" cy="12" r="2" stroke="currentColor" strokeWidth="1.8" fill="none" />
        <circle cx="18" cy="18" r="2" stroke="currentColor" strokeWidth="1.8" fill="none" />
      </svg>
      {t`Фильтры`}
      {activeCount > 0 ? <span className={styles.openFiltersCount}>{activeCount}</span> : null}
    </button>
  )
}

/**
 * The filter panel of phones, in a sheet from the bottom (the shared Modal: native dialog, focus kept
 * inside, Escape closes, focus returns to the button). Choices apply at once, so the products behind
 * are already the filtered ones when the shopper taps "show".
 */
export function FilterSheet({
  open,
  onClose,
  total,
  resetHref,
  children,
}: {
  open: boolean
  onClose: () => void
  total: number | undefined
  resetHref: string | undefined
  children: ReactNode
}) {
  const { t } = useLingui()
  const shown = formatNumber(total ?? 0)
  const form = pluralForm(total ?? 0)
  return (
    <Modal open={open} onClose={onClose} title={t`Фильтры`}>
      <div className={styles.sheetBody} data-testid="filter-sheet">
        {children}
      </div>
      <div className={styles.sheetFooter}>
        {resetHref ? (
          <HrefLink href={resetHref} className={styles.sheetReset} preload={false}>
            {t`Сбросить`}
          </HrefLink>
        ) : null}
        <Button block onClick={onClose} data-testid="sheet-show">
          {total === undefined
            ? t`Показать товары`
            : t`${select(form, {
                one: `Показать ${shown} товар`,
                few: `Показать ${shown} товара`,
                many: `Показать ${shown} товаров`,
                other: `Показать ${shown} товара`,
              })}`}
        </Button>
      </div>
    </Modal>
  )
}
