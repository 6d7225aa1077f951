import { sql } from 'drizzle-orm'
import type { ProductType } from '../../../contract/catalog'
import type { Db } from '../../db/connection'
import { arrayLiteral, rows, statementRows } from '../../db/rows'
import { benefitSettings, cashbackRules, giftCards, promoCodeRules, promotions } from '../../db/schema/cart'
import { tradeinDevices } from '../../db/schema/tradein'
import type { TradeinTables } from './tradein'
import { createBonusRepo } from '../bonus'
import type { CategoryTree } from '../catalog'
import type {
  CashbackRuleRow,
  GiftCardRow,
  OfferedProduct,
  PromoCodeTerms,
  PromoCodeUsage,
  PromotionRow,
} from './benefit-data'
import { DEFAULT_BONUS_MAX_PERCENT } from './bonuses'
import { cached } from './cached'

/** The rarely-changing tables, held in memory: pricing runs on every cart request. */
export interface BenefitTables {
  promotions: PromotionRow[]
  promoCodeRules: Map<string, PromoCodeTerms>
  cashbackRules: CashbackRuleRow[]
  settings: Map<string, number | string | boolean>
  tradein: TradeinTables
}

/**
 * Tests write benefit rows and price at once, so they read through; a running store takes a few
 * seconds to see a change marketing makes.
 */
export const BENEFIT_CACHE_MS = process.env.NODE_ENV === 'test' ? 0 : 5_000

const normalizeCode = (code: string) => code.trim().toUpperCase()

/** The trade-in rows: devices, the categories (by id) that take them, and the cities with a shop taking them. */
async function loadTradeinTables(db: Db): Promise<TradeinTables> {
  const [devices, offers, cities] = await Promise.all([
    db.select().from(tradeinDevices),
    rows<{ category_id: number; device_kind: string }>(
      db,
      sql`select c.id as category_id, o.device_kind from tradein_offers o join categories c on c.slug = o.category_slug`,
    ),
    rows<{ city_id: number }>(
      db,
      sql`select distinct city_id from service_points where accepts_tradein and is_active and type = 'shop'`,
    ),
  ])
  const kindsByCategory = new Map<number, Set<string>>()
  for (const o of offers) {
    const kinds = kindsByCategory.get(o.category_id) ?? new Set<string>()
    kinds.add(o.device_kind)
    kindsByCategory.set(o.category_id, kinds)
  }
  return {
    devices: new Map(devices.map((d) => [d.kind, d])),
    kindsByCategory,
    cities: new Set(cities.map((c) => Number(c.city_id))),
  }
}

async function loadBenefitTables(db: Db): Promise<BenefitTables> {
  const [promotionRows, ruleRows, cashback, settings, tradein] = await Promise.all([
    db.select().from(promotions),
    db.select().from(promoCodeRules),
    db.select().from(cashbackRules),
    db.select().from(benefitSettings),
    loadTradeinTables(db),
  ])
  return {
    promotions: promotionRows,
    promoCodeRules: new Map(
      ruleRows.map((r) => [normalizeCode(r.code), { ...r, personal: null } satisfies PromoCodeTerms]),
    ),
    cashbackRules: cashback,
    settings: new Map(settings.map((s) => [s.key, s.value])),
    tradein,
  }
}

/**
 * The benefit tables in memory, shared by every pricing of a module. The first load (and with a ttl of 0,
 * every load) reads through the `Db` of the caller, which may be a cart's transaction: on PGlite a query
 * on another connection inside a transaction would wait for it forever. A stale copy is refreshed in the
 * background through `store`, the store's own pool, and nobody waits for it (see `cached`); the pricing
 * module loads the tables before the store listens, so no request makes the first load.
 */
export function createBenefitTablesCache(cacheMs = BENEFIT_CACHE_MS, store?: Db) {
  const cache = cached<BenefitTables>(cacheMs)
  const refresh = store && (() => loadBenefitTables(store))
  return {
    get(db: Db): Promise<BenefitTables> {
      return cache.get(() => loadBenefitTables(db), refresh)
    },
  }
}
export type BenefitTablesCache = ReturnType<typeof createBenefitTablesCache>

export interface BenefitSources {
  /** The catalogue's category tree: a promotion on a category covers the products under it. */
  categories: () => Promise<CategoryTree>
  /** The benefit tables in memory, shared by every connection pricing reads through. */
  tables?: BenefitTablesCache
}

export function createBenefitRepo(
  db: Db,
  { categories, tables: shared = createBenefitTablesCache() }: BenefitSources,
) {
  const bonus = createBonusRepo(db)
  const tables = { get: () => shared.get(db) }

  return {
    tables: () => tables.get(),

    async bonusMaxPercent(): Promise<number> {
      const value = (await tables.get()).settings.get('bonus_max_percent')
      return typeof value === 'number' ? value : DEFAULT_BONUS_MAX_PERCENT
    },

    /** The products by id with their price and stock in the city: one query. */
    async offeredProducts(ids: number[], cityId: number): Promise<Map<number, OfferedProduct>> {
      if (!ids.length) return new Map()
      const tree = await categories()
      // the statement is the function's (migration 0021: its plan is kept, not made on every read)
      const found = await statementRows<{
        id: number
        sku: string
        title_ru: string
        title_kk: string
        type: ProductType
        category_id: number
        brand_id: number | null
        price: number | null
        in_stock: boolean
        image: string | null
      }>(db, 'offered_products', 'select * from offered_products($1::int[], $2)', [arrayLiteral(ids), cityId])
      return new Map(
        found.map((r) => [
          r.id,
          {
            id: r.id,
            sku: r.sku,
            titleRu: r.title_ru,
            titleKk: r.title_kk,
            type: r.type,
            price: r.price,
            inStock: r.in_stock,
            // an image id, as every product's `images` carry: the client picks the size it shows
            image: r.image,
            categoryPath: tree.pathUp(r.category_id),
            brandId: r.brand_id,
          },
        ]),
      )
    },

    /**
     * A code's terms and use: a general rule from memory, else a personal code of the account area, and
     * the orders that used it (in all and by this shopper). At most one query.
     */
    async promoCode(
      code: string,
      userId: string | null,
    ): Promise<{ terms: PromoCodeTerms | null; usage: PromoCodeUsage }> {
      const rule = (await tables.get()).promoCodeRules.get(normalizeCode(code))
      if (rule) {
        if (rule.limitTotal === null && rule.limitPerUser === null)
          return { terms: rule, usage: { total: 0, byUser: 0 } }
        const [usage] = await rows<{ total: number; by_user: number }>(
          db,
          sql`select count(*)::int as total, count(*) filter (where user_id = ${userId})::int as by_user
              from promo_code_redemptions where code = ${rule.code}`,
        )
        return { terms: rule, usage: { total: usage?.total ?? 0, byUser: usage?.by_user ?? 0 } }
      }
      const [personal] = await rows<{
        code: string
        user_id: string | null
        discount: number
        discount_type: 'percent' | 'amount'
        min_order_sum: number
        valid_to: string | Date
        used_at: string | Date | null
        created_at: string | Date
      }>(
        db,
        sql`select code, user_id, discount, discount_type, min_order_sum, valid_to, used_at, created_at
            from promo_codes where code in (${code.trim()}, ${normalizeCode(code)}) limit 1`,
      )
      if (!personal) return { terms: null, usage: { total: 0, byUser: 0 } }
      return {
        terms: {
          code: personal.code,
          discountKind: personal.discount_type === 'percent' ? 'percent' : 'fix',
          value: personal.discount,
          rounding: 'floor',
          maxDiscount: null,
          minOrderSum: personal.min_order_sum,
          conditions: {},
          limitTotal: null,
          limitPerUser: null,
          validFrom: new Date(personal.created_at),
          validTo: new Date(personal.valid_to),
          isActive: true,
          personal: {
            ownerUserId: personal.user_id,
            usedAt: personal.used_at ? new Date(personal.used_at) : null,
          },
        },
        usage: { total: 0, byUser: 0 },
      }
    },

    /** The cards by the codes as typed: a card's code is matched as stored or upper-cased. */
    async giftCards(codes: string[]): Promise<Map<string, GiftCardRow>> {
      if (!codes.length) return new Map()
      const wanted = [...new Set(codes.flatMap((c) => [c, normalizeCode(c)]))]
      const found = await db
        .select()
        .from(giftCards)
        .where(
          sql`${giftCards.code} in (${sql.join(
            wanted.map((c) => sql`${c}`),
            sql`, `,
          )})`,
        )
      const byCode = new Map(found.map((c) => [c.code, c]))
      const out = new Map<string, GiftCardRow>()
      for (const code of codes) {
        const card = byCode.get(code) ?? byCode.get(normalizeCode(code))
        if (card) out.set(code, card)
      }
      return out
    },

    async bonusBalance(userId: string, now: Date): Promise<number> {
      return (await bonus.balance(userId, now)).accessible
    },
  }
}
export type BenefitRepo = ReturnType<typeof createBenefitRepo>
