import { sql } from 'drizzle-orm'
import type { ProductType } from '../../../contract/catalog'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { Sticker, StoredMarketingUnit, StoredNotice, StoredPromotionChoice } from '../../db/schema'

export interface CartRow extends Record<string, unknown> {
  id: string
  user_id: string | null
  city_id: number
  version: number
  promotion_choices: StoredPromotionChoice[]
  marketing_units: StoredMarketingUnit[]
  bonus_amount: number
  notices: StoredNotice[]
  created_at: string | Date
  updated_at: string | Date
  closed_at: string | Date | null
}

/**
 * A product as the cart shows it in one city, with the cart's line when there is one (`quantity` null
 * for a product only asked about). Stock is split by condition: only 'V' means the showcase unit.
 */
export interface ProductRow extends Record<string, unknown> {
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
  quantity: number | null
  is_active: boolean | null
  reference_product_id: number | null
  added_at: string | Date | null
}

export interface CategoryRow extends Record<string, unknown> {
  id: number
  parent_id: number | null
  name_ru: string
  name_kk: string
}

/** What a cart row changes to: only the given fields are written. */
export interface CartPatch {
  cityId?: number
  promotionChoices?: StoredPromotionChoice[]
  marketingUnits?: StoredMarketingUnit[]
  bonusAmount?: number
  notices?: StoredNotice[]
}

export interface LineWrite {
  productId: number
  quantity: number
  isActive: boolean
  referenceProductId: number | null
}

const CART_COLUMNS = sql.raw(
  `id, user_id, city_id, version, promotion_choices, marketing_units, bonus_amount, notices,
   created_at, updated_at, closed_at`,
)

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`
const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`

export function createCartRepo(db: Db) {
  return {
    async create(tx: Db, cityId: number, userId: string | null): Promise<CartRow> {
      const [row] = await rows<CartRow>(
        tx,
        sql`insert into carts (city_id, user_id) values (${cityId}, ${userId}) returning ${CART_COLUMNS}`,
      )
      return row!
    },

    /** The open cart of a user, created when missing; a race with another request creates one cart. */
    async openNamed(tx: Db, userId: string, cityId: number): Promise<CartRow> {
      const [row] = await rows<CartRow>(
        tx,
        sql`with made as (
              insert into carts (city_id, user_id) values (${cityId}, ${userId})
              on conflict (user_id) where user_id is not null and closed_at is null do nothing
              returning ${CART_COLUMNS})
            select * from made
            union all
            select ${CART_COLUMNS} from carts where user_id = ${userId} and closed_at is null
            limit 1`,
      )
      if (row) return row
      // the insert lost to a concurrent one whose row this snapshot cannot see yet
      const [again] = await rows<CartRow>(
        tx,
        sql`select ${CART_COLUMNS} from carts where user_id = ${userId} and closed_at is null`,
      )
      return again!
    },

    async find(tx: Db, id: string): Promise<CartRow | undefined> {
      const [row] = await rows<CartRow>(tx, sql`select ${CART_COLUMNS} from carts where id = ${id}`)
      return row
    },

    /** Takes the cart's row lock for the rest of the transaction: changes of one cart queue up here. */
    async lock(tx: Db, id: string): Promise<CartRow | undefined> {
      const [row] = await rows<CartRow>(
        tx,
        sql`select ${CART_COLUMNS} from carts where id = ${id} for update`,
      )
      return row
    },

    async lockNamed(tx: Db, userId: string): Promise<CartRow | undefined> {
      const [row] = await rows<CartRow>(
        tx,
        sql`select ${CART_COLUMNS} from carts where user_id = ${userId} and closed_at is null for update`,
      )
      return row
    },

    /**
     * The cart's lines and the products asked for by sku, in one round trip, each with its city price,
     * the city's stock by condition, its brand and image ids.
     */
    products(tx: Db, cartId: string | null, cityId: number, skus: string[] = []): Promise<ProductRow[]> {
      return rows<ProductRow>(
        tx,
        sql`with ids as (
              select product_id as id from cart_items where cart_id = ${cartId}
              union
              select id from products where sku = any(${textArray(skus)}))
            select p.id, p.sku, p.uri, p.type, p.title_ru, p.title_kk, p.category_id, p.brand_id,
                   b.name as brand, p.stickers, p.only_prepayment, p.reference_product_id as own_reference_id,
                   pp.price, pp.old_price, pp.price_usd,
                   coalesce(s.stock_new, 0)::int as stock_new, coalesce(s.stock_showcase, 0)::int as stock_showcase,
                   img.ids as images,
                   ci.quantity, ci.is_active, ci.reference_product_id, ci.created_at as added_at
            from ids
            join products p on p.id = ids.id
            left join brands b on b.id = p.brand_id
            left join product_prices pp on pp.product_id = p.id and pp.city_id = ${cityId}
            left join cart_items ci on ci.cart_id = ${cartId} and ci.product_id = p.id
            left join lateral (
              select sum(quantity) filter (where condition = 'N') as stock_new,
                     sum(quantity) filter (where condition = 'V') as stock_showcase
              from stocks where product_id = p.id and city_id = ${cityId}) s on true
            left join lateral (
              select array_agg(id order by position, id) as ids from images where product_id = p.id) img on true
            order by ci.created_at nulls last, p.id`,
      )
    },

    /** Products by id in one city, for a shared cart. */
    productsById(tx: Db, ids: number[], cityId: number): Promise<ProductRow[]> {
      return rows<ProductRow>(
        tx,
        sql`select p.id, p.sku, p.uri, p.type, p.title_ru, p.title_kk, p.category_id, p.brand_id,
                   null as brand, p.stickers, p.only_prepayment, p.reference_product_id as own_reference_id,
                   pp.price, pp.old_price, pp.price_usd,
                   coalesce(s.stock_new, 0)::int as stock_new, coalesce(s.stock_showcase, 0)::int as stock_showcase,
                   img.ids as images, null as quantity, null as is_active, null as reference_product_id,
                   null as added_at
            from products p
            left join product_prices pp on pp.product_id = p.id and pp.city_id = ${cityId}
            left join lateral (
              select sum(quantity) filter (where condition = 'N') as stock_new,
                     sum(quantity) filter (where condition = 'V') as stock_showcase
              from stocks where product_id = p.id and city_id = ${cityId}) s on true
            left join lateral (
              select array_agg(id order by position, id) as ids from images where product_id = p.id) img on true
            where p.id = any(${intArray(ids)})`,
      )
    },

    async productIdsBySku(tx: Db, skus: string[]): Promise<Map<string, number>> {
      const found = await rows<{ id: number; sku: string }>(
        tx,
        sql`select id, sku from products where sku = any(${textArray(skus)})`,
      )
      return new Map(found.map((r) => [r.sku, r.id]))
    },

    /**
     * Writes the lines that changed, removes the ones that left and saves the cart's own fields with its
     * version bumped, in one statement: a round trip is most of what a change costs.
     */
    async save(tx: Db, id: string, change: { upserts: LineWrite[]; removed: number[] }, patch: CartPatch) {
      const steps = []
      if (change.removed.length > 0)
        steps.push(
          sql`removed as (delete from cart_items where cart_id = ${id} and product_id = any(${intArray(change.removed)}))`,
        )
      if (change.upserts.length > 0) {
        const values = sql.join(
          change.upserts.map(
            (l) =>
              sql`(${id}::uuid, ${l.productId}::int, ${l.quantity}::int, ${l.isActive}::boolean, ${l.referenceProductId}::int)`,
          ),
          sql`, `,
        )
        steps.push(
          sql`written as (insert into cart_items (cart_id, product_id, quantity, is_active, reference_product_id)
              values ${values}
              on conflict (cart_id, product_id) do update
                set quantity = excluded.quantity, is_active = excluded.is_active,
                    reference_product_id = excluded.reference_product_id)`,
        )
      }
      const sets = [sql`version = version + 1`, sql`updated_at = now()`]
      if (patch.cityId !== undefined) sets.push(sql`city_id = ${patch.cityId}`)
      if (patch.promotionChoices)
        sets.push(sql`promotion_choices = ${JSON.stringify(patch.promotionChoices)}::jsonb`)
      if (patch.marketingUnits)
        sets.push(sql`marketing_units = ${JSON.stringify(patch.marketingUnits)}::jsonb`)
      if (patch.bonusAmount !== undefined) sets.push(sql`bonus_amount = ${patch.bonusAmount}`)
      if (patch.notices) sets.push(sql`notices = ${JSON.stringify(patch.notices)}::jsonb`)
      const prefix = steps.length > 0 ? sql`with ${sql.join(steps, sql`, `)} ` : sql``
      const [row] = await rows<CartRow>(
        tx,
        sql`${prefix}update carts set ${sql.join(sets, sql`, `)} where id = ${id} returning ${CART_COLUMNS}`,
      )
      return row!
    },

    async close(tx: Db, id: string): Promise<void> {
      await tx.execute(
        sql`update carts set closed_at = now(), version = version + 1, updated_at = now() where id = ${id}`,
      )
    },

    categories(tx: Db): Promise<CategoryRow[]> {
      return rows<CategoryRow>(tx, sql`select id, parent_id, name_ru, name_kk from categories`)
    },

    async createShared(
      id: string,
      cityId: number,
      items: { productId: number; quantity: number }[],
    ): Promise<void> {
      await db.execute(
        sql`insert into shared_carts (id, city_id, items) values (${id}, ${cityId}, ${JSON.stringify(items)}::jsonb)`,
      )
    },

    async findShared(
      id: string,
    ): Promise<{ id: string; items: { productId: number; quantity: number }[] } | undefined> {
      const [row] = await rows<{ id: string; items: { productId: number; quantity: number }[] }>(
        db,
        sql`select id, items from shared_carts where id = ${id}`,
      )
      return row
    },
  }
}
export type CartRepo = ReturnType<typeof createCartRepo>
