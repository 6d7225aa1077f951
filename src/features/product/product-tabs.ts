import { z } from 'zod'
import type { ProductType } from '../../../contract/catalog'

/** The product page's tabs (spec 2.4), in the order they are shown. */
export const PRODUCT_TABS = ['about', 'availability', 'reviews', 'services', 'specifications'] as const
export type ProductTab = (typeof PRODUCT_TABS)[number]
export const DEFAULT_TAB: ProductTab = 'about'

/**
 * The product route's query: `?tab=`. A missing or unknown tab is the default one, never an error, so an
 * old or hand-typed link still opens the page.
 */
export const ProductSearch = z.object({
  tab: z.enum(PRODUCT_TABS).default(DEFAULT_TAB).catch(DEFAULT_TAB),
})

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
