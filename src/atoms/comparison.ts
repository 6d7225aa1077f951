import { atomWithStorage } from 'jotai/utils'
import { idbStorage } from './storage'
import { arrayOf, isString } from './stored-value'

export interface ComparedProduct {
  sku: string
  /** The product page's address: the comparison page reads the product as that page does (its cache). */
  uri: string
  /** Every category from the catalogue's root, named by its Russian path (src/compare/rules.ts). */
  categories: string[]
}

export const isComparedProduct = (value: unknown): value is ComparedProduct => {
  const product = value as Partial<Record<keyof ComparedProduct, unknown>> | null
  return (
    typeof product === 'object' &&
    product !== null &&
    isString(product.sku) &&
    isString(product.uri) &&
    arrayOf(isString)(product.categories)
  )
}

/** Products in the comparison; the categories decide whether a new product fits (browsing 4). */
export const comparisonAtom = atomWithStorage<ComparedProduct[]>(
  'comparison',
  [],
  idbStorage({ accepts: arrayOf(isComparedProduct) }),
  { getOnInit: true },
)
