import type { Cart, CartProduct } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import { appliedKitParts, MAX_LINE_QUANTITY, MAX_ORDER_SUM } from '../../../contract/values/cart'
import type { StoredNotice } from '../../db/schema'
import type { CategoryChain } from '../catalog'
import type { PricingLine, PricingResult } from '../pricing'
import type { CartRow, ProductRow } from './repo'

/** A category's chain, root first, as the catalogue's tree has it. */
export type ChainOf = (categoryId: number) => CategoryChain

/** The seller every line shows: the store sells its own goods, no marketplace merchants yet. */
export const STORE_MERCHANT = 'Technodom'

/** Lines that are a service for another line (installation, an extended warranty). */
export const isService = (p: Pick<ProductRow, 'type'>) => p.type === 'service' || p.type === 'guaranty'

/** As the catalogue says (availabilityOf): these need no stock, so they are always there. */
const needsNoStock = (p: Pick<ProductRow, 'type'>) =>
  p.type === 'service' || p.type === 'guaranty' || p.type === 'certificate' || p.type === 'digital'

/** Units the cart's city can sell: new and showcase stock both count; none without a city price. */
export function availableQuantity(p: ProductRow): number {
  if (p.price === null) return 0
  return needsNoStock(p) ? MAX_LINE_QUANTITY : p.stock_new + p.stock_showcase
}

export const isAvailable = (p: ProductRow) => availableQuantity(p) >= 1

/** A cart line being worked on: the product in the cart's city and what the shopper keeps of it. */
export interface Line {
  product: ProductRow
  quantity: number
  /** The shopper's tick; the line is active only while the product is also available. */
  ticked: boolean
  referenceProductId: number | null
  /** A part of the PC the configurator asked to assemble. */
  forAssembly: boolean
}

export const isActiveLine = (line: Line) => line.ticked && isAvailable(line.product)

/** A line as pricing takes it; `categoryPath` is the product's category and its ancestors. */
export function toPricingLine(line: Line, categoryPath: number[]): PricingLine {
  const p = line.product
  return {
    productId: p.id,
    sku: p.sku,
    type: p.type,
    categoryId: p.category_id,
    categoryPath,
    brandId: p.brand_id,
    price: p.price ?? 0,
    oldPrice: p.old_price,
    quantity: line.quantity,
    isActive: isActiveLine(line),
    referenceProductId: line.referenceProductId,
  }
}

const iso = (value: string | Date) => new Date(value).toISOString()

export function localStickers(p: ProductRow, lang: Lang) {
  return (p.stickers ?? []).map((s) => ({
    code: s.code,
    text: lang === 'kk' ? s.text_kk : s.text_ru,
    text_color: s.text_color,
    background_color: s.background_color,
  }))
}

export interface CartAnswerInput {
  cart: CartRow
  lines: Line[]
  priced: PricingResult
  chainOf: ChainOf
  lang: Lang
  notices: StoredNotice[]
}

/** The fields of a cart line that depend on the line, not on its product alone (see `lineFields`). */
export type LineFields = Pick<
  CartProduct,
  | 'price'
  | 'totalPrice'
  | 'totalOldPrice'
  | 'quantity'
  | 'isActive'
  | 'hasGuaranty'
  | 'referenceProductSku'
  | 'referenceProductId'
  | 'cashback'
  | 'discount'
  | 'tradein'
  | 'tradeinAvailable'
>
type ProductFields = Omit<CartProduct, keyof LineFields>

/** A line's fields that come from its product alone: the same in every cart, for one language. */
export function productFields(p: ProductRow, categories: string[], lang: Lang): ProductFields {
  const available = availableQuantity(p)
  return {
    id: p.id,
    sku: p.sku,
    uri: p.uri,
    title: lang === 'kk' ? p.title_kk : p.title_ru,
    brand: p.brand,
    categories,
    oldPrice: p.old_price,
    priceUsd: Number(p.price_usd ?? 0),
    availableQuantity: available,
    isAvailable: available >= 1,
    type: p.type,
    merchant: STORE_MERCHANT,
    showcase: p.stock_new === 0 && p.stock_showcase > 0,
    onlyPrepayment: p.only_prepayment,
    esdKeys: p.type === 'digital',
    isGiftcard: p.type === 'certificate',
    stickers: localStickers(p, lang),
    images: p.images ?? [],
  }
}

/** What a line's own fields are read from: the priced lines and the cart's other lines. */
export interface LineContext {
  pricedById: Map<number, PricingResult['lines'][number]>
  skuById: Map<number, string>
  guarantied: Set<number | null>
}

export function lineContext(lines: Line[], priced: PricingResult): LineContext {
  return {
    pricedById: new Map(priced.lines.map((l) => [l.productId, l])),
    skuById: new Map(lines.map((l) => [l.product.id, l.product.sku])),
    guarantied: new Set(lines.filter((l) => l.product.type === 'guaranty').map((l) => l.referenceProductId)),
  }
}

export function lineFields(line: Line, { pricedById, skuById, guarantied }: LineContext): LineFields {
  const p = line.product
  const price = pricedById.get(p.id)
  return {
    price: price?.unitPrice ?? p.price ?? 0,
    totalPrice: price?.totalPrice ?? (p.price ?? 0) * line.quantity,
    totalOldPrice: price ? price.totalOldPrice : p.old_price === null ? null : p.old_price * line.quantity,
    quantity: line.quantity,
    isActive: isActiveLine(line),
    hasGuaranty: guarantied.has(p.id),
    referenceProductSku:
      line.referenceProductId === null ? null : (skuById.get(line.referenceProductId) ?? null),
    referenceProductId: line.referenceProductId,
    cashback: price?.cashback ?? 0,
    discount: price?.discount ?? 0,
    tradein: price?.tradein ?? null,
    tradeinAvailable: price?.tradeinAvailable ?? false,
  }
}

/** The contract's Cart without its lines: its own fields and the priced sums. */
export function cartSummary({
  cart,
  lines,
  priced,
  notices,
}: CartAnswerInput): Omit<Cart, 'products' | 'services'> {
  const products = lines.filter((l) => !isService(l.product))
  // kits apply only on active lines, so their parts count in both
  const kitParts = appliedKitParts(priced.promotions).length
  return {
    id: cart.id,
    cityId: cart.city_id,
    createdAt: iso(cart.created_at),
    updatedAt: iso(cart.updated_at),
    version: cart.version,
    cartType: cart.user_id === null ? 'anonymous' : 'named',
    promotions: priced.promotions,
    marketingUnits: priced.marketingUnits,
    promoCodeInfo: priced.promoCodeInfo,
    ...priced.sums,
    deliverySum: 0,
    // Units, not lines: the header's badge says how many things the shopper is buying.
    productCount: products.reduce((sum, line) => sum + line.quantity, 0) + kitParts,
    activeProductsCount:
      products.filter(isActiveLine).reduce((sum, line) => sum + line.quantity, 0) + kitParts,
    exceedsMaxOrderSum: priced.sums.subTotalSum > MAX_ORDER_SUM,
    assemblyPc: products.some((line) => line.forAssembly && isActiveLine(line)),
    notices,
  }
}

/** The contract's Cart: every line with its priced sums, split into products and services. */
export function cartAnswer(input: CartAnswerInput): Cart {
  const { lines, priced, chainOf, lang } = input
  const context = lineContext(lines, priced)
  const view = (line: Line): CartProduct => ({
    ...productFields(line.product, chainOf(line.product.category_id).names[lang], lang),
    ...lineFields(line, context),
  })
  return {
    ...cartSummary(input),
    products: lines.filter((l) => !isService(l.product)).map(view),
    services: lines.filter((l) => isService(l.product)).map(view),
  }
}
