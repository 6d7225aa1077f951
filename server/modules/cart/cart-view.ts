import type { Cart, CartProduct } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import { MAX_LINE_QUANTITY, MAX_ORDER_SUM } from '../../../contract/values/cart'
import type { StoredNotice } from '../../db/schema'
import type { CategoryChain } from './categories'
import type { PricingLine, PricingResult } from './pricing/types'
import type { CartRow, ProductRow } from './repo'

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
  chainOf: (categoryId: number) => CategoryChain
  lang: Lang
  notices: StoredNotice[]
}

/** The contract's Cart: every line with its priced sums, split into products and services. */
export function cartAnswer({ cart, lines, priced, chainOf, lang, notices }: CartAnswerInput): Cart {
  const pricedById = new Map(priced.lines.map((l) => [l.productId, l]))
  const skuById = new Map(lines.map((l) => [l.product.id, l.product.sku]))
  const guarantied = new Set(
    lines.filter((l) => l.product.type === 'guaranty').map((l) => l.referenceProductId),
  )
  const view = (line: Line): CartProduct => {
    const p = line.product
    const price = pricedById.get(p.id)
    const available = availableQuantity(p)
    return {
      id: p.id,
      sku: p.sku,
      uri: p.uri,
      title: lang === 'kk' ? p.title_kk : p.title_ru,
      brand: p.brand,
      categories: chainOf(p.category_id).names[lang],
      price: price?.unitPrice ?? p.price ?? 0,
      oldPrice: p.old_price,
      totalPrice: price?.totalPrice ?? (p.price ?? 0) * line.quantity,
      totalOldPrice: price ? price.totalOldPrice : p.old_price === null ? null : p.old_price * line.quantity,
      priceUsd: Number(p.price_usd ?? 0),
      quantity: line.quantity,
      availableQuantity: available,
      isActive: isActiveLine(line),
      isAvailable: available >= 1,
      type: p.type,
      merchant: STORE_MERCHANT,
      showcase: p.stock_new === 0 && p.stock_showcase > 0,
      onlyPrepayment: p.only_prepayment,
      tradein: false,
      tradeinAvailable: false,
      hasGuaranty: guarantied.has(p.id),
      esdKeys: p.type === 'digital',
      isGiftcard: p.type === 'certificate',
      referenceProductSku:
        line.referenceProductId === null ? null : (skuById.get(line.referenceProductId) ?? null),
      referenceProductId: line.referenceProductId,
      stickers: localStickers(p, lang),
      cashback: price?.cashback ?? 0,
      discount: price?.discount ?? 0,
      images: p.images ?? [],
    }
  }
  const products = lines.filter((l) => !isService(l.product))
  return {
    id: cart.id,
    cityId: cart.city_id,
    createdAt: iso(cart.created_at),
    updatedAt: iso(cart.updated_at),
    version: cart.version,
    cartType: cart.user_id === null ? 'anonymous' : 'named',
    products: products.map(view),
    services: lines.filter((l) => isService(l.product)).map(view),
    promotions: priced.promotions,
    marketingUnits: priced.marketingUnits,
    promoCodeInfo: priced.promoCodeInfo,
    ...priced.sums,
    deliverySum: 0,
    // Units, not lines: the header's badge says how many things the shopper is buying.
    productCount: products.reduce((sum, line) => sum + line.quantity, 0),
    activeProductsCount: products.filter(isActiveLine).reduce((sum, line) => sum + line.quantity, 0),
    exceedsMaxOrderSum: priced.sums.subTotalSum > MAX_ORDER_SUM,
    notices,
  }
}
