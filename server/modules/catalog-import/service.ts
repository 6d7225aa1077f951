import type { Readable } from 'node:stream'
import { setImmediate as yieldToRequests, setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import {
  CATALOG_IMPORT_ERROR_KEYS as KEYS,
  type AdminProduct,
  type AdminProductHits,
  type CityEdit,
  type ImportFormat,
  type ImportView,
} from '../../../contract/catalog-import'
import { HOLDING_ORDER_STATUSES, MAX_STORED_REJECTIONS } from '../../../contract/values/catalog-import'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { conflict, notFound, unprocessable } from '../../http/errors'
import { recordAudit } from '../audit'
import { readRows, UnreadableFile } from './read'
import { createImportRepo, LEASE_LOST, type ImportRepo, type ImportRow } from './repo'
import { checkRow, isImportField, type Rejection, type StagedRow } from './rows'

export interface ImportOptions {
  /** Staged rows applied in one transaction. */
  chunkRows: number
  /** A pause between two chunks, so shoppers' statements get the database in between. */
  pauseMs: number
  /**
   * And a pause this many times as long as the chunk took: the import leaves the database and the
   * catalogue index's follow-up to shoppers for that share of its time, on any machine.
   */
  pauseRatio: number
  /** How long a process holds an import it applies before another may go on with it. */
  leaseMs: number
}

/** Who did it, for the audit log: a staff member through the back office, or a command. */
export interface Actor {
  kind: 'staff' | 'system'
  id: string
  ip?: string | null
}

interface Log {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Rows checked and kept per statement while the file arrives. */
const STAGE_BATCH = 2000
/** Rows checked between two looks at the requests waiting. */
const YIELD_EVERY_ROWS = 500
const HOLDING = sql.raw(HOLDING_ORDER_STATUSES.map((s) => `'${s}'`).join(', '))

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

function viewOf(row: ImportRow, rejections: ImportView['rejections'], next: number | null): ImportView {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    bytes: row.bytes,
    content_hash: row.content_hash,
    same_as: row.same_as,
    created_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
    error: row.error,
    rows: { total: row.rows_total, rejected: row.rows_rejected },
    progress:
      row.status === 'done' ? 1 : row.last_row === 0 ? 0 : Math.min(1, row.applied_through / row.last_row),
    changes: {
      products_created: row.products_created,
      products_updated: row.products_updated,
      prices: row.prices_changed,
      stocks: row.stocks_changed,
    },
    rejections,
    rejections_next: next,
  }
}

/** Runs `work` again when PostgreSQL chose it as a deadlock's victim (a cancel giving stock back). */
async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err
      await sleep(50 * attempt)
    }
  }
}

export function createImportService({ db, log, options }: { db: Db; log: Log; options: ImportOptions }) {
  const repo: ImportRepo = createImportRepo(db)
  let running: Promise<void> | null = null

  /** Applies one claimed import chunk by chunk, from where it stood. */
  async function apply(imp: ImportRow): Promise<void> {
    const started = Date.now()
    let from = imp.applied_through
    try {
      while (from < imp.last_row) {
        const to = await repo.chunkEnd(imp.id, from, options.chunkRows, imp.last_row)
        const chunkStarted = Date.now()
        await retrying(() =>
          db.transaction(async (tx) => {
            await createImportRepo(tx).applyChunk(tx, imp.id, from, to, options.leaseMs)
          }),
        )
        from = to
        const pause = options.pauseMs + options.pauseRatio * (Date.now() - chunkStarted)
        if (pause > 0 && from < imp.last_row) await sleep(pause)
      }
      await repo.finish(imp.id)
      log.info(
        { import: imp.id, rows: imp.rows_total, took_ms: Date.now() - started },
        'catalog import applied',
      )
    } catch (err) {
      if ((err as Error).message === LEASE_LOST) return
      log.error({ err, import: imp.id }, 'catalog import failed')
      await repo.fail(imp.id, 'apply_failed')
    }
  }

  /** Applies open imports one after another until none is left; one loop per process. */
  function kick(): Promise<void> {
    running ??= (async () => {
      try {
        for (let imp = await repo.claim(options.leaseMs); imp; imp = await repo.claim(options.leaseMs))
          await apply(imp)
      } finally {
        running = null
      }
    })()
    return running
  }

  async function view(id: string, after = 0, limit = 100): Promise<ImportView> {
    const row = await repo.get(id)
    if (!row) throw notFound(KEYS.notFound)
    const found = await repo.rejections(id, limit + 1, after)
    const page = found.slice(0, limit)
    const next = found.length > limit ? page[page.length - 1]!.row_no : null
    return viewOf(
      row,
      page.map((r) => ({
        row: r.row_no,
        field: r.field as ImportView['rejections'][number]['field'],
        reason: r.reason as ImportView['rejections'][number]['reason'],
        value: r.value,
        held: r.held,
      })),
      next,
    )
  }

  /**
   * Reads the file as it arrives, checks each row and keeps the good ones in batches; when the file is
   * whole and readable, the import is applied in the background (`kick`). A file that stops being
   * readable leaves nothing behind but a failed import, and the caller hears why (422).
   */
  async function receive(body: Readable, format: ImportFormat, actor: Actor): Promise<ImportView> {
    const id = await repo.create(format, actor.kind === 'staff' ? actor.id : null)
    const { rows: read, tally } = readRows(body, format)
    let batch: StagedRow[] = []
    let rejected: Rejection[] = []
    let stored = 0
    let total = 0
    let rejectedRows = 0
    let lastRow = 0
    const flush = async () => {
      await repo.stage(id, batch)
      const keep = rejected.slice(0, Math.max(0, MAX_STORED_REJECTIONS - stored))
      await repo.reject(id, keep)
      stored += keep.length
      batch = []
      rejected = []
    }
    try {
      for await (const { rowNo, raw, unreadable } of read) {
        total++
        let checked = unreadable
          ? ({
              ok: false,
              rejections: [{ row_no: rowNo, field: 'row', reason: 'unreadable', value: null }],
            } as const)
          : checkRow(raw, rowNo)
        if (format === 'json' && !unreadable) {
          const unknown = Object.keys(raw).filter((k) => !isImportField(k))
          if (unknown.length > 0)
            checked = {
              ok: false,
              rejections: unknown.slice(0, 5).map((k) => ({
                row_no: rowNo,
                field: 'row' as const,
                reason: 'unknown_column' as const,
                value: k.slice(0, 100),
              })),
            }
        }
        if (checked.ok) {
          batch.push(checked.row)
          lastRow = rowNo
        } else {
          rejectedRows++
          rejected.push(...checked.rejections)
        }
        if (batch.length + rejected.length >= STAGE_BATCH) await flush()
        // a stream's chunk holds thousands of rows: checking them took the event loop for 100-180 ms
        // at a time, while shoppers waited
        else if (total % YIELD_EVERY_ROWS === 0) await yieldToRequests()
      }
      await flush()
    } catch (err) {
      await repo.fail(id, err instanceof UnreadableFile ? 'unreadable' : 'upload_failed')
      if (err instanceof UnreadableFile)
        throw unprocessable(KEYS.unreadable, { import_id: id, ...err.details })
      throw err
    }
    if (total === 0) {
      await repo.fail(id, 'empty')
      throw unprocessable(KEYS.empty, { import_id: id })
    }
    await db.transaction(async (tx) => {
      await createImportRepo(tx).staged(id, {
        hash: tally.hash(),
        bytes: tally.bytes(),
        rows: total,
        rejected: rejectedRows,
        lastRow,
      })
      await recordAudit(tx, {
        actorKind: actor.kind,
        actorId: actor.id,
        action: 'catalog.import',
        subjectKind: 'catalog_import',
        subjectId: id,
        details: { format, bytes: tally.bytes(), rows: total, rejected: rejectedRows, sha256: tally.hash() },
        ip: actor.ip ?? null,
      })
    })
    if (lastRow === 0) await repo.finish(id)
    else void kick().catch((err: unknown) => log.error({ err }, 'catalog import runner failed'))
    return view(id)
  }

  async function productId(sku: string): Promise<number> {
    const [row] = await rows<{ id: number }>(db, sql`select id from products where sku = ${sku}`)
    if (!row) throw notFound(KEYS.productNotFound)
    return row.id
  }

  /** A product as the back office edits it: its price in every city and the stock at every active point. */
  async function product(sku: string): Promise<AdminProduct> {
    const [p] = await rows<{
      id: number
      sku: string
      uri: string
      title_ru: string
      title_kk: string
      category: string
    }>(
      db,
      sql`select p.id, p.sku, p.uri, p.title_ru, p.title_kk, c.slug as category
          from products p join categories c on c.id = p.category_id where p.sku = ${sku}`,
    )
    if (!p) throw notFound(KEYS.productNotFound)
    const prices = await rows<{ city_id: number; price: number; old_price: number | null }>(
      db,
      sql`select city_id, price, old_price from product_prices where product_id = ${p.id}`,
    )
    const stocks = await rows<{
      city_id: number
      point_id: number
      title: string
      condition: 'N' | 'V'
      available: number
      held: number
    }>(
      db,
      sql`select sp.city_id, sp.id as point_id, sp.title_ru as title, c.condition,
                 coalesce(s.quantity, 0)::int as available,
                 coalesce((select sum(o.quantity) from order_reservations o join orders ord on ord.id = o.order_id
                           where o.product_id = ${p.id} and o.service_point_id = sp.id
                             and o.condition = c.condition and ord.status in (${HOLDING})), 0)::int as held
          from service_points sp
          cross join (values ('N'), ('V')) as c(condition)
          left join stocks s on s.product_id = ${p.id} and s.service_point_id = sp.id and s.condition = c.condition
          where sp.is_active and (c.condition = 'N' or s.quantity is not null)
          order by sp.city_id, sp.id, c.condition`,
    )
    return {
      sku: p.sku,
      uri: p.uri,
      title_ru: p.title_ru,
      title_kk: p.title_kk,
      category: p.category,
      cities: [1, 2, 3, 4].map((city) => {
        const price = prices.find((r) => r.city_id === city)
        return {
          city_id: city,
          price: price?.price ?? null,
          old_price: price?.old_price ?? null,
          stocks: stocks
            .filter((s) => s.city_id === city)
            .map((s) => ({
              point_id: s.point_id,
              point_title: s.title,
              condition: s.condition,
              available: s.available,
              held: s.held,
              on_hand: s.available + s.held,
            })),
        }
      }),
    }
  }

  /** Products by sku (exact or its start) or by words of the Russian or Kazakh title. */
  async function search(q: string): Promise<AdminProductHits> {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const found = await rows<{ sku: string; title_ru: string; uri: string }>(
      db,
      sql`(select sku, title_ru, uri from products where sku = ${q})
          union
          (select sku, title_ru, uri from products
           where sku like ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or title_ru ilike ${like} or title_kk ilike ${like}
           order by popularity desc limit 20)
          limit 20`,
    )
    return { products: found.map((r) => ({ sku: r.sku, title: r.title_ru, uri: r.uri })) }
  }

  /**
   * One product's price and stock in one city, through the import's own checks and writes (so stock
   * follows the same rule, locks and `stock_changes`), all or nothing: a stock below what open orders
   * hold is 409 with the units held, an unknown point 422. Nothing of it is kept as an import.
   */
  async function editCity(sku: string, cityId: number, edit: CityEdit, actor: Actor): Promise<AdminProduct> {
    await productId(sku)
    let price = edit.price
    let oldPrice = edit.old_price
    if (price === undefined && oldPrice !== undefined) {
      const [current] = await rows<{ price: number }>(
        db,
        sql`select pp.price from product_prices pp join products p on p.id = pp.product_id
            where p.sku = ${sku} and pp.city_id = ${cityId}`,
      )
      if (!current) throw unprocessable(KEYS.oldPriceNotAbovePrice)
      price = current.price
    }
    if (price !== undefined && oldPrice === undefined) {
      const [current] = await rows<{ old_price: number | null }>(
        db,
        sql`select pp.old_price from product_prices pp join products p on p.id = pp.product_id
            where p.sku = ${sku} and pp.city_id = ${cityId}`,
      )
      oldPrice = current?.old_price ?? null
      if (oldPrice !== null && oldPrice <= price) oldPrice = null
    }
    if (price !== undefined && oldPrice != null && oldPrice <= price)
      throw unprocessable(KEYS.oldPriceNotAbovePrice, { old_price: oldPrice, price })
    const staged: StagedRow[] = []
    const blank = {
      sku,
      city_id: cityId,
      price: null,
      old_price: null,
      point_id: null,
      condition: null,
      stock: null,
      title_ru: null,
      uri: null,
      title_kk: null,
      category: null,
      brand: null,
      model: null,
      description_ru: null,
      description_kk: null,
      weight_grams: null,
    } satisfies Omit<StagedRow, 'row_no'>
    if (price !== undefined) staged.push({ ...blank, row_no: 1, price, old_price: oldPrice ?? null })
    for (const s of edit.stocks ?? [])
      staged.push({
        ...blank,
        row_no: staged.length + 1,
        point_id: s.point_id,
        condition: s.condition,
        stock: s.on_hand,
      })
    await retrying(() =>
      db.transaction(async (tx) => {
        const txRepo = createImportRepo(tx)
        const id = await txRepo.create('json', null)
        await txRepo.stage(id, staged)
        await tx.execute(sql`update catalog_imports set last_row = ${staged.length} where id = ${id}`)
        await txRepo.applyChunk(tx, id, 0, staged.length, options.leaseMs)
        const turnedAway = await txRepo.rejections(id, 10, 0)
        // an edit leaves no import behind: only the change (and the audit log's line)
        await tx.execute(sql`delete from catalog_imports where id = ${id}`)
        const first = turnedAway[0]
        if (!first) {
          await recordAudit(tx, {
            actorKind: actor.kind,
            actorId: actor.id,
            action: 'catalog.edit',
            subjectKind: 'product',
            subjectId: sku,
            details: { city_id: cityId, price, old_price: oldPrice ?? null, stocks: edit.stocks ?? [] },
            ip: actor.ip ?? null,
          })
          return
        }
        const point = staged[first.row_no - 1]?.point_id
        if (first.reason === 'below_reserved')
          throw conflict(KEYS.belowReserved, { point_id: point, held: first.held })
        throw unprocessable(KEYS.unknownPoint, { point_id: point })
      }),
    )
    return product(sku)
  }

  async function list(limit = 20) {
    return { imports: (await repo.list(limit)).map((row) => viewOf(row, [], null)) }
  }

  return { receive, view, list, kick, drain: () => running ?? Promise.resolve(), product, search, editCity }
}

export type ImportService = ReturnType<typeof createImportService>
