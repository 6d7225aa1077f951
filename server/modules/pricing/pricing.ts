import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { Db } from '../../db/connection'
import { notFound, unauthorized, unprocessable } from '../../http/errors'
import type { StoredPromotionChoice } from '../../db/schema/cart'
import { giftCardRefusal } from './gift-cards'
import { currentPromoCode, payableItems, priceCart, type PricingData } from './engine'
import { evaluatePromoCode } from './promo-code'
import {
  buildPromotions,
  isOfferable,
  matchPromotions,
  offeredProductIds,
  promotionCovers,
  promotionRunsIn,
} from './promotions'
import {
  BENEFIT_CACHE_MS,
  type BenefitRepo,
  type BenefitSources,
  createBenefitRepo,
  createBenefitTablesCache,
} from './repo'
import { acceptedDevices, checkTradein } from './tradein'
import type { CartPricing, PricingInput, PricingLine } from './types'

/**
 * Loads what one cart's pricing reads. The rarely-changing tables come from memory; a query runs only
 * for what the cart holds: the offered products of its promotions, its promo code's use, its gift cards,
 * the shopper's bonus balance.
 */
async function loadPricingData(repo: BenefitRepo, input: PricingInput): Promise<PricingData> {
  const tables = await repo.tables()
  const matched = matchPromotions(input.lines, tables.promotions, input.cityId, input.now)
  const codeUnit = currentPromoCode(input.marketingUnits)
  const cardCodes = input.marketingUnits.filter((u) => u.type === 'gift_card').map((u) => u.code)
  const [offered, promoCode, giftCards, bonusBalance, bonusMaxPercent] = await Promise.all([
    repo.offeredProducts(offeredProductIds(matched.map((m) => m.promotion)), input.cityId),
    codeUnit ? repo.promoCode(codeUnit.code, input.userId) : null,
    repo.giftCards(cardCodes),
    input.userId && input.bonusAmount > 0 ? repo.bonusBalance(input.userId, input.now) : 0,
    repo.bonusMaxPercent(),
  ])
  return {
    promotions: tables.promotions,
    offered,
    promoCode,
    giftCards,
    bonusBalance,
    bonusMaxPercent,
    cashbackRules: tables.cashbackRules,
    tradein: tables.tradein,
  }
}

/** The promotions the lines qualify for, with their kit parts: one query for the offered products. */
export async function promotionsFor(
  repo: BenefitRepo,
  input: Pick<PricingInput, 'lines' | 'cityId' | 'now' | 'lang' | 'promotionChoices'>,
) {
  const tables = await repo.tables()
  const matches = matchPromotions(input.lines, tables.promotions, input.cityId, input.now)
  const offered = await repo.offeredProducts(offeredProductIds(matches.map((m) => m.promotion)), input.cityId)
  return buildPromotions({
    lines: input.lines,
    matches,
    offered,
    choices: input.promotionChoices,
    lang: input.lang,
  })
}

/** A promo code against a cart: who may use it, and what it takes off the cart's items after kits. */
export async function promoCodeFor(repo: BenefitRepo, code: string, input: PricingInput) {
  const [promotions, promoCode] = await Promise.all([
    promotionsFor(repo, input),
    repo.promoCode(code, input.userId),
  ])
  const outcome = evaluatePromoCode(promoCode.terms, payableItems(input, promotions.kitParts), {
    userId: input.userId,
    now: input.now,
    usage: promoCode.usage,
  })
  return { terms: promoCode.terms, outcome }
}

/** Promotions, promo codes, gift cards, bonuses and cashback over the cart's shelf prices. */
export function createCartPricing(db: Db, sources: BenefitSources): CartPricing {
  const repo = createBenefitRepo(db, sources)

  async function checkPromotionChoice(choice: StoredPromotionChoice, input: PricingInput) {
    const tables = await repo.tables()
    const promotion = tables.promotions.find(
      (p) => p.id === choice.promotionId && promotionRunsIn(p, input.cityId, input.now),
    )
    if (!promotion) throw notFound(CART_ERROR_KEYS.promotionNotFound)
    const line = input.lines.find((l) => l.productId === choice.referenceProductId)
    if (!line?.isActive || !promotionCovers(promotion, line))
      throw unprocessable(CART_ERROR_KEYS.promotionChoiceInvalid)
    const offered = await repo.offeredProducts(offeredProductIds([promotion]), input.cityId)
    for (const picked of choice.rules) {
      const rule = promotion.rules.find((r) => r.id === picked.ruleId)
      const fits =
        rule &&
        picked.productIds.length <= 1 &&
        picked.productIds.every((id) => rule.productIds.includes(id) && isOfferable(offered.get(id)))
      if (!fits) throw unprocessable(CART_ERROR_KEYS.promotionChoiceInvalid)
    }
  }

  return {
    async price(input) {
      return priceCart(input, await loadPricingData(repo, input)).result
    },

    async checkMarketingUnit(unit, input) {
      if (unit.type === 'gift_card') {
        const cards = await repo.giftCards([unit.code])
        const refusal = giftCardRefusal(cards.get(unit.code), input.now)
        if (refusal) throw refusal
        return
      }
      const { outcome } = await promoCodeFor(repo, unit.code, input)
      if (!outcome.ok) throw outcome.error
    },

    checkPromotionChoice,

    async checkTradein(choice, input) {
      checkTradein((await repo.tables()).tradein, choice, input.lines, input.cityId)
    },

    async checkBonusAmount(amount, input) {
      if (amount <= 0) return
      if (!input.userId) throw unauthorized(CART_ERROR_KEYS.bonusUnauthorized)
      const data = await loadPricingData(repo, { ...input, bonusAmount: amount })
      const { bonusAllowed } = priceCart(input, data)
      if (amount > bonusAllowed) throw unprocessable(CART_ERROR_KEYS.bonusTooMany, { max: bonusAllowed })
    },
  }
}

/**
 * The store's pricing: one copy of the benefit tables in memory for every module that prices. The cart
 * prices its changes through `forConnection` (the change's transaction); promotions, promo code and gift
 * card checks and the loan calculator read through the store's connection.
 */
export function createPricing(
  db: Db,
  categories: BenefitSources['categories'],
  tablesTtlMs = BENEFIT_CACHE_MS,
) {
  const sources: BenefitSources = { categories, tables: createBenefitTablesCache(tablesTtlMs, db) }
  const benefits = createBenefitRepo(db, sources)
  const byConnection = new WeakMap<Db, CartPricing>()
  return {
    /** A cart's pricing over the connection at hand: inside a change it reads in the change's transaction. */
    forConnection(connection: Db): CartPricing {
      // one per connection: a change asks for it twice, and making it is a dozen closures
      let pricing = byConnection.get(connection)
      if (!pricing) byConnection.set(connection, (pricing = createCartPricing(connection, sources)))
      return pricing
    },
    /** The old devices a product takes in a city (`GET /trade/product-link`, the cart's lines). */
    tradeinDevices: async (line: Pick<PricingLine, 'categoryPath' | 'type'>, cityId: number) =>
      acceptedDevices((await benefits.tables()).tradein, line, cityId),
    /** Running promotions, loan products and the other rarely-changing tables. */
    tables: () => benefits.tables(),
    /** The products by id with their price and stock in the city. */
    offeredProducts: (ids: number[], cityId: number) => benefits.offeredProducts(ids, cityId),
    /** Gift cards by the codes as typed. */
    giftCards: (codes: string[]) => benefits.giftCards(codes),
    /** A promo code's terms and how often it was used. */
    promoCode: (code: string, userId: string | null) => benefits.promoCode(code, userId),
    /** The promotions these lines qualify for, with their kit parts. */
    promotionsFor: (input: Parameters<typeof promotionsFor>[1]) => promotionsFor(benefits, input),
    /** A promo code against a cart's lines: who may use it, and what it takes off. */
    promoCodeFor: (code: string, input: PricingInput) => promoCodeFor(benefits, code, input),
  }
}
export type Pricing = ReturnType<typeof createPricing>
