/**
 * The price filter (spec 2.3, 5): sent as min and max; it counts as active only when its min or its max
 * differs from the listing's initial bounds (the bounds without a price filter).
 */
export interface PriceBounds {
  min: number
  max: number
}

/** The price bounds the shopper chose, whole tenge; `undefined` is no bound. */
export interface PriceChoice {
  priceMin?: number
  priceMax?: number
}

export function isPriceRangeActive(bounds: PriceBounds, chosen: PriceChoice): boolean {
  const minMoved = chosen.priceMin !== undefined && chosen.priceMin !== bounds.min
  const maxMoved = chosen.priceMax !== undefined && chosen.priceMax !== bounds.max
  return minMoved || maxMoved
}

/** What a shopper typed into a price field: digits only (spaces and the tenge sign ignored). */
export function parsePriceInput(text: string): number | undefined {
  const digits = text.replace(/[\s\u00a0\u202f₸]/g, '')
  if (!/^\d{1,9}$/.test(digits)) return undefined
  return Number(digits)
}

/**
 * The URL's price choice from the two fields: empty or unreadable fields and values at or beyond the
 * bounds are left out (a range that narrows nothing leaves no trace in the URL), bounds typed the wrong
 * way round are swapped.
 */
export function priceChoice(
  min: number | undefined,
  max: number | undefined,
  bounds: PriceBounds,
): PriceChoice {
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
  return {
    priceMin: min === undefined || min <= bounds.min ? undefined : min,
    priceMax: max === undefined || max >= bounds.max ? undefined : max,
  }
}

export function priceChoiceFromInputs(minText: string, maxText: string, bounds: PriceBounds): PriceChoice {
  return priceChoice(parsePriceInput(minText), parsePriceInput(maxText), bounds)
}
