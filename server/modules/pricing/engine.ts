import type { MarketingUnit } from '../../../contract/cart'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { StoredMarketingUnit, StoredNotice } from '../../db/schema/cart'
import { baseLines, baseSums } from './base-sums'
import type {
  CashbackRuleRow,
  GiftCardRow,
  OfferedProduct,
  PromoCodeTerms,
  PromoCodeUsage,
  PromotionRow,
} from './benefit-data'
import { allowedBonus } from './bonuses'
import { cashbackOf, cashbackPercent } from './cashback'
import { applyGiftCards } from './gift-cards'
import { benefitCleared } from './notices'
import { evaluatePromoCode, type PayableItem } from './promo-code'
import { buildPromotions, type KitPart, matchPromotions } from './promotions'
import { applyTradeins, type TradeinTables } from './tradein'
import type { PricingInput, PricingResult } from './types'

/** Everything pricing reads for one cart, loaded beforehand so pricing itself is a pure function. */
export interface PricingData {
  promotions: PromotionRow[]
  /** The city price and stock of the products the matched promotions offer. */
  offered: ReadonlyMap<number, OfferedProduct>
  /** The cart's promo code with its terms (null terms: no such code) and how often it was used. */
  promoCode: { terms: PromoCodeTerms | null; usage: PromoCodeUsage } | null
  giftCards: ReadonlyMap<string, GiftCardRow>
  /** The shopper's spendable bonuses; 0 for a guest. */
  bonusBalance: number
  bonusMaxPercent: number
  cashbackRules: CashbackRuleRow[]
  tradein: TradeinTables
}

/** What the shopper buys: the active lines at their line total, and the parts of applied kits. */
export function payableItems(input: PricingInput, kitParts: KitPart[]): PayableItem[] {
  return [
    ...input.lines
      .filter((l) => l.isActive)
      .map((l) => ({
        sku: l.sku,
        productId: l.productId,
        categoryPath: l.categoryPath,
        brandId: l.brandId,
        total: l.price * l.quantity,
      })),
    ...kitParts.map((part) => ({
      sku: part.product.sku,
      productId: part.product.id,
      categoryPath: part.product.categoryPath,
      brandId: part.product.brandId,
      total: part.promoPrice,
    })),
  ]
}

/** One promo code per cart: the one added last counts, the others leave quietly (it replaced them). */
export function currentPromoCode(units: StoredMarketingUnit[]): StoredMarketingUnit | null {
  return units.filter((u) => u.type === 'promo_code').at(-1) ?? null
}

/**
 * Prices a cart, in this order: shelf prices of active lines; kits and gifts; the promo code on the
 * eligible items after kits; the credits of old devices handed over (trade-in); gift cards in the order added; bonuses up to their cap; cashback of what is
 * left to pay in money. Also answers how many bonuses the cart allows, for checkBonusAmount.
 */
export function priceCart(
  input: PricingInput,
  data: PricingData,
): { result: PricingResult; bonusAllowed: number } {
  const lines = baseLines(input.lines)
  const base = baseSums(input.lines, lines)
  const notices: StoredNotice[] = []
  const cleared: PricingResult['cleared'] = {}

  const promotionsOutcome = buildPromotions({
    lines: input.lines,
    matches: matchPromotions(input.lines, data.promotions, input.cityId, input.now),
    offered: data.offered,
    choices: input.promotionChoices,
    lang: input.lang,
  })
  if (promotionsOutcome.choices) cleared.promotionChoices = promotionsOutcome.choices
  notices.push(...promotionsOutcome.notices)
  const kitSum = promotionsOutcome.kitParts.reduce((sum, part) => sum + part.promoPrice, 0)
  const subTotalSum = base.subTotalSum + kitSum
  let economySum = base.economySum + promotionsOutcome.economy

  const keptUnits: StoredMarketingUnit[] = []
  let unitsChanged = false
  const codeUnit = currentPromoCode(input.marketingUnits)
  const items = payableItems(input, promotionsOutcome.kitParts)
  let promoCodeSum = 0
  let promoCodeInfo: PricingResult['promoCodeInfo'] = null
  let promoUnit: MarketingUnit | null = null
  let eligible = { sum: 0, skus: new Set<string>() }
  if (codeUnit) {
    const outcome = evaluatePromoCode(data.promoCode?.terms ?? null, items, {
      userId: input.userId,
      now: input.now,
      usage: data.promoCode?.usage ?? { total: 0, byUser: 0 },
    })
    const terms = data.promoCode?.terms
    if (outcome.ok && terms) {
      keptUnits.push(codeUnit)
      promoCodeSum = outcome.sum
      economySum += promoCodeSum
      eligible = { sum: outcome.eligibleSum, skus: new Set(outcome.applicableSkus) }
      promoUnit = {
        code: codeUnit.code,
        type: 'promo_code',
        operationId: codeUnit.operationId,
        amount: promoCodeSum,
        balance: null,
      }
      promoCodeInfo = {
        code: terms.code,
        discountType: terms.discountKind,
        value: terms.value,
        rounding: terms.rounding,
        sum: promoCodeSum,
        applicableSkus: outcome.applicableSkus,
      }
    } else {
      unitsChanged = true
      const reason = outcome.ok ? CART_ERROR_KEYS.promoCodeNotFound : outcome.error.message
      notices.push(benefitCleared('promo_code', { code: codeUnit.code, reason }))
    }
  }
  if (input.marketingUnits.some((u) => u.type === 'promo_code' && u !== codeUnit)) unitsChanged = true

  const afterPromoCode = subTotalSum - promoCodeSum
  const tradeins = applyTradeins({
    tables: data.tradein,
    lines: input.lines,
    priced: lines,
    tradeins: input.tradeins,
    cityId: input.cityId,
    lang: input.lang,
    leftToPay: afterPromoCode,
  })
  if (tradeins.changed) cleared.tradeins = tradeins.kept
  notices.push(...tradeins.notices)
  // an old device is handed over for the goods: gift cards and bonuses pay what is left after it
  const afterTradein = afterPromoCode - tradeins.total
  const cards = applyGiftCards(
    input.marketingUnits.filter((u) => u.type === 'gift_card'),
    data.giftCards,
    afterTradein,
    input.now,
  )
  for (const refused of cards.refused) {
    unitsChanged = true
    notices.push(benefitCleared('gift_card', { code: refused.unit.code, reason: refused.reason }))
  }
  const cardCodes = new Set(cards.units.map((u) => u.operationId))
  for (const unit of input.marketingUnits)
    if (unit.type === 'gift_card' && cardCodes.has(unit.operationId)) keptUnits.push(unit)
  if (keptUnits.length !== input.marketingUnits.length) unitsChanged = true
  if (unitsChanged) cleared.marketingUnits = keptUnits

  const leftToPay = afterTradein - cards.total
  const bonusAllowed = input.userId
    ? allowedBonus({
        balance: data.bonusBalance,
        maxPercent: data.bonusMaxPercent,
        sumAfterPromoCode: afterTradein,
        leftToPay,
      })
    : 0
  const bonusSum = Math.min(input.bonusAmount, bonusAllowed)
  if (bonusSum < input.bonusAmount) {
    cleared.bonusAmount = bonusSum
    notices.push(
      benefitCleared('bonus', {
        amount: bonusSum,
        reason: input.userId ? CART_ERROR_KEYS.bonusTooMany : CART_ERROR_KEYS.bonusUnauthorized,
      }),
    )
  }
  const grandTotalSum = Math.max(0, leftToPay - bonusSum)

  // each line pays its share of the promo code (if eligible), then of the gift cards and bonuses
  let cashbackSum = 0
  input.lines.forEach((line, i) => {
    const priced = lines[i]
    if (!priced || !line.isActive) return
    const percent = cashbackPercent(data.cashbackRules, line, input.now)
    if (!percent) return
    const codeShare =
      eligible.sum > 0 && eligible.skus.has(line.sku)
        ? Math.floor((promoCodeSum * priced.totalPrice) / eligible.sum)
        : 0
    const afterCode = priced.totalPrice - codeShare
    const paid = afterPromoCode > 0 ? Math.floor((afterCode * grandTotalSum) / afterPromoCode) : 0
    priced.cashback = cashbackOf(paid, percent)
    cashbackSum += priced.cashback
  })

  return {
    result: {
      lines,
      promotions: promotionsOutcome.promotions,
      marketingUnits: [...(promoUnit ? [promoUnit] : []), ...cards.units],
      promoCodeInfo,
      sums: {
        subTotalSum,
        economySum,
        promoCodeSum,
        tradeinSum: tradeins.total,
        giftCardSum: cards.total,
        bonusSum,
        grandTotalSum,
        cashbackSum,
      },
      cleared,
      notices,
    },
    bonusAllowed,
  }
}
