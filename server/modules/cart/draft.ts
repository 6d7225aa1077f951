import type { CartProductInput } from '../../../contract/cart'
import {
  CART_ERROR_KEYS,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_ORDER_SUM,
  type CartNoticeCode,
} from '../../../contract/values/cart'
import type { StoredMarketingUnit, StoredNotice, StoredPromotionChoice, StoredTradein } from '../../db/schema'
import { conflict, notFound, unprocessable } from '../../http/errors'
import { availableQuantity, isActiveLine, isService, type Line } from './cart-view'
import type { CartRow, LineRow, ProductInCart, ProductRow } from './repo'

export const noticeOf = (
  code: CartNoticeCode,
  sku?: string,
  details?: StoredNotice['details'],
): StoredNotice => ({
  code,
  message: `cart:${code}`,
  ...(sku === undefined ? {} : { sku }),
  ...(details === undefined ? {} : { details }),
})

/** A line as the store keeps it. */
const rowOf = (l: Line): LineRow => ({
  product_id: l.product.id,
  quantity: l.quantity,
  is_active: l.ticked,
  reference_product_id: l.referenceProductId,
  for_assembly: l.forAssembly,
})
/** What a line keeps besides its product: a line whose columns all stand is not written again. */
const LINE_COLUMNS = ['quantity', 'is_active', 'reference_product_id', 'for_assembly'] as const

const activeSum = (lines: Iterable<Line>) => {
  let sum = 0
  for (const line of lines) if (isActiveLine(line)) sum += (line.product.price ?? 0) * line.quantity
  return sum
}

/**
 * One change of a cart, made in memory under the cart's row lock and checked as a whole before anything
 * is written: a refused change leaves nothing behind (the transaction rolls back besides).
 */
export class CartDraft {
  readonly lines = new Map<number, Line>()
  private readonly bySku = new Map<string, ProductRow>()
  /** Each line as stored before this change. */
  private readonly stored = new Map<number, LineRow>()
  private readonly sumBefore: number
  readonly notices: StoredNotice[] = []
  cityId: number
  promotionChoices: StoredPromotionChoice[]
  marketingUnits: StoredMarketingUnit[]
  bonusAmount: number
  tradeins: StoredTradein[]
  productsChanged = false

  constructor(
    readonly cart: CartRow,
    cityId: number,
    products: ProductInCart[],
  ) {
    this.cityId = cityId
    this.promotionChoices = cart.promotion_choices
    this.marketingUnits = cart.marketing_units
    this.bonusAmount = cart.bonus_amount
    this.tradeins = cart.tradeins
    for (const { product, line } of products) {
      this.bySku.set(product.sku, product)
      if (line === null) continue
      this.lines.set(product.id, {
        product,
        quantity: line.quantity,
        ticked: line.is_active,
        referenceProductId: line.reference_product_id,
        forAssembly: line.for_assembly,
      })
      this.stored.set(product.id, line)
    }
    this.sumBefore = activeSum(this.lines.values())
  }

  product(sku: string): ProductRow {
    const p = this.bySku.get(sku)
    if (!p) throw notFound(CART_ERROR_KEYS.productNotFound, { sku })
    return p
  }

  /**
   * POST v3 adds to what is there (`add`); PUT v2 sets the quantities as given (`set`). Products the PC
   * configurator sends to be assembled stay marked for assembly while they are in the cart.
   */
  put(items: CartProductInput[], mode: 'add' | 'set', forAssembly = false) {
    for (const item of items) {
      const p = this.product(item.sku)
      const line = this.lines.get(p.id)
      const quantity = mode === 'add' ? (line?.quantity ?? 0) + item.quantity : item.quantity
      const referenceProductId =
        item.reference_product_sku === undefined
          ? (line?.referenceProductId ?? null)
          : (this.bySku.get(item.reference_product_sku)?.id ?? (isService(p) ? -1 : null))
      // -1 (no such product) fails the service check below rather than reaching the foreign key
      // adding a product defaults it to active (purchase flow 5); a PUT keeps the tick unless told
      const ticked = item.is_active ?? (mode === 'add' ? true : (line?.ticked ?? true))
      this.lines.set(p.id, {
        product: p,
        quantity,
        ticked,
        referenceProductId,
        forAssembly: forAssembly || (line?.forAssembly ?? false),
      })
    }
    this.followProducts()
    this.productsChanged = true
  }

  /** A service is bought once per unit of its product: its quantity follows the product's. */
  followProducts() {
    for (const line of this.lines.values()) {
      if (!isService(line.product) || line.referenceProductId === null) continue
      const target = this.lines.get(line.referenceProductId)
      if (target && !isService(target.product)) line.quantity = target.quantity
    }
  }

  /** Removes lines and the services that were for them. */
  remove(productIds: number[]) {
    const gone = new Set(productIds)
    for (const line of this.lines.values())
      if (line.referenceProductId !== null && gone.has(line.referenceProductId)) gone.add(line.product.id)
    for (const id of gone) this.lines.delete(id)
    if (gone.size > 0) this.productsChanged = true
  }

  notify(notice: StoredNotice) {
    this.notices.push(notice)
  }

  /** The limits of purchase flow 5 and the issue, for the lines this change touched. */
  check() {
    for (const line of this.lines.values()) {
      const before = this.stored.get(line.product.id)
      if (before !== undefined && line.quantity <= before.quantity) continue
      const limit = Math.min(availableQuantity(line.product), MAX_LINE_QUANTITY)
      if (line.quantity > limit) throw conflict(CART_ERROR_KEYS.availableInTotal, { count: limit })
    }
    for (const line of this.lines.values()) {
      if (!isService(line.product)) continue
      const target = line.referenceProductId === null ? undefined : this.lines.get(line.referenceProductId)
      if (!target || isService(target.product))
        throw unprocessable(CART_ERROR_KEYS.serviceWithoutProduct, { sku: line.product.sku })
    }
    if (this.lines.size > MAX_CART_LINES && this.lines.size > this.stored.size)
      throw unprocessable(CART_ERROR_KEYS.tooManyLines, { max: MAX_CART_LINES })
    const sum = activeSum(this.lines.values())
    if (sum > MAX_ORDER_SUM && sum > this.sumBefore)
      throw unprocessable(CART_ERROR_KEYS.maxOrderSum, { max: MAX_ORDER_SUM })
    this.dropPromoCodeOnProductChange()
  }

  /** Purchase flow 4: a promo code was checked against the products it was applied to. */
  dropPromoCodeOnProductChange() {
    if (this.productsChanged && this.marketingUnits.some((u) => u.type === 'promo_code')) {
      for (const unit of this.marketingUnits)
        if (unit.type === 'promo_code')
          this.notify(noticeOf('promoCodeRemoved', undefined, { code: unit.code }))
      this.marketingUnits = this.marketingUnits.filter((u) => u.type !== 'promo_code')
    }
  }

  /**
   * The lines as stored after this change, in the order the store reads them back: the lines kept, as
   * they were ordered, then the new ones (added together, so ordered by product id).
   */
  linesAfter(): LineRow[] {
    const all = [...this.lines.values()]
    const kept = all.filter((l) => this.stored.has(l.product.id))
    const added = all
      .filter((l) => !this.stored.has(l.product.id))
      .sort((a, b) => a.product.id - b.product.id)
    return [...kept, ...added].map(rowOf)
  }

  /** What to write: lines that are new or changed, and lines that left. */
  writes(): { upserts: LineRow[]; removed: number[] } {
    const upserts: LineRow[] = []
    for (const line of this.lines.values()) {
      const row = rowOf(line)
      const was = this.stored.get(line.product.id)
      if (!was || LINE_COLUMNS.some((column) => was[column] !== row[column])) upserts.push(row)
    }
    const removed = [...this.stored.keys()].filter((id) => !this.lines.has(id))
    return { upserts, removed }
  }
}
