import type { Cart, CartProduct, CartPromotion, PromotionProduct } from '../../contract/cart'
import { appliedKitParts } from '../../contract/values/cart'
import { emptyCart } from '../cart/queries'

export const GUEST_ID = '11111111-1111-4111-8111-111111111111'
export const OTHER_ID = '22222222-2222-4222-8222-222222222222'

export function aLine(overrides: Partial<CartProduct> = {}): CartProduct {
  const price = overrides.price ?? 10_000
  const quantity = overrides.quantity ?? 1
  return {
    id: 1,
    sku: '100001',
    uri: 'smartfon-1',
    title: 'Смартфон Alpha',
    brand: 'Alpha',
    categories: ['Смартфоны'],
    price,
    oldPrice: null,
    totalPrice: price * quantity,
    totalOldPrice: null,
    priceUsd: 20,
    quantity,
    availableQuantity: 5,
    isActive: true,
    isAvailable: true,
    type: 'regular',
    merchant: 'store',
    showcase: false,
    onlyPrepayment: false,
    tradein: null,
    tradeinAvailable: false,
    hasGuaranty: false,
    esdKeys: false,
    isGiftcard: false,
    referenceProductSku: null,
    referenceProductId: null,
    stickers: [],
    cashback: 0,
    discount: 0,
    images: ['img-1'],
    ...overrides,
  }
}

/** A cart whose counts and sums agree with its lines, as the server answers them. */
export function aCart(lines: CartProduct[] = [aLine()], overrides: Partial<Cart> = {}): Cart {
  const active = lines.filter((line) => line.isActive)
  const sum = active.reduce((total, line) => total + line.totalPrice, 0)
  const kitParts = appliedKitParts(overrides.promotions ?? []).length
  return {
    ...emptyCart(1),
    id: GUEST_ID,
    version: 1,
    products: lines,
    subTotalSum: sum,
    grandTotalSum: sum,
    productCount: lines.reduce((total, line) => total + line.quantity, 0) + kitParts,
    activeProductsCount: active.reduce((total, line) => total + line.quantity, 0) + kitParts,
    ...overrides,
  }
}

/** A kit's chosen part: 10,000 ₸ on the shelf, 9,000 ₸ in the kit. */
export const aKitPart = (sku: string): PromotionProduct => ({
  sku,
  title: `Часть ${sku}`,
  type: 'regular',
  price: 10_000,
  promoPrice: 9_000,
  images: [],
  isAvailable: true,
  isChosen: true,
})

export function aGiftPromotion(overrides: Partial<CartPromotion> = {}): CartPromotion {
  const gift = (sku: string, title: string, isChosen: boolean) => ({
    sku,
    title,
    type: 'regular' as const,
    price: 5_000,
    promoPrice: 0,
    images: [],
    isAvailable: true,
    isChosen,
  })
  return {
    promoId: 7,
    ruleId: 70,
    type: 'gift',
    title: 'Наушники в подарок',
    mainEntityType: 'product',
    referenceProductSku: '100001',
    referenceProductId: 1,
    isRequired: false,
    hasBenefitProducts: true,
    isApplied: true,
    rules: [
      {
        id: 70,
        title: 'Выберите подарок',
        products: [gift('200001', 'Наушники A', true), gift('200002', 'Наушники B', false)],
      },
    ],
    result: { products: [] },
    economy: 5_000,
    ...overrides,
  }
}
