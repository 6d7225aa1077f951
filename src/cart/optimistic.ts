import type { Cart, CartProduct } from '../../contract/cart'
import { appliedKitParts } from '../../contract/values/cart'
import type { OutboxItem } from '../data/outbox-item'
import { ownerOfPath, sameOwner, type CartOwner } from './cart-paths'

/**
 * What the shopper's queued cart changes do to the cart they see, before the server has answered. The
 * server's answer replaces all of it; until then counts and totals are a provisional sum of the lines.
 * The changes are read from the outbox items themselves, so they survive a reload of the page.
 */

export const CART_KINDS = {
  add: 'cart.add',
  setLine: 'cart.setLine',
  remove: 'cart.remove',
  removeInactive: 'cart.removeInactive',
  promotions: 'cart.promotions',
  removePromotion: 'cart.removePromotion',
  addUnit: 'cart.addUnit',
  removeUnit: 'cart.removeUnit',
  bonus: 'cart.bonus',
  tradein: 'cart.tradein',
  removeTradein: 'cart.removeTradein',
} as const

/** What a card or the product page knows of a product: enough to draw its line before the server does. */
export interface LinePreview {
  sku: string
  id: number
  uri: string
  title: string
  price: number
  oldPrice: number | null
  images: string[]
  type: CartProduct['type']
}

export type PreviewLookup = (sku: string) => LinePreview | undefined

/** What a change says, whether it is still being queued or already stored in the outbox. */
export type CartChange = Pick<OutboxItem, 'kind' | 'body' | 'query'>

interface LineInput {
  sku: string
  quantity: number
  is_active?: boolean
}

function isLineList(value: unknown): value is LineInput[] {
  return (
    Array.isArray(value) &&
    value.every(
      (line: unknown) =>
        typeof line === 'object' &&
        line !== null &&
        typeof (line as LineInput).sku === 'string' &&
        typeof (line as LineInput).quantity === 'number',
    )
  )
}

function linesOf(item: CartChange): LineInput[] {
  const products = (item.body as { products?: unknown } | undefined)?.products
  return isLineList(products) ? products : []
}

const withTotals = (line: CartProduct, quantity: number): CartProduct => ({
  ...line,
  quantity,
  totalPrice: line.price * quantity,
  totalOldPrice: line.oldPrice === null ? null : line.oldPrice * quantity,
})

function lineFromPreview(preview: LinePreview, quantity: number): CartProduct {
  return withTotals(
    {
      id: preview.id,
      sku: preview.sku,
      uri: preview.uri,
      title: preview.title,
      brand: null,
      categories: [],
      price: preview.price,
      oldPrice: preview.oldPrice,
      totalPrice: 0,
      totalOldPrice: null,
      priceUsd: 0,
      quantity,
      // Unknown until the server answers; the stepper stays at what the shopper asked for.
      availableQuantity: quantity,
      isActive: true,
      isAvailable: true,
      type: preview.type,
      merchant: '',
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
      images: preview.images,
    },
    quantity,
  )
}

function addLines(products: CartProduct[], lines: LineInput[], preview: PreviewLookup): CartProduct[] {
  let next = products
  for (const input of lines) {
    const existing = next.find((line) => line.sku === input.sku)
    if (existing) {
      next = next.map((line) =>
        line.sku === input.sku
          ? { ...withTotals(line, line.quantity + input.quantity), isActive: true }
          : line,
      )
    } else {
      const known = preview(input.sku)
      if (known) next = [...next, lineFromPreview(known, input.quantity)]
    }
  }
  return next
}

function setLines(products: CartProduct[], lines: LineInput[]): CartProduct[] {
  return products.map((line) => {
    const input = lines.find((candidate) => candidate.sku === line.sku)
    if (!input) return line
    const updated = withTotals(line, input.quantity)
    return input.is_active === undefined
      ? updated
      : { ...updated, isActive: input.is_active && line.isAvailable }
  })
}

function removedProductId(item: CartChange): string | undefined {
  const id = item.query?.product_id
  return id === undefined || id === null ? undefined : String(id)
}

function changeProducts(products: CartProduct[], item: CartChange, preview: PreviewLookup): CartProduct[] {
  switch (item.kind) {
    case CART_KINDS.add:
      return addLines(products, linesOf(item), preview)
    case CART_KINDS.setLine:
      return setLines(products, linesOf(item))
    case CART_KINDS.remove: {
      const id = removedProductId(item)
      return products.filter((line) => line.sku !== id && String(line.id) !== id)
    }
    case CART_KINDS.removeInactive:
      return products.filter((line) => line.isActive)
    default:
      return products
  }
}

const activeSum = (lines: CartProduct[]) =>
  lines.reduce((sum, line) => (line.isActive ? sum + line.totalPrice : sum), 0)

/** Units as the server counts them: the lines, and the parts of the kits added on active lines. */
function withCounts(cart: Cart): Cart {
  const active = new Set(cart.products.filter((line) => line.isActive).map((line) => line.sku))
  const parts = appliedKitParts(cart.promotions.filter((p) => active.has(p.referenceProductSku))).length
  return {
    ...cart,
    productCount: cart.products.reduce((sum, line) => sum + line.quantity, 0) + parts,
    activeProductsCount:
      cart.products.reduce((sum, line) => (line.isActive ? sum + line.quantity : sum), 0) + parts,
  }
}

/** The cart's counts and provisional totals for lines changed on this device. */
export function recount(before: Cart, products: CartProduct[]): Cart {
  const services = before.services.filter((service) =>
    products.some(
      (line) => line.id === service.referenceProductId || line.sku === service.referenceProductSku,
    ),
  )
  const delta = activeSum([...products, ...services]) - activeSum([...before.products, ...before.services])
  return withCounts({
    ...before,
    products,
    services,
    subTotalSum: before.subTotalSum + delta,
    grandTotalSum: Math.max(0, before.grandTotalSum + delta),
  })
}

interface ChosenRules {
  id: number
  referenceProductSku: string
  rules: { id: number; chosenProducts: { sku: string }[] }[]
}

function choicesOf(item: CartChange): ChosenRules[] {
  const promotions = (item.body as { promotions?: unknown } | undefined)?.promotions
  return Array.isArray(promotions) ? (promotions as ChosenRules[]) : []
}

/**
 * A gift or kit choice shows as chosen and in the order at once; what it takes off the total waits for
 * the server.
 */
function changePromotions(cart: Cart, item: CartChange): Cart {
  const choices = choicesOf(item)
  if (choices.length === 0) return cart
  const promotions = cart.promotions.map((promotion) => {
    const choice = choices.find(
      (candidate) =>
        candidate.id === promotion.promoId && candidate.referenceProductSku === promotion.referenceProductSku,
    )
    if (!choice) return promotion
    return {
      ...promotion,
      isApplied: true,
      rules: promotion.rules.map((rule) => {
        const chosen = choice.rules.find((candidate) => candidate.id === rule.id)?.chosenProducts
        if (!chosen) return rule
        const skus = new Set(chosen.map((product) => product.sku))
        return {
          ...rule,
          products: rule.products.map((product) => ({ ...product, isChosen: skus.has(product.sku) })),
        }
      }),
    }
  })
  return withCounts({ ...cart, promotions })
}

/** A kit taken out shows as out of the order at once. */
function removePromotion(cart: Cart, item: CartChange): Cart {
  const query = item.query ?? {}
  const promotions = cart.promotions.map((promotion) =>
    String(promotion.promoId) === String(query.promotion_id) &&
    promotion.referenceProductSku === String(query.reference_product_sku)
      ? { ...promotion, isApplied: false }
      : promotion,
  )
  return withCounts({ ...cart, promotions })
}

/** One queued change applied to a cart. */
export function applyChange(cart: Cart, item: CartChange, preview: PreviewLookup): Cart {
  if (item.kind === CART_KINDS.promotions) return changePromotions(cart, item)
  if (item.kind === CART_KINDS.removePromotion) return removePromotion(cart, item)
  const products = changeProducts(cart.products, item, preview)
  return products === cart.products ? cart : recount(cart, products)
}

/** Changes still waiting to be sent (or being sent) to this cart, in the order they were made. */
export function pendingFor(owner: CartOwner, items: readonly OutboxItem[]): OutboxItem[] {
  return items.filter((item) => {
    if (!item.kind.startsWith('cart.') || item.status === 'failed') return false
    const itemOwner = ownerOfPath(item.path)
    return itemOwner !== null && sameOwner(itemOwner, owner)
  })
}

/** The server's cart with what this device changed since, so an answer never undoes a queued change. */
export function withPendingChanges(
  cart: Cart,
  owner: CartOwner,
  items: readonly OutboxItem[],
  preview: PreviewLookup,
): Cart {
  return pendingFor(owner, items).reduce((current, item) => applyChange(current, item, preview), cart)
}

/** The skus a queued change is about, to mark those lines as waiting for the network. */
export function pendingSkus(owner: CartOwner, items: readonly OutboxItem[]): Set<string> {
  const skus = new Set<string>()
  for (const item of pendingFor(owner, items)) {
    for (const line of linesOf(item)) skus.add(line.sku)
    const removed = removedProductId(item)
    if (removed) skus.add(removed)
  }
  return skus
}
