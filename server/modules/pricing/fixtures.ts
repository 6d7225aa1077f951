import { NO_TRADEIN } from './tradein'
import type { PromotionRuleData } from '../../db/schema/cart'
import type {
  CashbackRuleRow,
  GiftCardRow,
  OfferedProduct,
  PromoCodeTerms,
  PromotionRow,
} from './benefit-data'
import type { PricingData } from './engine'
import type { PricingInput, PricingLine } from './types'

/** Plain data for the pricing unit tests: a date everything runs at, and builders with sane defaults. */
export const NOW = new Date('2026-06-01T12:00:00Z')
export const PAST = new Date('2026-01-01T00:00:00Z')
export const FUTURE = new Date('2027-01-01T00:00:00Z')

export function line(over: Partial<PricingLine> & { productId: number }): PricingLine {
  return {
    sku: String(100_000 + over.productId),
    type: 'regular',
    categoryId: 10,
    categoryPath: [10, 1],
    brandId: 5,
    price: 100_000,
    oldPrice: null,
    quantity: 1,
    isActive: true,
    referenceProductId: null,
    ...over,
  }
}

export function offered(over: Partial<OfferedProduct> & { id: number }): OfferedProduct {
  return {
    sku: String(100_000 + over.id),
    titleRu: `Товар ${over.id}`,
    titleKk: `Тауар ${over.id}`,
    type: 'regular',
    price: 10_000,
    inStock: true,
    image: null,
    categoryPath: [20, 2],
    brandId: 7,
    ...over,
  }
}

export const offeredMap = (...products: OfferedProduct[]) => new Map(products.map((p) => [p.id, p]))

export function rule(
  over: Partial<PromotionRuleData> & { id: number; productIds: number[] },
): PromotionRuleData {
  return {
    titleRu: `Правило ${over.id}`,
    titleKk: `Ереже ${over.id}`,
    discountKind: 'percent',
    discountValue: 0,
    ...over,
  }
}

export function promotion(over: Partial<PromotionRow> & { id: number }): PromotionRow {
  return {
    type: 'gift',
    titleRu: `Акция ${over.id}`,
    titleKk: `Акция kk ${over.id}`,
    descriptionRu: '',
    descriptionKk: '',
    mainEntityType: 'product',
    mainEntityIds: [1],
    rules: [],
    isRequired: true,
    cityIds: [],
    priority: 100,
    validFrom: PAST,
    validTo: FUTURE,
    isActive: true,
    ...over,
  }
}

export function terms(over: Partial<PromoCodeTerms> = {}): PromoCodeTerms {
  return {
    code: 'CODE',
    discountKind: 'percent',
    value: 10,
    rounding: 'floor',
    maxDiscount: null,
    minOrderSum: 0,
    conditions: {},
    limitTotal: null,
    limitPerUser: null,
    validFrom: PAST,
    validTo: FUTURE,
    isActive: true,
    personal: null,
    ...over,
  }
}

export function giftCard(over: Partial<GiftCardRow> & { code: string }): GiftCardRow {
  return { initialAmount: 10_000, balance: 10_000, validTo: FUTURE, isActive: true, createdAt: PAST, ...over }
}

export function cashbackRule(over: Partial<CashbackRuleRow> & { id: number }): CashbackRuleRow {
  return { percent: 5, conditions: {}, validFrom: PAST, validTo: FUTURE, isActive: true, ...over }
}

export function input(over: Partial<PricingInput> = {}): PricingInput {
  return {
    cartId: '00000000-0000-4000-8000-000000000001',
    cityId: 1,
    userId: null,
    now: NOW,
    lang: 'ru',
    lines: [],
    promotionChoices: [],
    marketingUnits: [],
    bonusAmount: 0,
    tradeins: [],
    ...over,
  }
}

export function data(over: Partial<PricingData> = {}): PricingData {
  return {
    promotions: [],
    offered: new Map(),
    promoCode: null,
    giftCards: new Map(),
    bonusBalance: 0,
    bonusMaxPercent: 30,
    cashbackRules: [],
    tradein: NO_TRADEIN,
    ...over,
  }
}
