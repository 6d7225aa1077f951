import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useOptimistic, useState, useTransition } from 'react'
import type { Filter, FiltersResponse } from '../../contract/catalog'
import type { CategoryFilter } from '../url/catalog-path'
import { HrefLink } from '../url/href-link'
import { Button } from '../ui/button'
import { Skeleton } from '../ui/skeleton'
import { hasFilter, parseRangeValue, rangeValue, replaceFilter, toggleFilter, valuesOf } from './filter-pairs'
import { PriceRange, RangeFields } from './price-range'
import { isPriceRangeActive, type PriceChoice } from './price-state'
import styles from './filter-panel.module.css'
import { useListingNavigate } from './use-listing-navigate'
import { formatNumber } from '../i18n/format'
import { pluralForm } from '../i18n/plural-form'

/**
 * How the panel changes the URL: the listing page builds the addresses in its own scheme (the
 * catalogue's `/f/` path pairs, the search page's query), with its prefix, sorting kept and page 1.
 */
export interface FilterLinks {
  /** The listing with these filter pairs, localized, sorting and price kept, page 1. */
  filters: (filters: CategoryFilter[]) => string
  /** The listing with this price choice, localized, filters and sorting kept, page 1. */
  price: (choice: PriceChoice) => string
}

export interface FilterPanelProps {
  /** The filters with their counts and the price bounds; `undefined` while they load. */
  data: Pick<FiltersResponse, 'filters' | 'price_range'> | undefined
  status: 'pending' | 'error' | 'success'
  onRetry: () => void
  /** The filter pairs in use, as the page's URL says. */
  active: readonly CategoryFilter[]
  price: PriceChoice
  links: FilterLinks
}

/** Option lists longer than this show the first ones and a "show all" button. */
const VISIBLE_OPTIONS = 6

function Count({ value }: { value: number }) {
  return <span className={styles.count}>{value}</span>
}

/** What a filter group shows and how it applies a choice. */
interface ChoiceProps {
  filter: Filter
  active: readonly CategoryFilter[]
  choose: (filters: CategoryFilter[]) => void
}

function OptionList({ filter, active, choose }: ChoiceProps) {
  const { t } = useLingui()
  const [expanded, setExpanded] = useState(false)
  const chosen = valuesOf(active, filter.code)
  // chosen options always show, even beyond the first few
  const visible = expanded
    ? filter.options
    : filter.options.filter((o, i) => i < VISIBLE_OPTIONS || chosen.includes(o.code))
  const hidden = filter.options.length - visible.length
  const form = pluralForm(hidden)
  const single = filter.type === 'checkbox'
  const listId = `filter-${filter.code}-options`
  return (
    <>
      <ul className={styles.options} id={listId} role="group" aria-label={filter.title}>
        {visible.map((option) => {
          const checked = hasFilter(active, filter.code, option.code)
          const disabled = !option.isEnabled && !checked
          const next = single
            ? replaceFilter(active, filter.code, checked ? undefined : option.code)
            : toggleFilter(active, filter.code, option.code)
          // a checkbox filter with one option reads as the filter itself: "NFC"
          const label = single && filter.options.length === 1 ? filter.title : option.title
          return (
            <li key={option.code}>
              <label className={disabled ? `${styles.option} ${styles.optionDisabled}` : styles.option}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => choose(next)}
                  data-testid="filter-option"
                  data-code={filter.code}
                  data-value={option.code}
                  data-count={option.count}
                />
                <span className={styles.optionTitle}>{label}</span>
                <Count value={option.count} />
              </label>
            </li>
          )
        })}
      </ul>
      {hidden > 0 || expanded ? (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded
            ? t`Свернуть`
            : t`${select(form, {
                one: `Ещё ${hidden} вариант`,
                few: `Ещё ${hidden} варианта`,
                many: `Ещё ${hidden} вариантов`,
                other: `Ещё ${hidden} варианта`,
              })}`}
        </button>
      ) : null}
    </>
  )
}

function LinkList({
  filter,
  active,
  links,
}: {
  filter: Filter
  active: readonly CategoryFilter[]
  links: FilterLinks
}) {
  return (
    <ul className={styles.links} aria-label={filter.title}>
      {filter.options.map((option) => {
        const current = hasFilter(active, filter.code, option.code)
        const disabled = !option.isEnabled && !current
        const href = links.filters(replaceFilter(active, filter.code, current ? undefined : option.code))
        return (
          <li key={option.code}>
            {disabled ? (
              <span className={`${styles.link} ${styles.optionDisabled}`} aria-disabled="true">
                {option.title} <Count value={option.count} />
              </span>
            ) : (
              <HrefLink
                href={href}
                className={current ? `${styles.link} ${styles.linkCurrent}` : styles.link}
                aria-current={current ? 'true' : undefined}
                data-testid="filter-option"
                data-code={filter.code}
                data-value={option.code}
                data-count={option.count}
              >
                {option.title} <Count value={option.count} />
              </HrefLink>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function parseDecimal(text: string): number | undefined {
  const normalized = text.replace(/[\s\u00a0]/g, '').replace(',', '.')
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalized)) return undefined
  return Number(normalized)
}

function RangeFilter({ filter, active, choose }: ChoiceProps) {
  const value = valuesOf(active, filter.code)[0]
  const chosen = (value === undefined ? null : parseRangeValue(value)) ?? {}
  return (
    <RangeFields
      legend={filter.title}
      unit={filter.unit}
      bounds={{ min: filter.min, max: filter.max }}
      chosen={chosen}
      parse={parseDecimal}
      format={(value) => formatNumber(value, { maximumFractionDigits: 2, useGrouping: false })}
      onApply={(min, max) => {
        const lo = min !== undefined && filter.min !== null && min <= filter.min ? undefined : min
        const hi = max !== undefined && filter.max !== null && max >= filter.max ? undefined : max
        const [a, b] = lo !== undefined && hi !== undefined && lo > hi ? [hi, lo] : [lo, hi]
        choose(replaceFilter(active, filter.code, rangeValue(a, b)))
      }}
    />
  )
}

function FilterGroup({
  filter,
  active,
  links,
  choose,
}: {
  filter: Filter
  active: readonly CategoryFilter[]
  links: FilterLinks
  choose: (filters: CategoryFilter[]) => void
}) {
  const chosen = valuesOf(active, filter.code).length
  // every group starts open: the shopper sees all the choices; a tap folds a group away
  const [open, setOpen] = useState(true)
  return (
    <details
      className={styles.group}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="filter-group"
      data-code={filter.code}
      data-type={filter.type}
    >
      <summary className={styles.summary}>
        <span>{filter.title}</span>
        {chosen > 0 ? <span className={styles.badge}>{chosen}</span> : null}
      </summary>
      <div className={styles.groupBody}>
        {filter.type === 'range' ? (
          <RangeFilter filter={filter} active={active} choose={choose} />
        ) : filter.type === 'link' ? (
          <LinkList filter={filter} active={active} links={links} />
        ) : (
          <OptionList filter={filter} active={active} choose={choose} />
        )}
      </div>
    </details>
  )
}

/**
 * The filters of a listing (spec 2.3): price range first, then the range, checkbox, multiselect and
 * link filters with counts that follow the other chosen filters. The same panel is the desktop side
 * column and the content of the phone sheet, on category pages and on search.
 */
export function FilterPanel({ data, status, onRetry, active, price, links }: FilterPanelProps) {
  const { t } = useLingui()
  const go = useListingNavigate()
  // A choice shows at once, while the listing it asks for loads (a transition); then the URL's state
  // takes over.
  const [shown, setShown] = useOptimistic(active)
  const [, startTransition] = useTransition()
  const choose = (filters: CategoryFilter[]) =>
    startTransition(async () => {
      setShown(filters)
      await go(links.filters(filters))
    })
  if (!data) {
    if (status === 'error') {
      return (
        <div className={styles.panel} data-testid="filter-panel">
          <p className={styles.failed}>{t`Не удалось загрузить фильтры.`}</p>
          <Button variant="secondary" size="s" onClick={onRetry}>
            {t`Повторить`}
          </Button>
        </div>
      )
    }
    return (
      <div className={styles.panel} data-testid="filter-panel" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeletonGroup}>
            <Skeleton height={20} width="50%" />
            <Skeleton height={16} />
            <Skeleton height={16} />
            <Skeleton height={16} width="80%" />
          </div>
        ))}
      </div>
    )
  }
  const bounds = data.price_range
  const filters = data.filters.filter(
    (f) =>
      f.code !== 'price' &&
      (f.type === 'range' ? f.min !== null && f.max !== null && f.min < f.max : f.options.length > 0),
  )
  return (
    <div className={styles.panel} data-testid="filter-panel">
      {bounds.max > bounds.min ? (
        <details className={styles.group} open data-testid="filter-group" data-code="price" data-type="range">
          <summary className={styles.summary}>
            <span>{t`Цена, ₸`}</span>
            {isPriceRangeActive(bounds, price) ? <span className={styles.badge}>1</span> : null}
          </summary>
          <div className={styles.groupBody}>
            <PriceRange bounds={bounds} chosen={price} onApply={(choice) => void go(links.price(choice))} />
          </div>
        </details>
      ) : null}
      {filters.map((filter) => (
        <FilterGroup key={filter.code} filter={filter} active={shown} links={links} choose={choose} />
      ))}
    </div>
  )
}
