import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getDefaultStore } from 'jotai'
import type { Cart, LoanCalculation, SharedCart } from '../../contract/cart'
import type { CityId } from '../../contract/values/common'
import { appliedKitParts, CPMS_V1 } from '../../contract/values/cart'
import { cartIdAtom } from '../atoms/cart-id'
import { api } from '../data/api'
import { isApiError } from '../data/api-error'
import { outbox as defaultOutbox, type Outbox } from '../data/outbox'
import { cartPath, createCartPath, guestCart, sharedCartPath, type CartOwner } from './cart-paths'
import { withPendingChanges, type LinePreview, type PreviewLookup } from './optimistic'

/*
 * The cart's server state. A guest's cart is keyed by its id and persisted with the query cache, so the
 * cart opens offline; the named cart is the signed-in shopper's own data (`meta.user`): dropped on
 * sign-out and never written to disk.
 */

export const CART_ROOT = 'cart'
export const ownerKey = (owner: CartOwner | null) =>
  owner === null ? 'none' : owner.kind === 'named' ? 'named' : owner.id
export const cartKey = (owner: CartOwner | null, cityId: CityId) =>
  [CART_ROOT, ownerKey(owner), cityId] as const

/** A cart with nothing in it: what a shopper without a cart id has, and what a failed load falls back to. */
export function emptyCart(cityId: CityId): Cart {
  const now = new Date(0).toISOString()
  return {
    id: '00000000-0000-4000-8000-000000000000',
    cityId,
    createdAt: now,
    updatedAt: now,
    version: 0,
    cartType: 'anonymous',
    products: [],
    services: [],
    promotions: [],
    marketingUnits: [],
    promoCodeInfo: null,
    subTotalSum: 0,
    economySum: 0,
    promoCodeSum: 0,
    tradeinSum: 0,
    giftCardSum: 0,
    bonusSum: 0,
    deliverySum: 0,
    grandTotalSum: 0,
    cashbackSum: 0,
    productCount: 0,
    activeProductsCount: 0,
    exceedsMaxOrderSum: false,
    assemblyPc: false,
    notices: [],
  }
}

// ── What a card knew of a product, for the line drawn before the server answers ──────────────────────

const previewKey = (sku: string) => [CART_ROOT, 'preview', sku] as const

export function rememberPreview(queryClient: QueryClient, preview: LinePreview): void {
  queryClient.setQueryData(previewKey(preview.sku), preview)
}

export const previewLookup =
  (queryClient: QueryClient): PreviewLookup =>
  (sku) =>
    queryClient.getQueryData<LinePreview>(previewKey(sku))

// ── Creating and loading ──────────────────────────────────────────────────────────────────────────────

export const createCart = (cityId: CityId) => api.post<Cart>(createCartPath(), { city_id: cityId })

/** Keeps a new guest cart's id on this device, so the next visit finds the same cart. */
export async function storeGuestCartId(id: string | null): Promise<void> {
  await getDefaultStore().set(cartIdAtom, id)
}

/** The id this device keeps, once IndexedDB has answered. */
export async function storedGuestCartId(): Promise<string | null> {
  return getDefaultStore().get(cartIdAtom)
}

export interface CartQueryDeps {
  outbox?: Outbox
  /** A failed load (not a missing network) is told to the shopper once; the page shows its error state. */
  onLoadFailed?: (error: unknown) => void
}

export function cartQuery(owner: CartOwner | null, cityId: CityId, deps: CartQueryDeps = {}) {
  const queue = deps.outbox ?? defaultOutbox
  return queryOptions({
    queryKey: cartKey(owner, cityId),
    meta: owner?.kind === 'named' ? { user: true } : undefined,
    // A shopper without a cart has an empty one; the network has nothing to add to that, and the page
    // has it from the first render rather than as a fetch while React hydrates (session.ts, profileQuery).
    staleTime: owner === null ? Infinity : undefined,
    initialData: owner === null ? emptyCart(cityId) : undefined,
    queryFn: async ({ signal, client }): Promise<Cart> => {
      if (owner === null) return emptyCart(cityId)
      let cart: Cart
      try {
        cart = await api.get<Cart>(cartPath(owner), { cityId, signal })
      } catch (error) {
        // Purchase flow 4 and 8: a guest cart that is gone or not this shopper's is replaced by a new one.
        if (owner.kind === 'guest' && isApiError(error, [403, 404])) {
          const created = await createCart(cityId)
          client.setQueryData(cartKey(guestCart(created.id), cityId), created)
          await storeGuestCartId(created.id)
          return created
        }
        // A cancelled fetch (a change just queued) or a missing network is not a failure to tell about.
        if (!signal.aborted && isApiError(error) && error.status !== 0) deps.onLoadFailed?.(error)
        throw error
      }
      return withPendingChanges(cart, owner, queue.getItems(), previewLookup(client))
    },
  })
}

// ── Shared carts and the loan calculator ─────────────────────────────────────────────────────────────

export const sharedCartQuery = (sharedId: string, cityId: CityId) =>
  queryOptions({
    queryKey: ['shared-cart', sharedId, cityId],
    queryFn: ({ signal }) => api.get<SharedCart>(sharedCartPath(sharedId), { cityId, signal }),
  })

export interface LoanGood {
  sku: string
  quantity: number
  price: number
  amount: number
}

/**
 * Only active lines go to the loan calculator (purchase flow 5), with the parts of applied kits, which
 * the calculator prices at the kit's price when their laptop is among the goods.
 */
export function loanGoods(cart: Cart): LoanGood[] {
  return [
    ...cart.products
      .filter((line) => line.isActive)
      .map((line) => ({
        sku: line.sku,
        quantity: line.quantity,
        price: line.price,
        amount: line.totalPrice,
      })),
    ...appliedKitParts(cart.promotions).map((part) => ({
      sku: part.sku,
      quantity: 1,
      price: part.promoPrice,
      amount: part.promoPrice,
    })),
  ]
}

const EMPTY_LOANS: LoanCalculation = { amount: 0, installments: [], loans: [] }

/** Purchase flow 8: a 404 or any other failure of the calculator means no offers, not an error. */
export const loanQuery = (cityId: CityId, goods: LoanGood[]) =>
  queryOptions({
    queryKey: ['loan-calculator', cityId, goods],
    enabled: goods.length > 0,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      try {
        return await api.post<LoanCalculation>(
          `${CPMS_V1}/products/cart`,
          { city_id: cityId, goods },
          { signal },
        )
      } catch {
        return EMPTY_LOANS
      }
    },
  })

/** The lowest monthly payment over every installment and loan offer; null without offers. */
export function lowestMonthlyPayment(calculation: LoanCalculation | undefined): number | null {
  const payments = [...(calculation?.installments ?? []), ...(calculation?.loans ?? [])]
    .map((offer) => offer.monthlyPayment)
    .filter((payment) => payment > 0)
  return payments.length > 0 ? Math.min(...payments) : null
}
