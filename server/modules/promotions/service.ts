import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  CartPromotion,
  PromotionDetail,
  PromotionProduct,
  PromotionSummary,
} from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { notFound } from '../../http/errors'
import type { CategoryTree } from '../catalog'
import {
  promoPrice,
  promotionRunsIn,
  toPromotionProduct,
  type Pricing,
  type OfferedProduct,
  type PromotionRow,
} from '../pricing'

/** How many of the products a promotion hangs on its page shows. */
export const PROMOTION_PRODUCTS_LIMIT = 24

const byPriority = (a: PromotionRow, b: PromotionRow) => a.priority - b.priority || a.id - b.id

function summary(p: PromotionRow, lang: Lang): z.infer<typeof PromotionSummary> {
  return {
    id: p.id,
    type: p.type,
    title: lang === 'kk' ? p.titleKk : p.titleRu,
    description: lang === 'kk' ? p.descriptionKk || p.descriptionRu : p.descriptionRu,
    mainEntityType: p.mainEntityType,
    validFrom: p.validFrom.toISOString(),
    validTo: p.validTo?.toISOString() ?? null,
  }
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )

/** Spec 7 (Marketing and promotions): promotions as the storefront lists them, and for a product list. */
export function createPromotionsService(
  db: Db,
  deps: {
    benefits: Pricing
    lines: FastifyInstance['pricingLines']
    categories: () => Promise<CategoryTree>
  },
  now: () => Date = () => new Date(),
) {
  const { benefits, lines, categories } = deps

  async function running(cityId: number): Promise<PromotionRow[]> {
    const at = now()
    return (await benefits.tables()).promotions.filter((p) => promotionRunsIn(p, cityId, at)).sort(byPriority)
  }

  /** Up to 24 products of the promotion's product, category tree or brand sold in the city, most popular first. */
  async function coveredProductIds(p: PromotionRow, cityId: number): Promise<number[]> {
    if (!p.mainEntityIds.length) return []
    const tree = await categories()
    const where =
      p.mainEntityType === 'product'
        ? sql`p.id in (${idList(p.mainEntityIds)})`
        : p.mainEntityType === 'category'
          ? sql`p.category_id in (${idList(tree.withDescendants(p.mainEntityIds))})`
          : sql`p.brand_id in (${idList(p.mainEntityIds)})`
    const found = await rows<{ id: number }>(
      db,
      sql`select p.id from products p
          join product_prices pp on pp.product_id = p.id and pp.city_id = ${cityId}
          where ${where} order by p.popularity desc, p.id limit ${PROMOTION_PRODUCTS_LIMIT}`,
    )
    return found.map((r) => r.id)
  }

  return {
    async list(cityId: number, lang: Lang) {
      return (await running(cityId)).map((p) => summary(p, lang))
    },

    async detail(id: number, cityId: number, lang: Lang): Promise<z.infer<typeof PromotionDetail>> {
      const promotion = (await running(cityId)).find((p) => p.id === id)
      if (!promotion) throw notFound(CART_ERROR_KEYS.promotionNotFound)
      const covered = await coveredProductIds(promotion, cityId)
      const ruleIds = promotion.rules.flatMap((r) => r.productIds)
      const offered = await benefits.offeredProducts([...new Set([...ruleIds, ...covered])], cityId)
      const shown = (ids: number[], price: (p: OfferedProduct) => number): PromotionProduct[] =>
        ids.flatMap((pid) => {
          const product = offered.get(pid)
          return product ? [toPromotionProduct(product, lang, price(product), false)] : []
        })
      return {
        ...summary(promotion, lang),
        rules: promotion.rules.map((rule) => ({
          id: rule.id,
          title: lang === 'kk' ? rule.titleKk : rule.titleRu,
          products: shown(rule.productIds, (p) => promoPrice(promotion.type, rule, p.price ?? 0)),
        })),
        products: shown(covered, (p) => p.price ?? 0),
      }
    },

    /** The promotions these products would get in a cart, with the first product of each rule chosen. */
    async forProducts(
      products: { sku: string; quantity?: number }[],
      cityId: number,
      lang: Lang,
    ): Promise<CartPromotion[]> {
      const priced = await lines.forSkus(
        products.map((p) => ({ sku: p.sku, quantity: p.quantity ?? 1 })),
        cityId,
      )
      const outcome = await benefits.promotionsFor({
        lines: priced,
        cityId,
        now: now(),
        lang,
        promotionChoices: [],
      })
      return outcome.promotions
    },
  }
}
export type PromotionsService = ReturnType<typeof createPromotionsService>
