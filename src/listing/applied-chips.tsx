import { useLingui } from '@lingui/react/macro'
import type { CategoryFilter } from '../url/catalog-path'
import { HrefLink } from '../url/href-link'
import { formatMoney, formatNumber } from '../i18n/format'
import { CloseIcon } from '../ui/icons'
import type { AppliedChip } from './chips'
import type { FilterLinks } from './filter-panel'
import styles from './listing.module.css'

function rangeText(min: number | undefined, max: number | undefined, show: (n: number) => string) {
  if (min !== undefined && max !== undefined) return `${show(min)} – ${show(max)}`
  if (min !== undefined) return `≥ ${show(min)}`
  return `≤ ${show(max ?? 0)}`
}

/**
 * The filters in use as chips above the products; each chip is a link to the listing without it, and
 * "reset all" clears the filters and the price at once.
 */
export function AppliedChips({
  chips,
  links,
  resetHref,
}: {
  chips: readonly AppliedChip[]
  links: FilterLinks
  resetHref: string
}) {
  const { t } = useLingui()
  if (chips.length === 0) return null
  const label = (chip: AppliedChip): { text: string; code: string; value: string; href: string } => {
    if (chip.kind === 'price') {
      const text = rangeText(chip.priceMin, chip.priceMax, (n) => formatMoney(n))
      return {
        text: t`Цена: ${text}`,
        code: 'price',
        value: `${chip.priceMin ?? ''}-${chip.priceMax ?? ''}`,
        href: links.price({}),
      }
    }
    const rest: CategoryFilter[] = chip.rest
    if (chip.kind === 'range') {
      const unit = chip.unit ? ` ${chip.unit}` : ''
      const text = rangeText(chip.min, chip.max, (n) => formatNumber(n))
      return {
        text: `${chip.filterTitle}: ${text}${unit}`,
        code: chip.code,
        value: chip.value,
        href: links.filters(rest),
      }
    }
    return {
      text: `${chip.filterTitle}: ${chip.optionTitle}`,
      code: chip.code,
      value: chip.value,
      href: links.filters(rest),
    }
  }
  return (
    <div className={styles.chipsRow}>
      <ul className={styles.chips} aria-label={t`Выбранные фильтры`}>
        {chips.map((chip) => {
          const { text, code, value, href } = label(chip)
          return (
            <li key={`${code}/${value}`}>
              <HrefLink
                href={href}
                className={styles.chip}
                data-testid="applied-chip"
                data-code={code}
                data-value={value}
                aria-label={t`Убрать фильтр «${text}»`}
                preload={false}
              >
                <span>{text}</span>
                <CloseIcon size="XS" />
              </HrefLink>
            </li>
          )
        })}
      </ul>
      {chips.length > 1 ? (
        <HrefLink href={resetHref} className={styles.resetAll} data-testid="reset-filters" preload={false}>
          {t`Сбросить все`}
        </HrefLink>
      ) : null}
    </div>
  )
}
