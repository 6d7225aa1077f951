import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'
import { cartItems, carts, type StoredMarketingUnit, type StoredPromotionChoice } from '../db/schema/cart'

/** For tests of what prices a cart: carts written straight into the tables, and seeded products to fill them. */

export async function insertCart(
  db: Db,
  cart: {
    cityId?: number
    userId?: string | null
    items: { productId: number; quantity?: number; isActive?: boolean }[]
    promotionChoices?: StoredPromotionChoice[]
    marketingUnits?: StoredMarketingUnit[]
  },
): Promise<string> {
  const id = randomUUID()
  await db.insert(carts).values({
    id,
    cityId: cart.cityId ?? 1,
    userId: cart.userId ?? null,
    promotionChoices: cart.promotionChoices ?? [],
    marketingUnits: cart.marketingUnits ?? [],
  })
  if (cart.items.length)
    await db.insert(cartItems).values(
      cart.items.map((i) => ({
        cartId: id,
        productId: i.productId,
        quantity: i.quantity ?? 1,
        isActive: i.isActive ?? true,
      })),
    )
  return id
}

export interface SeededProduct {
  id: number
  sku: string
  price: number
  categoryId: number
  brandId: number | null
}

/** Regular products in stock in Almaty at a price in the range, by id; of one category when asked. */
export async function stockedProducts(
  db: Db,
  min: number,
  max: number,
  limit: number,
  categorySlug?: string,
): Promise<SeededProduct[]> {
  const inCategory = categorySlug
    ? sql`and p.category_id = (select id from categories where slug = ${categorySlug})`
    : sql``
  const found = await rows<{
    id: number
    sku: string
    price: number
    category_id: number
    brand_id: number | null
  }>(
    db,
    sql`select p.id, p.sku, pp.price, p.category_id, p.brand_id from products p
        join product_prices pp on pp.product_id = p.id and pp.city_id = 1
        where p.type = 'regular' and pp.price between ${min} and ${max}
          ${inCategory}
          and (select sum(s.quantity) from stocks s where s.product_id = p.id and s.city_id = 1) >= 5
        order by p.id limit ${limit}`,
  )
  return found.map((r) => ({
    id: r.id,
    sku: r.sku,
    price: r.price,
    categoryId: r.category_id,
    brandId: r.brand_id,
  }))
}
