import { sql } from 'drizzle-orm'
import type { ProductType } from '../../../../contract/catalog'
import { CART_ERROR_KEYS } from '../../../../contract/values/cart'
import type { Db } from '../../../db/connection'
import { rows } from '../../../db/rows'
import type { StoredMarketingUnit, StoredPromotionChoice } from '../../../db/schema/cart'
import { forbidden, notFound } from '../../../http/errors'
import { type BenefitRepo, categoryPath } from './repo'
import type { PricingLine } from './types'

interface LineRow extends Record<string, unknown> {
  product_id: number
  sku: string
  type: ProductType
  category_id: number
  brand_id: number | null
  price: number | null
  old_price: number | null
  quantity: number
  is_active: boolean
  stock: number
  reference_product_id: number | null
}

function toLine(r: LineRow, parents: ReadonlyMap<number, number | null>): PricingLine {
  return {
    productId: r.product_id,
    sku: r.sku,
    type: r.type,
    categoryId: r.category_id,
    categoryPath: categoryPath(parents, r.category_id),
    brandId: r.brand_id,
    price: r.price ?? 0,
    oldPrice: r.old_price,
    quantity: r.quantity,
    // in the order only when ticked, sold in the city and in stock for the whole quantity
    isActive: r.is_active && r.price !== null && r.stock >= r.quantity,
    referenceProductId: r.reference_product_id,
  }
}

const stockIn = (cityId: number | ReturnType<typeof sql>) =>
  sql`coalesce((select sum(s.quantity) from stocks s where s.product_id = p.id and s.city_id = ${cityId}), 0)::int`

/**
 * Pricing lines for the routes that price outside the cart service (the promotions a product list
 * qualifies for, a promo code checked against a cart): read straight from the catalogue and the cart.
 */
export function createPricingLinesRepo(db: Db, benefits: BenefitRepo) {
  return {
    /** Lines of these skus at the city's prices; 404 naming the first sku the catalogue does not have. */
    async forSkus(items: { sku: string; quantity: number }[], cityId: number): Promise<PricingLine[]> {
      const { categoryParents } = await benefits.tables()
      const found = await rows<LineRow>(
        db,
        sql`select p.id as product_id, p.sku, p.type, p.category_id, p.brand_id, pp.price, pp.old_price,
                   1 as quantity, true as is_active, ${stockIn(cityId)} as stock,
                   p.reference_product_id
            from products p
            left join product_prices pp on pp.product_id = p.id and pp.city_id = ${cityId}
            where p.sku in (${sql.join(
              items.map((i) => sql`${i.sku}`),
              sql`, `,
            )})`,
      )
      const bySku = new Map(found.map((r) => [r.sku, r]))
      return items.map((item) => {
        const row = bySku.get(item.sku)
        if (!row) throw notFound(CART_ERROR_KEYS.productNotFound, { sku: item.sku })
        return toLine({ ...row, quantity: item.quantity }, categoryParents)
      })
    },

    /**
     * An open cart with its lines, as pricing takes it. A named cart is its owner's alone (403); a closed
     * or unknown one is 404.
     */
    async forCart(
      cartId: string,
      userId: string | null,
    ): Promise<{
      cityId: number
      userId: string | null
      lines: PricingLine[]
      promotionChoices: StoredPromotionChoice[]
      marketingUnits: StoredMarketingUnit[]
    }> {
      const [cart] = await rows<{
        city_id: number
        user_id: string | null
        promotion_choices: StoredPromotionChoice[]
        marketing_units: StoredMarketingUnit[]
      }>(
        db,
        sql`select city_id, user_id, promotion_choices, marketing_units from carts
            where id = ${cartId} and closed_at is null`,
      )
      if (!cart) throw notFound(CART_ERROR_KEYS.notFound)
      if (cart.user_id !== null && cart.user_id !== userId) throw forbidden(CART_ERROR_KEYS.forbidden)
      const { categoryParents } = await benefits.tables()
      const lines = await rows<LineRow>(
        db,
        sql`select p.id as product_id, p.sku, p.type, p.category_id, p.brand_id, pp.price, pp.old_price,
                   ci.quantity, ci.is_active, ${stockIn(cart.city_id)} as stock, ci.reference_product_id
            from cart_items ci
            join products p on p.id = ci.product_id
            left join product_prices pp on pp.product_id = p.id and pp.city_id = ${cart.city_id}
            where ci.cart_id = ${cartId}
            order by ci.created_at, p.id`,
      )
      return {
        cityId: cart.city_id,
        userId: cart.user_id,
        lines: lines.map((r) => toLine(r, categoryParents)),
        promotionChoices: cart.promotion_choices,
        marketingUnits: cart.marketing_units,
      }
    },
  }
}
export type PricingLinesRepo = ReturnType<typeof createPricingLinesRepo>
