import { randomInt } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type {
  AdminGiftCard,
  AdminGiftCardParsed as GiftCardInput,
  AdminPromoCode,
  AdminPromoCodeParsed as PromoCodeInput,
  AdminPromotion,
  AdminPromotionParsed as PromotionInput,
} from '../../../contract/back-office'
import type { PromotionEntityType } from '../../../contract/values/cart'
import type { Db } from '../../db/connection'
import { databaseError } from '../../db/errors'
import { rows } from '../../db/rows'
import { brands, categories, giftCards, products, promoCodeRules, promotions } from '../../db/schema'

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())
const isUnique = (error: unknown) => databaseError(error, '23505') !== null

/** A gift card's code: `GC-XXXX-XXXX-XXXX` from letters and digits that cannot be misread. */
export function newGiftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `GC-${group()}-${group()}-${group()}`
}

/**
 * The benefit tables as the back office reads and writes them: gift and kit promotions, general promo
 * codes and gift cards, each with what it has been used for. Pricing reads the same tables (its copy is
 * at most a few seconds old); a trigger on `promotions` moves the catalogue's version, so cards show a
 * new promotion's sticker.
 */
export function createBenefitsRepo(db: Db) {
  return {
    async promotions(): Promise<AdminPromotion[]> {
      const found = await rows<{
        id: number
        type: 'gift' | 'kit'
        title_ru: string
        title_kk: string
        main_entity_type: PromotionEntityType
        main_entity_ids: number[]
        rules: { titleRu: string; productIds: number[]; discountKind: string; discountValue: number }[]
        is_required: boolean
        city_ids: number[]
        priority: number
        valid_from: Date | string
        valid_to: Date | string | null
        is_active: boolean
        registrations: number
      }>(
        db,
        sql`select p.*, (select count(*)::int from promotion_registrations r where r.promotion_id = p.id) as registrations
            from promotions p order by p.is_active desc, p.id desc`,
      )
      return found.map((p) => ({
        id: p.id,
        type: p.type,
        title_ru: p.title_ru,
        title_kk: p.title_kk,
        main_entity_type: p.main_entity_type,
        main_entity_ids: p.main_entity_ids,
        rules: p.rules.map((r) => ({
          title_ru: r.titleRu,
          product_ids: r.productIds,
          discount_kind: r.discountKind,
          discount_value: r.discountValue,
        })),
        is_required: p.is_required,
        city_ids: p.city_ids,
        priority: p.priority,
        valid_from: iso(p.valid_from)!,
        valid_to: iso(p.valid_to),
        is_active: p.is_active,
        registrations: p.registrations,
      }))
    },

    /** Product ids by SKU; the SKUs not found are in `missing`. */
    async productIds(skus: string[]): Promise<{ ids: number[]; missing: string[] }> {
      const found = await db
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.sku, skus))
      const bySku = new Map(found.map((p) => [p.sku, p.id]))
      return {
        ids: skus.map((s) => bySku.get(s)).filter((id): id is number => id !== undefined),
        missing: skus.filter((s) => !bySku.has(s)),
      }
    },

    /** What a promotion hangs on, by SKU or slug; the ones not found are in `missing`. */
    async entityIds(
      kind: PromotionEntityType,
      keys: string[],
    ): Promise<{ ids: number[]; missing: string[] }> {
      if (kind === 'product') return this.productIds(keys)
      const table = kind === 'category' ? categories : brands
      const found = await db
        .select({ id: table.id, slug: table.slug })
        .from(table)
        .where(inArray(table.slug, keys))
      const bySlug = new Map(found.map((r) => [r.slug, r.id]))
      return {
        ids: keys.map((k) => bySlug.get(k)).filter((id): id is number => id !== undefined),
        missing: keys.filter((k) => !bySlug.has(k)),
      }
    },

    /** A new promotion with the next id (ids are the seed's and the back office's alike). */
    async createPromotion(
      tx: Db,
      p: PromotionInput,
      entityIds: number[],
      rules: {
        titleRu: string
        titleKk: string
        productIds: number[]
        discountKind: 'fix' | 'percent'
        discountValue: number
      }[],
    ): Promise<number> {
      // one at a time: the next id is read and taken under the table's lock
      await tx.execute(sql`lock table promotions in share row exclusive mode`)
      const [next] = await rows<{ id: number }>(
        tx,
        sql`select coalesce(max(id), 0) + 1 as id from promotions`,
      )
      const id = next!.id
      await tx.insert(promotions).values({
        id,
        type: p.type,
        titleRu: p.title_ru,
        titleKk: p.title_kk,
        descriptionRu: p.description_ru,
        descriptionKk: p.description_kk,
        mainEntityType: p.main_entity_type,
        mainEntityIds: entityIds,
        rules: rules.map((r, i) => ({ id: i + 1, ...r })),
        isRequired: p.is_required,
        cityIds: p.city_ids,
        priority: p.priority,
        validFrom: new Date(p.valid_from),
        validTo: p.valid_to ? new Date(p.valid_to) : null,
      })
      return id
    },

    /** Switches a promotion off; false when there is none with the id. */
    async switchOffPromotion(tx: Db, id: number): Promise<boolean> {
      const off = await tx
        .update(promotions)
        .set({ isActive: false })
        .where(eq(promotions.id, id))
        .returning({ id: promotions.id })
      return off.length === 1
    },

    async promoCodes(): Promise<AdminPromoCode[]> {
      const found = await rows<{
        code: string
        discount_kind: 'fix' | 'percent'
        value: number
        rounding: 'ceil' | 'floor' | 'round'
        max_discount: number | null
        min_order_sum: number
        limit_total: number | null
        limit_per_user: number | null
        valid_from: Date | string
        valid_to: Date | string | null
        is_active: boolean
        redemptions: number
      }>(
        db,
        sql`select c.code, c.discount_kind, c.value, c.rounding, c.max_discount, c.min_order_sum, c.limit_total,
                   c.limit_per_user, c.valid_from, c.valid_to, c.is_active,
                   (select count(*)::int from promo_code_redemptions r where r.code = c.code) as redemptions
            from promo_code_rules c order by c.is_active desc, c.valid_from desc, c.code`,
      )
      return found.map((c) => ({ ...c, valid_from: iso(c.valid_from)!, valid_to: iso(c.valid_to) }))
    },

    /** A new general promo code; false when the code exists (any case). */
    async createPromoCode(tx: Db, c: PromoCodeInput): Promise<boolean> {
      const [taken] = await rows<{ code: string }>(
        tx,
        sql`select code from promo_code_rules where upper(code) = ${c.code}
            union all select code from promo_codes where upper(code) = ${c.code} limit 1`,
      )
      if (taken) return false
      try {
        await tx.insert(promoCodeRules).values({
          code: c.code,
          discountKind: c.discount_kind,
          value: c.value,
          rounding: c.rounding,
          maxDiscount: c.max_discount ?? null,
          minOrderSum: c.min_order_sum,
          limitTotal: c.limit_total ?? null,
          limitPerUser: c.limit_per_user ?? null,
          validFrom: new Date(c.valid_from),
          validTo: c.valid_to ? new Date(c.valid_to) : null,
        })
        return true
      } catch (error) {
        if (isUnique(error)) return false
        throw error
      }
    },

    async switchOffPromoCode(tx: Db, code: string): Promise<boolean> {
      const off = await tx
        .update(promoCodeRules)
        .set({ isActive: false })
        .where(sql`upper(${promoCodeRules.code}) = ${code.toUpperCase()}`)
        .returning({ code: promoCodeRules.code })
      return off.length === 1
    },

    /** The newest gift cards (at most 500), with the orders that spent from each. */
    async giftCards(): Promise<AdminGiftCard[]> {
      const found = await rows<{
        code: string
        initial_amount: number
        balance: number
        valid_to: Date | string | null
        is_active: boolean
        created_at: Date | string
        orders: number
      }>(
        db,
        sql`select g.code, g.initial_amount, g.balance, g.valid_to, g.is_active, g.created_at,
                   (select count(*)::int from orders o
                     where o.spent is not null
                       and exists (select 1 from jsonb_array_elements(o.spent->'giftCards') c where c->>'code' = g.code)
                   ) as orders
            from gift_cards g order by g.created_at desc, g.code limit 500`,
      )
      return found.map((g) => ({ ...g, valid_to: iso(g.valid_to), created_at: iso(g.created_at)! }))
    },

    /** A new gift card; null when the code is taken. */
    async createGiftCard(tx: Db, g: GiftCardInput): Promise<string | null> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const code = g.code ?? newGiftCardCode()
        const [made] = await tx
          .insert(giftCards)
          .values({
            code,
            initialAmount: g.amount,
            balance: g.amount,
            validTo: g.valid_to ? new Date(g.valid_to) : null,
          })
          .onConflictDoNothing()
          .returning({ code: giftCards.code })
        if (made) return made.code
        if (g.code) return null
      }
      return null
    },

    async switchOffGiftCard(tx: Db, code: string): Promise<boolean> {
      const off = await tx
        .update(giftCards)
        .set({ isActive: false })
        .where(eq(giftCards.code, code.toUpperCase()))
        .returning({ code: giftCards.code })
      return off.length === 1
    },
  }
}
export type BenefitsRepo = ReturnType<typeof createBenefitsRepo>
