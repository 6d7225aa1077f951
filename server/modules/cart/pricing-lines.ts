import type { StoredMarketingUnit, StoredPromotionChoice } from '../../db/schema/cart'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { Db } from '../../db/connection'
import { notFound } from '../../http/errors'
import { availableQuantity, toPricingLine } from './cart-view'
import { CartDraft } from './draft'
import { createProductSource } from './product-source'
import { createCartRepo } from './repo'
import { assertAccess } from './service'
import type { CategoryTree } from '../catalog'
import type { PricingLine } from '../pricing'

/**
 * Pricing lines for the routes that price outside a cart change (the promotions a product list qualifies
 * for, the loan calculator, a promo code checked against a cart). Products come as the cart reads them,
 * and a cart's lines are active by the cart's own rule.
 */
export function createPricingLinesRepo(db: Db, categories: () => Promise<CategoryTree>) {
  const products = createProductSource({ cache: false, reader: db })
  const carts = createCartRepo(db, products)

  return {
    /**
     * Lines of these skus at the city's prices, each active when sold in the city with enough units for
     * its quantity; 404 naming the first sku the catalogue does not have.
     */
    async forSkus(items: { sku: string; quantity: number }[], cityId: number): Promise<PricingLine[]> {
      const tree = await categories()
      const found = await products.get(
        db,
        cityId,
        [],
        items.map((i) => i.sku),
      )
      const bySku = new Map(found.map((p) => [p.sku, p]))
      return items.map((item) => {
        const p = bySku.get(item.sku)
        if (!p) throw notFound(CART_ERROR_KEYS.productNotFound, { sku: item.sku })
        const product = {
          ...p,
          quantity: item.quantity,
          is_active: true,
          reference_product_id: p.own_reference_id,
        }
        const line = toPricingLine(
          {
            product,
            quantity: item.quantity,
            ticked: true,
            referenceProductId: product.reference_product_id,
            forAssembly: false,
          },
          tree.pathUp(p.category_id),
        )
        return { ...line, isActive: availableQuantity(product) >= item.quantity }
      })
    },

    /**
     * An open cart with its lines, as pricing takes it. A named cart is its owner's alone (403); a closed
     * or unknown one is 404.
     */
    async forCart(
      cartId: string,
      userId: string | null,
    ): Promise<{
      cityId: number
      userId: string | null
      lines: PricingLine[]
      promotionChoices: StoredPromotionChoice[]
      marketingUnits: StoredMarketingUnit[]
    }> {
      const cart = await carts.find(db, cartId)
      assertAccess(cart, { userId, lang: 'ru' })
      const tree = await categories()
      const draft = new CartDraft(cart, cart.city_id, await carts.products(db, cartId, cart.city_id))
      return {
        cityId: cart.city_id,
        userId: cart.user_id,
        lines: [...draft.lines.values()].map((l) => toPricingLine(l, tree.pathUp(l.product.category_id))),
        promotionChoices: cart.promotion_choices,
        marketingUnits: cart.marketing_units,
      }
    },
  }
}
export type PricingLinesRepo = ReturnType<typeof createPricingLinesRepo>
