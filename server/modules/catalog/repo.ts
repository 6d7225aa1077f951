import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows, type SqlRow } from '../../db/rows'
import type {
  CategoryMeta,
  FilterOption,
  FilterType,
  productPrices,
  ProductType,
  SpecGroup,
} from '../../db/schema/catalog'

/** Products read per query while the index is built: bounds the memory of one batch. */
const PRODUCT_BATCH = 5000

export interface CategoryRow extends Record<string, unknown> {
  id: number
  parent_id: number | null
  slug: string
  path: string
  name_ru: string
  name_kk: string
  level: number
  sort: number
  is_service: boolean
  robots: string
  meta: CategoryMeta
  icon: string
  image_id: string | null
  item_class: 'side' | 'bottom' | 'other'
}

export interface FilterRow extends Record<string, unknown> {
  category_id: number
  code: string
  title_ru: string
  title_kk: string
  type: FilterType
  sort: number
  unit: string | null
  options: FilterOption[] | null
}

export interface BrandRow extends Record<string, unknown> {
  id: number
  slug: string
  name: string
  color: string
}

export interface PointRow extends Record<string, unknown> {
  id: number
  city_id: number
  type: 'shop' | 'pickup_point'
  is_active: boolean
}

/** A product as the index reads it; JSON columns arrive as text so equal values are parsed once. */
export interface ProductRow extends Record<string, unknown> {
  id: number
  sku: string
  uri: string
  type: ProductType
  category_id: number
  brand_id: number | null
  title_ru: string
  title_kk: string
  variant_group: string
  attributes: string
  short_description: string
  stickers: string
  rating: number
  review_count: number
  popularity: number
  is_new: boolean
  is_preorder: boolean
  only_prepayment: boolean
  service_category_id: number | null
  reference_product_id: number | null
  created_ms: number
}

/** A product's shelf price in one city, as `product_prices` holds it. */
export type PriceRow = SqlRow<typeof productPrices>

/** Every unit a product has at the service points, one row per product. */
export interface StockRow extends Record<string, unknown> {
  product_id: number
  points: number[]
  quantities: number[]
  pickup_hours: number[]
  showcase: boolean[]
}

/** An active gift or kit promotion, for the kiosk stickers of the products it covers. */
export interface PromotionRow extends Record<string, unknown> {
  type: 'gift' | 'kit'
  main_entity_type: 'product' | 'category' | 'brand'
  main_entity_ids: number[]
  city_ids: number[]
  from_ms: number
  to_ms: number | null
}

export interface ImageListRow extends Record<string, unknown> {
  product_id: number
  /** The ids in order, or their count n for ids `p{product_id}-0` .. `p{product_id}-(n-1)`. */
  ids: string[] | number
}

export interface Versions {
  catalog: number
  stock: number
  /** The last id `price_changes` gave out: prices change without moving the catalogue's version. */
  price: number
}

export interface ProductDetailsRow extends Record<string, unknown> {
  id: number
  description_ru: string
  description_kk: string
  spec_groups: SpecGroup[]
}

/** A text column with the two separator characters `packed` uses taken out. */
const clean = (column: SQL) => sql`translate(coalesce(${column}, ''), chr(30) || chr(31), '  ')`

/**
 * Runs `select string_agg(record, chr(30)) from ...` and splits the text into records of fields
 * (separated by chr(31)): for the hundreds of thousands of narrow rows of prices, stock and images
 * this is about twice as fast as the drivers' row decoding on both engines.
 */
async function packed(db: Db, record: SQL, from: SQL, orderBy?: SQL): Promise<string[][]> {
  const [row] = await rows<{ data: string | null }>(
    db,
    orderBy
      ? sql`select string_agg(${record}, chr(30) order by ${orderBy}) as data ${from}`
      : sql`select string_agg(${record}, chr(30)) as data ${from}`,
  )
  if (!row?.data) return []
  return row.data.split('\x1e').map((r) => r.split('\x1f'))
}

/**
 * Runs `select string_agg(record, ';') from ...` over records of `width` comma-separated integers
 * and calls `each` with every record, scanning the text without splitting it: the stock of 200,000
 * products is 1.7 million rows, which neither driver decodes quickly.
 */
async function numbers(
  db: Db,
  record: SQL,
  from: SQL,
  width: number,
  each: (fields: Int32Array) => void,
): Promise<void> {
  const [row] = await rows<{ data: string | null }>(
    db,
    sql`select string_agg(${record}, ';') as data ${from}`,
  )
  const text = row?.data
  if (!text) return
  const fields = new Int32Array(width)
  let field = 0
  let value = 0
  let negative = false
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 59
    if (c >= 48 && c <= 57) value = value * 10 + (c - 48)
    else if (c === 45) negative = true
    else {
      fields[field++] = negative ? -value : value
      value = 0
      negative = false
      if (c === 59) {
        if (field === width) each(fields)
        field = 0
      }
    }
  }
}

/**
 * The catalogue's version, the stock's and the prices' (the last ids `stock_changes` and `price_changes`
 * gave out: every recorded change takes one): what every cache of catalogue data keys on.
 */
export async function readCatalogVersions(db: Db): Promise<Versions> {
  const [row] = await rows<{ catalog: number | null; stock: number; price: number }>(
    db,
    sql`select (select version::float8 from catalog_version where id = 1) as catalog,
               (select case when is_called then last_value else 0 end from stock_changes_id_seq)::float8 as stock,
               (select case when is_called then last_value else 0 end from price_changes_id_seq)::float8 as price`,
  )
  return {
    catalog: Number(row?.catalog ?? 0),
    stock: Number(row?.stock ?? 0),
    price: Number(row?.price ?? 0),
  }
}

/** What `stock_changes` or `price_changes` holds from a cursor on (see the tables' comments in the schema). */
export interface Changes {
  /** Every product whose stock (prices) changed, or null when a change asks for all of it to be read again. */
  productIds: number[] | null
  /** Where the next read starts: the oldest transaction still running when this one looked. */
  cursor: string
  /** The rows read (their count and last id): the same rows read again are told apart from new ones. */
  rows: string
}

/** Stock rows of one product, grouped: points, quantities, pickup hours, showcase flags. */
function stockGroups(): { byProduct: Map<number, StockRow>; add: (f: Int32Array) => void } {
  const byProduct = new Map<number, StockRow>()
  return {
    byProduct,
    add(f) {
      const id = f[0]!
      let row = byProduct.get(id)
      if (!row) {
        row = { product_id: id, points: [], quantities: [], pickup_hours: [], showcase: [] }
        byProduct.set(id, row)
      }
      row.points.push(f[1]!)
      row.quantities.push(f[2]!)
      row.pickup_hours.push(f[3]!)
      row.showcase.push(f[4] === 1)
    },
  }
}

/** The two logs of changed products the index follows without a rebuild. */
export type ChangeLog = 'stock_changes' | 'price_changes'

/**
 * Where a reader of `stock_changes` or `price_changes` starts when it reads all stock (prices) now:
 * taken before they are read, so a change committing meanwhile is read again rather than lost.
 */
export async function readChangeCursor(db: Db): Promise<string> {
  const [row] = await rows<{ cursor: string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor`,
  )
  return row!.cursor
}

/**
 * The products whose stock (prices) changed in transactions from `cursor` on. Rows of transactions
 * that committed before this read and after the returned cursor come again next time: reading a
 * product's stock twice is harmless, missing a late writer is not.
 */
export async function readChanges(db: Db, log: ChangeLog, cursor: string): Promise<Changes> {
  const [row] = await rows<{
    cursor: string
    ids: number[] | null
    everything: boolean | null
    seen: string
  }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor,
               count(*) || '/' || coalesce(max(c.id), 0) as seen,
               array_agg(distinct c.product_id) filter (where c.product_id is not null) as ids,
               bool_or(c.product_id is null) as everything
        from ${sql.identifier(log)} c where c.xid >= ${cursor}::xid8`,
  )
  return {
    productIds: row!.everything ? null : (row!.ids ?? []),
    cursor: row!.cursor,
    rows: row!.seen,
  }
}

const PRICE_RECORD = sql`concat_ws(chr(31), product_id, city_id, price, coalesce(old_price, -1), discount, price_usd,
                        coalesce(credit_month_num, 0), coalesce(credit_amount, 0),
                        coalesce(installment_month_num, 0), coalesce(installment_amount, 0),
                        ${clean(sql`credit_type_label`)})`

const priceRow = (f: string[]): PriceRow => ({
  product_id: Number(f[0]),
  city_id: Number(f[1]),
  price: Number(f[2]),
  old_price: f[3] === '-1' ? null : Number(f[3]),
  discount: Number(f[4]),
  price_usd: Number(f[5]),
  credit_month_num: Number(f[6]) || null,
  credit_amount: Number(f[7]) || null,
  installment_month_num: Number(f[8]) || null,
  installment_amount: Number(f[9]) || null,
  credit_type_label: f[10] || null,
})

const STOCK_RECORD = sql`concat_ws(',', product_id, service_point_id, quantity, pickup_time, (condition = 'V')::int)`
const KEEP_CHANGES = sql`interval '1 hour'`

export function createCatalogRepo(db: Db) {
  return {
    /** One cheap round trip, polled every few seconds by each server process. */
    versions: (): Promise<Versions> => readCatalogVersions(db),

    changeCursor: (): Promise<string> => readChangeCursor(db),
    changes: (log: ChangeLog, cursor: string): Promise<Changes> => readChanges(db, log, cursor),

    /** Forgets changes every reader has long read. */
    async forgetChanges(): Promise<void> {
      await db.execute(sql`delete from stock_changes where at < now() - ${KEEP_CHANGES}`)
      await db.execute(sql`delete from price_changes where at < now() - ${KEEP_CHANGES}`)
    },

    /** The prices of these products in every city that sells them. */
    async pricesOf(productIds: number[]): Promise<PriceRow[]> {
      if (productIds.length === 0) return []
      const records = await packed(
        db,
        PRICE_RECORD,
        sql`from product_prices where product_id = any(${`{${productIds.join(',')}}`}::int[])`,
      )
      return records.map(priceRow)
    },

    /** The stock with units of these products, grouped per product. */
    async stocksOf(productIds: number[]): Promise<StockRow[]> {
      if (productIds.length === 0) return []
      const groups = stockGroups()
      await numbers(
        db,
        STOCK_RECORD,
        sql`from stocks where product_id = any(${`{${productIds.join(',')}}`}::int[]) and quantity > 0`,
        5,
        groups.add,
      )
      return [...groups.byProduct.values()]
    },

    categories: () =>
      rows<CategoryRow>(
        db,
        sql`select id, parent_id, slug, path, name_ru, name_kk, level, sort, is_service, robots, meta,
                   icon, image_id, item_class
            from categories order by level, sort, id`,
      ),

    filters: () =>
      rows<FilterRow>(
        db,
        sql`select category_id, code, title_ru, title_kk, type, sort, unit, options
            from category_filters order by category_id, sort, id`,
      ),

    brands: () => rows<BrandRow>(db, sql`select id, slug, name, color from brands order by id`),

    /** Best priority first, as pricing picks the one promotion of a line. */
    promotions: () =>
      rows<PromotionRow>(
        db,
        sql`select type, main_entity_type, main_entity_ids, city_ids,
                   (extract(epoch from valid_from) * 1000)::float8 as from_ms,
                   (extract(epoch from valid_to) * 1000)::float8 as to_ms
            from promotions where is_active order by priority, id`,
      ),

    servicePoints: () =>
      rows<PointRow>(db, sql`select id, city_id, type, is_active from service_points order by id`),

    /** Calls `each` with batches of products in id order; JSON columns as text, parsed once per distinct value. */
    async eachProductBatch(each: (batch: ProductRow[]) => void): Promise<void> {
      let after = 0
      for (;;) {
        const batch = await rows<ProductRow>(
          db,
          sql`select id, sku, uri, type, category_id, brand_id, title_ru, title_kk, variant_group,
                     attributes::text as attributes, short_description::text as short_description,
                     stickers::text as stickers, rating::float8 as rating, review_count, popularity,
                     is_new, is_preorder, only_prepayment, service_category_id, reference_product_id,
                     (extract(epoch from created_at) * 1000)::float8 as created_ms
              from products where id > ${after} order by id limit ${PRODUCT_BATCH}`,
        )
        if (batch.length === 0) return
        each(batch)
        after = batch[batch.length - 1]!.id
        if (batch.length < PRODUCT_BATCH) return
      }
    },

    /** Calls `each` with the prices of batches of products. */
    async eachPriceBatch(each: (batch: PriceRow[]) => void): Promise<void> {
      let after = 0
      for (;;) {
        const [range] = await rows<{ hi: number | null }>(
          db,
          sql`select max(id) as hi from (select id from products where id > ${after} order by id limit ${PRODUCT_BATCH}) t`,
        )
        const hi = range?.hi
        if (hi === null || hi === undefined) return
        const records = await packed(
          db,
          PRICE_RECORD,
          sql`from product_prices where product_id > ${after} and product_id <= ${hi}`,
        )
        each(records.map(priceRow))
        after = hi
      }
    },

    /** Stock with units, grouped per product (points, quantities, pickup hours, showcase flags). */
    async stocks(): Promise<StockRow[]> {
      const groups = stockGroups()
      await numbers(db, STOCK_RECORD, sql`from stocks where quantity > 0`, 5, groups.add)
      return [...groups.byProduct.values()]
    },

    /**
     * Image ids per product. Products whose pictures are named `p{id}-{position}` with positions 0..n-1
     * (the seed's scheme) come back as a count; only the others carry their ids.
     */
    async images(): Promise<ImageListRow[]> {
      const [row] = await rows<{ counts: string | null; named: string | null }>(
        db,
        sql`with per_product as (
              select product_id,
                     count(*)::int as n,
                     bool_and(id = 'p' || product_id || '-' || position) and min(position) = 0
                       and max(position) = count(*) - 1 as seed_named,
                     string_agg(${clean(sql`id`)}, chr(31) order by position, id) as ids
              from images where product_id is not null group by product_id)
            select string_agg(product_id || ',' || n, ';') filter (where seed_named) as counts,
                   string_agg(product_id || chr(31) || ids, chr(30)) filter (where not seed_named) as named
            from per_product`,
      )
      const out: ImageListRow[] = []
      for (const pair of row?.counts ? row.counts.split(';') : []) {
        const [id, n] = pair.split(',')
        out.push({ product_id: Number(id), ids: Number(n) })
      }
      for (const record of row?.named ? row.named.split('\x1e') : []) {
        const [id, ...ids] = record.split('\x1f')
        out.push({ product_id: Number(id), ids })
      }
      return out
    },

    /** The heavy, product-page-only columns. */
    async productDetails(id: number): Promise<ProductDetailsRow | null> {
      const [row] = await rows<ProductDetailsRow>(
        db,
        sql`select id, description_ru, description_kk, spec_groups from products where id = ${id}`,
      )
      return row ?? null
    },
  }
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>
