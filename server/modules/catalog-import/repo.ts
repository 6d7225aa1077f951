import { sql } from 'drizzle-orm'
import { MAX_ORDER_SUM } from '../../../contract/values/checkout'
import { HOLDING_ORDER_STATUSES, type ImportFormat } from '../../../contract/values/catalog-import'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { Rejection, StagedRow } from './rows'

export const LEASE_LOST = 'catalog import: lease lost'

/** Tenge to the dollar for `price_usd`, as the seed prices the catalogue. */
export const USD_RATE = 505

const HOLDING = sql.raw(HOLDING_ORDER_STATUSES.map((s) => `'${s}'`).join(', '))

export interface ImportRow extends Record<string, unknown> {
  id: string
  format: ImportFormat
  content_hash: string
  bytes: number
  status: 'staged' | 'applying' | 'done' | 'failed'
  staff_id: string | null
  rows_total: number
  rows_rejected: number
  applied_through: number
  last_row: number
  products_created: number
  products_updated: number
  prices_changed: number
  stocks_changed: number
  same_as: string | null
  error: string | null
  created_at: Date | string
  finished_at: Date | string | null
}

export interface ChunkResult {
  productsCreated: number
  productsUpdated: number
  pricesChanged: number
  stocksChanged: number
  rejected: number
}

/**
 * The financing terms a shelf price gets, the seed's rule: regular goods from 15,000 tenge to the order
 * cap get installments (3, 6 or 12 months by price) and a loan (12 or 24 months); SQL over `p.price`
 * and `p.type`.
 */
const financed = sql.raw(`(p.price between 15000 and ${MAX_ORDER_SUM} and p.type in ('regular', 'mto'))`)
const creditMonths = sql.raw(`(case when p.price >= 300000 then 24 else 12 end)`)
const installmentMonths = sql.raw(
  `(case when p.price >= 150000 then 12 when p.price >= 50000 then 6 else 3 end)`,
)

/** The last value a chunk's rows give a column, per group (sku): later rows win. */
const last = (column: string) =>
  sql.raw(`(array_agg(r.${column} order by r.row_no desc) filter (where r.${column} is not null))[1]`)

export function createImportRepo(db: Db) {
  /** The chunk's staged rows that no check turned away (so far). */
  const live = (id: string, from: number, to: number) =>
    sql`r.import_id = ${id} and r.row_no > ${from} and r.row_no <= ${to}
        and not exists (select 1 from catalog_import_rejections x
                        where x.import_id = r.import_id and x.row_no = r.row_no)`

  return {
    async create(format: ImportFormat, staffId: string | null): Promise<string> {
      const [row] = await rows<{ id: string }>(
        db,
        sql`insert into catalog_imports (format, content_hash, bytes, staff_id)
            values (${format}, '', 0, ${staffId}) returning id`,
      )
      return row!.id
    },

    /** Keeps checked rows, one statement for the batch (a JSON array read as a record set). */
    async stage(id: string, batch: StagedRow[]): Promise<void> {
      if (batch.length === 0) return
      await db.execute(
        sql`insert into catalog_import_rows
              (import_id, row_no, sku, city_id, price, old_price, point_id, condition, stock, title_ru,
               uri, title_kk, category, brand, model, description_ru, description_kk, weight_grams)
            select ${id}, r.row_no, r.sku, r.city_id, r.price, r.old_price, r.point_id, r.condition, r.stock,
                   r.title_ru, r.uri, r.title_kk, r.category, r.brand, r.model, r.description_ru,
                   r.description_kk, r.weight_grams
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(
              row_no int, sku text, city_id int, price int, old_price int, point_id int, condition text,
              stock int, title_ru text, uri text, title_kk text, category text, brand text, model text,
              description_ru text, description_kk text, weight_grams int)`,
      )
    },

    async reject(id: string, batch: Rejection[]): Promise<void> {
      if (batch.length === 0) return
      await db.execute(
        sql`insert into catalog_import_rejections (import_id, row_no, field, reason, value)
            select ${id}, r.row_no, r.field, r.reason, r.value
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
              as r(row_no int, field text, reason text, value text)`,
      )
    },

    /** The file has arrived whole: its hash, size, counts, and an earlier import of the same bytes. */
    async staged(
      id: string,
      file: { hash: string; bytes: number; rows: number; rejected: number; lastRow: number },
    ): Promise<void> {
      await db.execute(
        sql`update catalog_imports set content_hash = ${file.hash}, bytes = ${file.bytes},
              rows_total = ${file.rows}, rows_rejected = ${file.rejected}, last_row = ${file.lastRow},
              same_as = (select e.id from catalog_imports e
                         where e.content_hash = ${file.hash} and e.id <> ${id} and e.status = 'done'
                         order by e.created_at limit 1)
            where id = ${id}`,
      )
    },

    async fail(id: string, error: string): Promise<void> {
      await db.execute(
        sql`update catalog_imports set status = 'failed', error = ${error}, finished_at = now(),
              lease_until = null
            where id = ${id} and status in ('staged', 'applying')`,
      )
      await db.execute(sql`delete from catalog_import_rows where import_id = ${id}`)
    },

    async get(id: string): Promise<ImportRow | undefined> {
      const [row] = await rows<ImportRow>(db, sql`select * from catalog_imports where id = ${id}`)
      return row
    },

    async list(limit: number): Promise<ImportRow[]> {
      return rows<ImportRow>(db, sql`select * from catalog_imports order by created_at desc limit ${limit}`)
    },

    async rejections(id: string, limit: number, after: number) {
      return rows<{
        row_no: number
        field: string
        reason: string
        value: string | null
        held: number | null
      }>(
        db,
        sql`select row_no, field, reason, value, held from catalog_import_rejections
            where import_id = ${id} and row_no > ${after}
            order by row_no, field limit ${limit}`,
      )
    },

    /**
     * Takes the oldest open import whose lease has lapsed (or the given one), for `leaseMs`: one process
     * applies an import at a time, and another goes on from `applied_through` if that one stops.
     */
    async claim(leaseMs: number, only?: string): Promise<ImportRow | undefined> {
      const [row] = await rows<ImportRow>(
        db,
        sql`update catalog_imports set status = 'applying',
              lease_until = now() + make_interval(secs => ${leaseMs / 1000})
            where id = (select id from catalog_imports
                        where status in ('staged', 'applying') and rows_total > 0 and content_hash <> ''
                          and (lease_until is null or lease_until < now())
                          ${only ? sql`and id = ${only}` : sql``}
                        order by created_at limit 1 for update skip locked)
            returning *`,
      )
      return row
    },

    /** The `row_no` that ends the next chunk of at most `size` staged rows after `from`. */
    async chunkEnd(id: string, from: number, size: number, lastRow: number): Promise<number> {
      const [row] = await rows<{ row_no: number }>(
        db,
        sql`select row_no from catalog_import_rows where import_id = ${id} and row_no > ${from}
            order by row_no offset ${size - 1} limit 1`,
      )
      return row?.row_no ?? lastRow
    },

    async finish(id: string): Promise<void> {
      await db.execute(
        sql`update catalog_imports set status = 'done', finished_at = now(), lease_until = null
            where id = ${id}`,
      )
      await db.execute(sql`delete from catalog_import_rows where import_id = ${id}`)
    },

    /**
     * Applies the staged rows `from` < row_no ≤ `to` in one transaction, row by row all or nothing: a row
     * some check turns away changes nothing. Last row wins where several name the same product, price
     * or stock. Writes only what differs, so the same rows applied again change nothing.
     *
     * Stock: a row gives the units on hand at a point; the store sells them less the units that open
     * orders hold there (their reservations already came off `stocks.quantity`). The stock rows are
     * locked first, in the order checkouts lock them (product, point, condition), and the held units read
     * by the next statement, which sees every order that reserved before the lock was had.
     */
    async applyChunk(tx: Db, id: string, from: number, to: number, leaseMs: number): Promise<ChunkResult> {
      const count = async (query: ReturnType<typeof sql>) =>
        (await rows<{ n: number }>(tx, sql`with w as (${query}) select count(*)::int as n from w`))[0]!.n

      await tx.execute(
        sql`select 1 from stocks s
            join catalog_import_rows r on r.point_id = s.service_point_id and r.condition = s.condition
            join products p on p.sku = r.sku and p.id = s.product_id
            where r.import_id = ${id} and r.row_no > ${from} and r.row_no <= ${to} and r.stock is not null
            order by s.product_id, s.service_point_id, s.condition
            for update of s`,
      )
      // rows turned away in this chunk: those of the file's reading are counted already
      const rejectedRows = async () =>
        (
          await rows<{ n: number }>(
            tx,
            sql`select count(distinct row_no)::int as n from catalog_import_rejections
                where import_id = ${id} and row_no > ${from} and row_no <= ${to}`,
          )
        )[0]!.n
      const rejectedBefore = await rejectedRows()
      // What only the database can say: categories, brands, points, the units open orders hold.
      await tx.execute(
        sql`insert into catalog_import_rejections (import_id, row_no, field, reason, value)
            select r.import_id, r.row_no, 'category', 'unknown_category', r.category
            from catalog_import_rows r
            where ${live(id, from, to)} and r.category is not null
              and not exists (select 1 from categories c where c.slug = r.category
                              and not exists (select 1 from categories k where k.parent_id = c.id))
            union all
            select r.import_id, r.row_no, 'brand', 'unknown_brand', r.brand
            from catalog_import_rows r
            where ${live(id, from, to)} and r.brand is not null
              and not exists (select 1 from brands b where b.slug = r.brand)
            union all
            select r.import_id, r.row_no, 'point_id', 'unknown_point', r.point_id::text
            from catalog_import_rows r
            where ${live(id, from, to)} and r.point_id is not null
              and not exists (select 1 from service_points sp
                              where sp.id = r.point_id and sp.city_id = r.city_id and sp.is_active)`,
      )
      await tx.execute(
        sql`insert into catalog_import_rejections (import_id, row_no, field, reason, value, held)
            select r.import_id, r.row_no, 'stock', 'below_reserved', r.stock::text, h.held
            from catalog_import_rows r
            join products p on p.sku = r.sku
            join lateral (
              select coalesce(sum(o.quantity), 0)::int as held
              from order_reservations o join orders ord on ord.id = o.order_id
              where o.product_id = p.id and o.service_point_id = r.point_id and o.condition = r.condition
                and ord.status in (${HOLDING})
            ) h on true
            where ${live(id, from, to)} and r.stock is not null and r.stock < h.held`,
      )

      // A statement writing products moves the catalogue's version (and every process rebuilds its
      // index) even when it changes no row: each write runs only when a read says it has work.
      const any = async (query: ReturnType<typeof sql>) =>
        (await rows<{ yes: boolean }>(tx, sql`select exists (${query}) as yes`))[0]!.yes

      // New products: an unknown sku with a title and a category (the last row of the sku giving each).
      const newProducts = sql`
        select r.sku,
               ${last('title_ru')} as title_ru, ${last('uri')} as uri, ${last('title_kk')} as title_kk,
               ${last('category')} as category, ${last('brand')} as brand, ${last('model')} as model,
               ${last('description_ru')} as description_ru, ${last('description_kk')} as description_kk,
               ${last('weight_grams')} as weight_grams
        from catalog_import_rows r
        where ${live(id, from, to)} and not exists (select 1 from products p where p.sku = r.sku)
        group by r.sku`
      const created = !(await any(
        sql`select 1 from catalog_import_rows r
            where ${live(id, from, to)} and r.title_ru is not null and r.category is not null
              and not exists (select 1 from products p where p.sku = r.sku)`,
      ))
        ? 0
        : await count(
            sql`insert into products (sku, uri, type, category_id, brand_id, title_ru, title_kk, model,
                                      variant_group, short_description, description_ru, description_kk,
                                      attributes, spec_groups, weight_grams, created_at)
                select m.sku, m.uri, 'regular', c.id, b.id, m.title_ru, coalesce(m.title_kk, m.title_ru),
                       coalesce(m.model, m.title_ru), m.sku, '[]'::jsonb, coalesce(m.description_ru, ''),
                       coalesce(m.description_kk, ''), '{}'::jsonb, '[]'::jsonb, m.weight_grams, now()
                from (${newProducts}) m
                join categories c on c.slug = m.category
                left join brands b on b.slug = m.brand
                where m.title_ru is not null
                on conflict do nothing
                returning id`,
          )
      await tx.execute(
        sql`insert into catalog_import_rejections (import_id, row_no, field, reason, value)
            select r.import_id, r.row_no, 'sku', 'unknown_product', r.sku
            from catalog_import_rows r
            where ${live(id, from, to)} and not exists (select 1 from products p where p.sku = r.sku)`,
      )

      // Changed fields of existing products: the last value given for each.
      const edits = sql`
        select p.id,
               coalesce(m.title_ru, p.title_ru) as title_ru, coalesce(m.title_kk, p.title_kk) as title_kk,
               coalesce(m.category_id, p.category_id) as category_id,
               coalesce(m.brand_id, p.brand_id) as brand_id, coalesce(m.model, p.model) as model,
               coalesce(m.description_ru, p.description_ru) as description_ru,
               coalesce(m.description_kk, p.description_kk) as description_kk,
               coalesce(m.weight_grams, p.weight_grams) as weight_grams
        from (select r.sku, ${last('title_ru')} as title_ru, ${last('title_kk')} as title_kk,
                     (array_agg(c.id order by r.row_no desc) filter (where c.id is not null))[1] as category_id,
                     (array_agg(b.id order by r.row_no desc) filter (where b.id is not null))[1] as brand_id,
                     ${last('model')} as model, ${last('description_ru')} as description_ru,
                     ${last('description_kk')} as description_kk, ${last('weight_grams')} as weight_grams
              from catalog_import_rows r
              left join categories c on c.slug = r.category
              left join brands b on b.slug = r.brand
              where ${live(id, from, to)}
                and (r.title_ru is not null or r.title_kk is not null or r.category is not null
                     or r.brand is not null or r.model is not null or r.description_ru is not null
                     or r.description_kk is not null or r.weight_grams is not null)
              group by r.sku) m
        join products p on p.sku = m.sku
        where (coalesce(m.title_ru, p.title_ru), coalesce(m.title_kk, p.title_kk),
               coalesce(m.category_id, p.category_id), coalesce(m.brand_id, p.brand_id),
               coalesce(m.model, p.model), coalesce(m.description_ru, p.description_ru),
               coalesce(m.description_kk, p.description_kk), coalesce(m.weight_grams, p.weight_grams))
              is distinct from
              (p.title_ru, p.title_kk, p.category_id, p.brand_id, p.model, p.description_ru,
               p.description_kk, p.weight_grams)`
      const updated = !(await any(edits))
        ? 0
        : await count(
            sql`update products p set title_ru = e.title_ru, title_kk = e.title_kk,
                  category_id = e.category_id, brand_id = e.brand_id, model = e.model,
                  description_ru = e.description_ru, description_kk = e.description_kk,
                  weight_grams = e.weight_grams
                from (${edits}) e
                where p.id = e.id
                returning p.id`,
          )

      // Shelf prices: the last row of each product and city; only those that differ are written.
      const wanted = sql`
        select p.id as product_id, p.type, d.city_id, d.price, d.old_price
        from (select distinct on (r.sku, r.city_id) r.sku, r.city_id, r.price, r.old_price
              from catalog_import_rows r
              where ${live(id, from, to)} and r.price is not null
              order by r.sku, r.city_id, r.row_no desc) d
        join products p on p.sku = d.sku
        left join product_prices pp on pp.product_id = p.id and pp.city_id = d.city_id
        where pp.product_id is null or (pp.price, pp.old_price) is distinct from (d.price, d.old_price)`
      const prices = !(await any(wanted))
        ? 0
        : await count(
            sql`insert into product_prices as pp (product_id, city_id, price, old_price, discount, price_usd,
                                                  credit_month_num, credit_amount, credit_type_label,
                                                  installment_month_num, installment_amount)
                select p.product_id, p.city_id, p.price, p.old_price,
                       case when p.old_price is null then 0
                            else round(100.0 * (p.old_price - p.price) / p.old_price)::int end,
                       round(p.price::numeric / ${USD_RATE}, 2),
                       case when ${financed} then ${creditMonths} end,
                       case when ${financed} then ceil(p.price::numeric / ${creditMonths})::int end,
                       case when ${financed} then 'Рассрочка 0-0-' || ${creditMonths} end,
                       case when ${financed} then ${installmentMonths} end,
                       case when ${financed} then ceil(p.price::numeric / ${installmentMonths})::int end
                from (${wanted}) p
                on conflict (product_id, city_id) do update set
                  price = excluded.price, old_price = excluded.old_price, discount = excluded.discount,
                  price_usd = excluded.price_usd, credit_month_num = excluded.credit_month_num,
                  credit_amount = excluded.credit_amount, credit_type_label = excluded.credit_type_label,
                  installment_month_num = excluded.installment_month_num,
                  installment_amount = excluded.installment_amount
                returning pp.product_id`,
          )

      const stocks = await count(
        sql`insert into stocks as s (product_id, city_id, service_point_id, condition, quantity, pickup_time)
            select p.id, d.city_id, d.point_id, d.condition, d.stock - h.held,
                   case when sp.type = 'shop' then 1 else 24 end
            from (select distinct on (r.sku, r.point_id, r.condition)
                         r.sku, r.city_id, r.point_id, r.condition, r.stock
                  from catalog_import_rows r
                  where ${live(id, from, to)} and r.stock is not null
                  order by r.sku, r.point_id, r.condition, r.row_no desc) d
            join products p on p.sku = d.sku
            join service_points sp on sp.id = d.point_id
            join lateral (
              select coalesce(sum(o.quantity), 0)::int as held
              from order_reservations o join orders ord on ord.id = o.order_id
              where o.product_id = p.id and o.service_point_id = d.point_id and o.condition = d.condition
                and ord.status in (${HOLDING})
            ) h on true
            where d.stock - h.held > 0
               or exists (select 1 from stocks e where e.product_id = p.id and e.city_id = d.city_id
                          and e.service_point_id = d.point_id and e.condition = d.condition)
            order by p.id, d.point_id, d.condition
            on conflict (product_id, city_id, service_point_id, condition) do update
              set quantity = excluded.quantity
              where s.quantity <> excluded.quantity
            returning s.product_id`,
      )

      const rejected = (await rejectedRows()) - rejectedBefore
      const [moved] = await rows<{ id: string }>(
        tx,
        sql`update catalog_imports set applied_through = ${to},
              rows_rejected = rows_rejected + ${rejected},
              products_created = products_created + ${created},
              products_updated = products_updated + ${updated},
              prices_changed = prices_changed + ${prices},
              stocks_changed = stocks_changed + ${stocks},
              lease_until = now() + make_interval(secs => ${leaseMs / 1000})
            where id = ${id} and applied_through = ${from}
            returning id`,
      )
      // another process took the import over after this one's lease lapsed: this chunk is rolled back
      if (!moved) throw new Error(LEASE_LOST)
      return {
        productsCreated: created,
        productsUpdated: updated,
        pricesChanged: prices,
        stocksChanged: stocks,
        rejected,
      }
    },
  }
}
export type ImportRepo = ReturnType<typeof createImportRepo>
