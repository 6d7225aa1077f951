import type { FilterType, IllustrationKind, ProductAttributes } from '../../db/schema/catalog'
import type { Random } from '../random'

/** What a category's maker decides about one product; the generator adds prices, stock and the rest. */
export interface Draft {
  brand: string
  /** Model without memory or colour ('Galaxy S24 Ultra'): variant grouping and search. */
  model: string
  /** The title after the category word, the same in both languages: 'Samsung Galaxy A55 8/256GB Awesome Navy'. */
  tail: string
  /** Almaty shelf price before rounding to a 990 ending. */
  price: number
  attributes: ProductAttributes
  weightGrams: number
  /** Overrides the category word where the kind of thing differs: 'SSD накопитель', 'Робот-пылесос'. */
  word?: readonly [ru: string, kk: string]
}

/**
 * `slot` is the product's round in the opening sweep over all categories (0, 1, 2), or -1 afterwards.
 * Makers use it to cover the combinations tests and the configurator rely on even in tiny catalogues.
 */
export type Maker = (r: Random, slot: number) => Draft

export interface LeafSpec {
  slug: string
  kind: IllustrationKind
  /** Singular category word starting the title, Russian and Kazakh: ['Холодильник', 'Тоңазытқыш']. */
  word: readonly [ru: string, kk: string]
  /** Relative share of regular products. */
  weight: number
  filters: readonly (readonly [code: string, type: FilterType])[]
  /** Attributes shown under the title in listings. */
  highlights: readonly string[]
  /** Share of products sold made to order instead of from stock. */
  mtoShare?: number
  /** Share of products on pre-order (new releases not yet delivered). */
  preorderShare?: number
  make: Maker
}

/** A part number in a maker's pattern: 9 is a digit, A a capital letter, everything else literal. */
export function partNumber(r: Random, pattern: string): string {
  let out = ''
  for (const ch of pattern) {
    if (ch === '9') out += String(r.int(0, 9))
    else if (ch === 'A') out += String.fromCharCode(65 + r.int(0, 25))
    else out += ch
  }
  return out
}

/** Price for the `step`-th memory tier above the base one. */
export function tierPrice(base: number, step: number, perStep = 0.14): number {
  return base * (1 + perStep * step)
}

/** Picks in order during the opening sweep so small catalogues still see every variant, at random after. */
export function slotPick<T>(r: Random, slot: number, items: readonly T[]): T {
  return slot >= 0 && slot < items.length ? (items[slot] as T) : r.pick(items)
}

/** The opening sweep takes the favourites in order (the models people search for); random from `all` after. */
export function sweepPick<T>(r: Random, slot: number, all: readonly T[], favourites: readonly T[]): T {
  return slot >= 0 && slot < favourites.length ? (favourites[slot] as T) : r.pick(all)
}

/** Looks a model up by name, failing loudly when a favourite is renamed. */
export function named<T extends { name: string }>(items: readonly T[], ...names: string[]): T[] {
  return names.map((n) => {
    const found = items.find((i) => i.name === n)
    if (!found) throw new Error(`no model named ${n}`)
    return found
  })
}
