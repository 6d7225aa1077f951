import type { SearchSchemaInput } from '@tanstack/react-router'
import type { ProductType } from '../../../contract/catalog'
import { oneOfParam } from '../../url/search-params'

/** The product page's tabs (spec 2.4), in the order they are shown. */
export const PRODUCT_TABS = ['about', 'availability', 'reviews', 'services', 'specifications'] as const
export type ProductTab = (typeof PRODUCT_TABS)[number]
export const DEFAULT_TAB: ProductTab = 'about'

/**
 * The product route's query: `?tab=`. A missing or unknown tab is the default one, never an error, so an
 * old or hand-typed link still opens the page.
 */
export function parseProductSearch(search: Record<string, unknown>): { tab: ProductTab } {
  return { tab: oneOfParam(search.tab, PRODUCT_TABS) ?? DEFAULT_TAB }
}

/** The routes' `validateSearch`: links may leave `tab` out, which is the about tab. */
export const validateProductSearch = (search: { tab?: ProductTab } & SearchSchemaInput) =>
  parseProductSearch(search)

/** Types that are things on a shelf: they have stores with stock and delivery. */
const STOCKED: ReadonlySet<ProductType> = new Set(['regular', 'mto'])

/**
 * The tabs a product has: a service, a warranty, a certificate or a key has no stock in stores and is not
 * sold with services of its own, so it shows about, reviews and specifications only.
 */
export function tabsFor(type: ProductType): readonly ProductTab[] {
  if (STOCKED.has(type)) return PRODUCT_TABS
  return PRODUCT_TABS.filter((tab) => tab !== 'availability' && tab !== 'services')
}

/** The tab to show: the one asked for when the product has it, else the default. */
export function visibleTab(asked: ProductTab, type: ProductType): ProductTab {
  return tabsFor(type).includes(asked) ? asked : DEFAULT_TAB
}

export function isStocked(type: ProductType): boolean {
  return STOCKED.has(type)
}
