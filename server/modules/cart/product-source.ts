import type { ProductType } from '../../../contract/catalog'
import { arrayLiteral, statementRows, textArrayLiteral } from '../../db/rows'
import type { Sticker } from '../../db/schema'
import { createProductCache, type ProductCache, type ProductCacheOptions } from '../catalog'

/**
 * A product as the cart shows it in one city. Stock is split by condition: only 'V' means the showcase
 * unit.
 */
export interface CartProduct extends Record<string, unknown> {
  id: number
  sku: string
  uri: string
  type: ProductType
  title_ru: string
  title_kk: string
  category_id: number
  brand_id: number | null
  brand: string | null
  stickers: Sticker[]
  only_prepayment: boolean
  own_reference_id: number | null
  price: number | null
  old_price: number | null
  price_usd: number | string | null
  stock_new: number
  stock_showcase: number
  images: string[] | null
}

export type ProductSourceOptions = Omit<ProductCacheOptions<CartProduct>, 'load'>

/** The cart's products: kept and followed through the change logs as the catalogue's product cache does. */
export function createProductSource(options: ProductSourceOptions): ProductCache<CartProduct> {
  return createProductCache<CartProduct>({
    ...options,
    load: (db, cityId, ids, skus) =>
      // the statement is the function's (migration 0021: its plan is kept, not made on every read)
      statementRows<CartProduct>(
        db,
        'cart_products',
        'select * from cart_products($1, $2::int[], $3::text[])',
        [cityId, arrayLiteral(ids), textArrayLiteral(skus)],
      ),
  })
}
export type ProductSource = ProductCache<CartProduct>
