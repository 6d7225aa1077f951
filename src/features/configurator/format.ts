import { formatNumber } from '../../i18n/format'

const NBSP = '\u00a0'

/** `watts(450)` → `450 Вт` (no-break space, so the figure never parts from its unit). */
export const watts = (value: number) => `${formatNumber(Math.round(value))}${NBSP}Вт`

/** `millimetres(336)` → `336 мм`. */
export const millimetres = (value: number) => `${formatNumber(Math.round(value))}${NBSP}мм`

/** How full the supply is at the estimated draw, 0-100, for the bar under the wattage. */
export function psuLoadPercent(estimatedDraw: number, psuWatts: number | null): number | null {
  if (!psuWatts || psuWatts <= 0 || !(estimatedDraw > 0)) return null
  return Math.min(100, Math.round((estimatedDraw / psuWatts) * 100))
}
