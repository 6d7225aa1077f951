import { useLingui } from '@lingui/react/macro'
import { useId, type FormEvent } from 'react'
import { Button } from '../ui/button'
import { parsePriceInput, priceChoice, type PriceBounds, type PriceChoice } from './price-state'
import styles from './filter-panel.module.css'
import { formatNumber } from '../i18n/format'

export interface RangeFieldsProps {
  legend: string
  /** The listing's bounds, shown as placeholders. */
  bounds: { min: number | null; max: number | null }
  chosen: { min?: number; max?: number }
  unit?: string | null
  /** Reads a field; `undefined` for empty or unreadable text. */
  parse: (text: string) => number | undefined
  onApply: (min: number | undefined, max: number | undefined) => void
  testIds?: { min: string; max: string; apply: string }
  format?: (value: number) => string
}

/**
 * Two fields, "from" and "to", and an apply button: the listing changes when the shopper applies, not
 * on every keystroke. Enter in either field applies too.
 */
export function RangeFields({
  legend,
  bounds,
  chosen,
  unit,
  parse,
  onApply,
  testIds,
  format,
}: RangeFieldsProps) {
  const { t } = useLingui()
  const id = useId()
  const show = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : format ? format(value) : String(value)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    onApply(parse(String(data.get('min') ?? '')), parse(String(data.get('max') ?? '')))
  }
  return (
    // keyed by the chosen values: the fields show what the URL says after every navigation
    <form
      key={`${chosen.min ?? ''}-${chosen.max ?? ''}`}
      className={styles.range}
      onSubmit={submit}
      noValidate
    >
      <fieldset className={styles.rangeFieldset}>
        <legend className="visually-hidden">{unit ? `${legend}, ${unit}` : legend}</legend>
        <div className={styles.rangeFields}>
          <label className={styles.rangeField} htmlFor={`${id}-min`}>
            <span className={styles.rangeLabel}>{t`от`}</span>
            <input
              id={`${id}-min`}
              name="min"
              className={styles.rangeInput}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={show(chosen.min)}
              placeholder={show(bounds.min)}
              aria-label={t`${legend} от`}
              data-testid={testIds?.min}
            />
          </label>
          <label className={styles.rangeField} htmlFor={`${id}-max`}>
            <span className={styles.rangeLabel}>{t`до`}</span>
            <input
              id={`${id}-max`}
              name="max"
              className={styles.rangeInput}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={show(chosen.max)}
              placeholder={show(bounds.max)}
              aria-label={t`${legend} до`}
              data-testid={testIds?.max}
            />
          </label>
        </div>
        <Button type="submit" variant="secondary" size="s" block data-testid={testIds?.apply}>
          {t`Применить`}
        </Button>
      </fieldset>
    </form>
  )
}

/** The price filter: whole tenge, applied as `priceMin`/`priceMax` in the query (spec 2.3). */
export function PriceRange({
  bounds,
  chosen,
  onApply,
}: {
  bounds: PriceBounds
  chosen: PriceChoice
  onApply: (choice: PriceChoice) => void
}) {
  const { t } = useLingui()
  return (
    <RangeFields
      legend={t`Цена`}
      unit="₸"
      bounds={bounds}
      chosen={{ min: chosen.priceMin, max: chosen.priceMax }}
      parse={parsePriceInput}
      format={(value) => formatNumber(value)}
      onApply={(min, max) => onApply(priceChoice(min, max, bounds))}
      testIds={{ min: 'price-min', max: 'price-max', apply: 'price-apply' }}
    />
  )
}
