import type { ProductType } from '../../../contract/catalog'

/** The page of a product without the city prefix: `/p/{uri}`, or `/p/s/{sku}` for a service (spec 2.4). */
export function productPath(product: { type: ProductType; uri: string; sku: string }): string {
  return product.type === 'service'
    ? `/p/s/${encodeURIComponent(product.sku)}`
    : `/p/${encodeURIComponent(product.uri)}`
}
