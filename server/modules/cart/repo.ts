import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { preparedRows, rows, textArrayLiteral } from '../../db/rows'
import type { StoredMarketingUnit, StoredNotice, StoredPromotionChoice, StoredTradein } from '../../db/schema'
import type { DeviceMutation } from '../../http/device-mutations'
import type { CartProduct, ProductSource } from './product-source'

export interface CartRow extends Record<string, unknown> {
  id: string
  user_id: string | null
  city_id: number
  version: number
  promotion_choices: StoredPromotionChoice[]
  marketing_units: StoredMarketingUnit[]
  bonus_amount: number
  tradeins: StoredTradein[]
  notices: StoredNotice[]
  created_at: string | Date
  updated_at: string | Date
  closed_at: string | Date | null
}

/** A cart's line as stored. */
export interface LineRow extends Record<string, unknown> {
  product_id: number
  quantity: number
  is_active: boolean
  reference_product_id: number | null
  for_assembly: boolean
}

/** A product as a cart shows it: the product source's own object, shared by every cart that shows it. */
export type ProductRow = CartProduct

/** A product with the cart's line when the cart has one (null for a product only asked about). */
export interface ProductInCart {
  product: ProductRow
  line: LineRow | null
}

/**
 * A change's idempotency record: the key and what the request was, without the answer. A replay answers
 * the cart as it is then; storing each answer (a dozen KB of JSON per change) cost more than the change.
 */
export interface RememberedAnswer {
  scope: string
  key: string
  hash: string
}

/** What a cart row changes to: only the given fields are written. */
export interface CartPatch {
  cityId?: number
  promotionChoices?: StoredPromotionChoice[]
  marketingUnits?: StoredMarketingUnit[]
  bonusAmount?: number
  tradeins?: StoredTradein[]
  notices?: StoredNotice[]
}

/** One cart's save: see `saveMany`. */
export interface CartSave {
  id: string
  /** The lines written (new or changed) and the products of the lines that left. */
  change: { upserts: LineRow[]; removed: number[] }
  patch: CartPatch
  guard: { expectedVersion?: number; updatedAt: Date; remember?: RememberedAnswer; device?: DeviceMutation }
}

const CART_COLUMNS = sql.raw(
  `id, user_id, city_id, version, promotion_choices, marketing_units, bonus_amount, tradeins, notices,
   created_at, updated_at, closed_at`,
)

/** The lines of the cart row at hand (`carts`), as JSON, in the order they were added. */
const LINES_OF_CART = sql.raw(
  `(select coalesce(json_agg(json_build_object(
             'product_id', i.product_id, 'quantity', i.quantity, 'is_active', i.is_active,
             'reference_product_id', i.reference_product_id, 'for_assembly', i.for_assembly) order by i.created_at, i.product_id), '[]'::json)
    from cart_items i where i.cart_id = carts.id)`,
)

export function createCartRepo(db: Db, source: ProductSource) {
  const repo = {
    async create(tx: Db, cityId: number, userId: string | null): Promise<CartRow> {
      const [row] = await rows<CartRow>(
        tx,
        sql`insert into carts (city_id, user_id) values (${cityId}, ${userId}) returning ${CART_COLUMNS}`,
      )
      return row!
    },

    /**
     * The user's open named cart with its lines, in one statement; undefined when they have none (then
     * `openNamed` makes it). A read needs no more: `openNamed` tries an insert first, and the lines
     * were a statement of their own.
     */
    async readNamed(tx: Db, userId: string): Promise<{ cart: CartRow; lines: LineRow[] } | undefined> {
      const [row] = await preparedRows<CartRow & { lines: LineRow[] }>(
        tx,
        'cart_read_named',
        sql`select ${CART_COLUMNS}, ${LINES_OF_CART} as lines
            from carts where user_id = ${userId} and closed_at is null`,
      )
      if (!row) return undefined
      const { lines, ...cart } = row
      return { cart: cart as CartRow, lines }
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
      return (await repo.lockWithLines(tx, id))?.cart
    },

    /**
     * The lock and the cart's lines, in one round trip when no other change held the lock. A statement
     * that waited for the lock sees the row as the other change left it, but its subqueries still see
     * the lines as they were when it started: the version as that snapshot saw it tells, and then the
     * lines are read again under the lock.
     */
    async lockWithLines(tx: Db, id: string): Promise<{ cart: CartRow; lines: LineRow[] } | undefined> {
      const [row] = await preparedRows<CartRow & { lines: LineRow[]; seen_version: number }>(
        tx,
        'cart_lock_with_lines',
        sql`select ${CART_COLUMNS},
                   ${LINES_OF_CART} as lines,
                   (select version from carts seen where seen.id = carts.id) as seen_version
            from carts where id = ${id}::uuid for update`,
      )
      if (!row) return undefined
      const { lines, seen_version: seenVersion, ...cart } = row
      return { cart: cart as CartRow, lines: seenVersion === cart.version ? lines : await repo.lines(tx, id) }
    },

    lockNamed(tx: Db, userId: string): Promise<CartRow | undefined> {
      return rows<CartRow>(
        tx,
        sql`select ${CART_COLUMNS} from carts where user_id = ${userId} and closed_at is null for update`,
      ).then((found) => found[0])
    },

    /** A cart's lines in the order they were added. */
    lines(tx: Db, cartId: string): Promise<LineRow[]> {
      return preparedRows<LineRow>(
        tx,
        'cart_lines',
        sql`select product_id, quantity, is_active, reference_product_id, for_assembly from cart_items
            where cart_id = ${cartId}::uuid order by created_at, product_id`,
      )
    },

    /**
     * The cart's lines, in the order they were added, and after them the products asked for by sku, each
     * with its city price and stock, its brand and image ids. `lines` when the caller read them already.
     */
    async products(
      tx: Db,
      cartId: string | null,
      cityId: number,
      skus: string[] = [],
      lines?: LineRow[],
    ): Promise<ProductInCart[]> {
      const own = lines ?? (cartId === null ? [] : await repo.lines(tx, cartId))
      const found = await source.get(
        tx,
        cityId,
        own.map((l) => l.product_id),
        skus,
      )
      const byId = new Map(found.map((p) => [p.id, p]))
      const out: ProductInCart[] = []
      for (const line of own) {
        const product = byId.get(line.product_id)
        if (!product) continue
        byId.delete(product.id)
        out.push({ product, line })
      }
      const asked = [...byId.values()].sort((x, y) => x.id - y.id)
      for (const product of asked) out.push({ product, line: null })
      return out
    },

    /** Products by id in one city, for a shared cart. */
    productsById(tx: Db, ids: number[], cityId: number): Promise<ProductRow[]> {
      return source.get(tx, cityId, ids)
    },

    /**
     * The cart, its lines, for a request with an idempotency key the hash of the request recorded under
     * that key, and for a numbered one the device's last applied number (0 for none), without a lock: one statement, so the lines are those of the version read. A change made from it
     * is saved only if the cart is still at that version (`save` with `expectedVersion`).
     */
    async readForChange(
      tx: Db,
      id: string,
      key: { scope: string; key: string } | null,
      deviceId: string | null = null,
    ): Promise<
      { cart: CartRow; lines: LineRow[]; storedHash: string | null; deviceSeq: number } | undefined
    > {
      const [row] = await preparedRows<
        CartRow & { lines: LineRow[]; stored_hash: string | null; device_seq: string | number | null }
      >(
        tx,
        'cart_read_for_change',
        sql`select ${CART_COLUMNS},
                   ${LINES_OF_CART} as lines,
                   (select k.request_hash from idempotency_keys k
                    where k.scope = ${key?.scope ?? null}::text and k.key = ${key?.key ?? null}::text) as stored_hash,
                   (select m.last_seq from device_mutations m where m.device_id = ${deviceId}::text) as device_seq
            from carts where id = ${id}::uuid`,
      )
      if (!row) return undefined
      const { lines, stored_hash: storedHash, device_seq: deviceSeq, ...cart } = row
      return { cart: cart as CartRow, lines, storedHash, deviceSeq: Number(deviceSeq ?? 0) }
    },

    /**
     * Saves carts in one statement: for each, the lines that changed are written, the ones that left
     * removed, and the cart's own fields saved with its version bumped. The whole batch goes as three
     * JSON parameters, so the text is the same whatever it holds and a busy process sends one statement
     * for the changes of many carts. Answers, per save, whether it was written.
     *
     * A save with `expectedVersion` is written only if its cart is still at that version. A save with
     * `remember` is written only if its idempotency key is unused, and records the key with it, so the
     * change and its record commit together or not at all. A save with `device` is written only if the
     * device's last applied number is below the change's, and records the number with it (a device's
     * numbers, see server/http/device-mutations.ts). A save that is not written changes nothing,
     * and the others in the batch are written all the same.
     */
    async saveMany(tx: Db, saves: readonly CartSave[]): Promise<boolean[]> {
      const carts = saves.map(({ id, patch, guard }) => ({
        id,
        expected: guard.expectedVersion ?? null,
        updated_at: guard.updatedAt.toISOString(),
        city_id: patch.cityId ?? null,
        promotion_choices: patch.promotionChoices ?? null,
        marketing_units: patch.marketingUnits ?? null,
        bonus_amount: patch.bonusAmount ?? null,
        tradeins: patch.tradeins ?? null,
        notices: patch.notices ?? null,
        scope: guard.remember?.scope ?? null,
        key: guard.remember?.key ?? null,
        hash: guard.remember?.hash ?? null,
        device_id: guard.device?.deviceId ?? null,
        seq: guard.device?.seq ?? null,
      }))
      const written = saves.flatMap(({ id, change }) =>
        change.upserts.map((line) => ({ cart_id: id, ...line })),
      )
      const removed = saves.flatMap(({ id, change }) =>
        change.removed.map((productId) => ({ cart_id: id, product_id: productId })),
      )
      const found = await preparedRows<{ id: string }>(
        tx,
        'cart_save_many',
        sql`with input as (
              select * from json_to_recordset(${JSON.stringify(carts)}::json) as i(
                id uuid, expected int, updated_at timestamptz, city_id int, promotion_choices jsonb,
                marketing_units jsonb, bonus_amount int, tradeins jsonb, notices jsonb, scope text, key text, hash text,
                device_id text, seq bigint)),
            saved as (
              update carts c set version = c.version + 1, updated_at = i.updated_at,
                     city_id = coalesce(i.city_id, c.city_id),
                     promotion_choices = coalesce(i.promotion_choices, c.promotion_choices),
                     marketing_units = coalesce(i.marketing_units, c.marketing_units),
                     bonus_amount = coalesce(i.bonus_amount, c.bonus_amount),
                     tradeins = coalesce(i.tradeins, c.tradeins),
                     notices = coalesce(i.notices, c.notices)
              from input i
              -- the ids again as an array: the carts are then found by their key, where a join with
              -- the JSON's rows (estimated at a hundred) could read the whole table
              where c.id = any(${textArrayLiteral(saves.map((s) => s.id))}::uuid[]) and c.id = i.id
                and (i.expected is null or c.version = i.expected)
                and (i.key is null or not exists (
                  select 1 from idempotency_keys k where k.scope = i.scope and k.key = i.key))
                and (i.device_id is null or not exists (
                  select 1 from device_mutations m where m.device_id = i.device_id and m.last_seq >= i.seq))
              returning c.id),
            removed as (
              delete from cart_items d
              using json_to_recordset(${JSON.stringify(removed)}::json) as r(cart_id uuid, product_id int)
              where d.cart_id = r.cart_id and d.product_id = r.product_id
                and r.cart_id in (select id from saved)),
            written as (
              insert into cart_items (cart_id, product_id, quantity, is_active, reference_product_id, for_assembly)
              select l.cart_id, l.product_id, l.quantity, l.is_active, l.reference_product_id, l.for_assembly
              from json_to_recordset(${JSON.stringify(written)}::json)
                   as l(cart_id uuid, product_id int, quantity int, is_active boolean, reference_product_id int,
                        for_assembly boolean)
              where l.cart_id in (select id from saved)
              on conflict (cart_id, product_id) do update
                set quantity = excluded.quantity, is_active = excluded.is_active,
                    reference_product_id = excluded.reference_product_id, for_assembly = excluded.for_assembly),
            remembered as (
              insert into idempotency_keys (scope, key, request_hash, status, body)
              select i.scope, i.key, i.hash, 200, null::jsonb from input i
              where i.key is not null and i.id in (select id from saved)
              on conflict do nothing),
            numbered as (
              insert into device_mutations as m (device_id, last_seq)
              select i.device_id, max(i.seq) from input i
              where i.device_id is not null and i.id in (select id from saved)
              group by i.device_id
              on conflict (device_id) do update set last_seq = excluded.last_seq, updated_at = now()
                where m.last_seq < excluded.last_seq)
            select id from saved`,
      )
      const savedIds = new Set(found.map((r) => r.id.toLowerCase()))
      return saves.map((s) => savedIds.has(s.id.toLowerCase()))
    },

    async close(tx: Db, id: string): Promise<void> {
      await tx.execute(
        sql`update carts set closed_at = now(), version = version + 1, updated_at = now() where id = ${id}`,
      )
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
  return repo
}
export type CartRepo = ReturnType<typeof createCartRepo>
