import { formatNumber } from '../../i18n/format'

const NBSP = '\u00a0'

/** The rule: the power supply must give at least 1.3 × what the parts are estimated to draw. */
export const PSU_HEADROOM = 1.3

/** `watts(450)` → `450 Вт` (no-break space, so the figure never parts from its unit). */
export const watts = (value: number) => `${formatNumber(Math.round(value))}${NBSP}Вт`

/** `millimetres(336)` → `336 мм`. */
export const millimetres = (value: number) => `${formatNumber(Math.round(value))}${NBSP}мм`

/**
 * The smallest power supply the estimate asks for, rounded up to the 50 W steps supplies are sold in,
 * so the figure the shopper reads is one they can find in the list.
 */
export function recommendedPsuWatts(estimatedDraw: number): number {
  if (!(estimatedDraw > 0)) return 0
  return Math.ceil((estimatedDraw * PSU_HEADROOM) / 50) * 50
}

/** How full the supply is at the estimated draw, 0-100, for the bar under the wattage. */
export function psuLoadPercent(estimatedDraw: number, psuWatts: number | null): number | null {
  if (!psuWatts || psuWatts <= 0 || !(estimatedDraw > 0)) return null
  return Math.min(100, Math.round((estimatedDraw / psuWatts) * 100))
}
