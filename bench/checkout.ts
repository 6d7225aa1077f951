import type { LoadRequest } from './lib/load'
import type { Scenario } from './lib/scenario'
import { post, signUpShopper } from './lib/shopper'

const json = { 'content-type': 'application/json' }

/*
 * Checkout (issue 20): the calculation and order creation, each request a different cart. The carts are
 * guest carts reached by id (a signed-in shopper may order any cart they can reach), so one bench
 * shopper orders thousands of them; each holds two products in stock in Almaty, picked up at a point
 * that holds both, and is paid in cash so the figure is the order itself (reservation, spending,
 * order rows), not a payment provider's page.
 */

const KATALOG = '/katalog/api'
const CATEGORIES = [
  'smartfony',
  'noutbuki',
  'televizory',
  'naushniki',
  'holodilniki',
  'pylesosy',
  'planshety',
]
/** Carts whose calculation is asked in turn. */
const CALCULATION_CARTS = 256
/**
 * Carts to order: more than a 10-second run at the expected rate makes, so none is asked twice (about half
 * become ready: the two products of the others share no pickup point).
 */
const ORDER_CARTS = Number(process.env.BENCH_ORDER_CARTS ?? 12000)
const SETUP_CONCURRENCY = 32

export interface Ready {
  cartId: string
  body: Record<string, unknown>
  sumToPay: number
}

/** Units of each product in stock in Almaty, from the listing (which says what is left after earlier runs). */
export async function stockedUnits(baseUrl: string, wanted: number): Promise<Map<string, number>> {
  const units = new Map<string, number>()
  let total = 0
  for (let page = 1; page <= 40 && total < wanted; page++)
    for (const category of CATEGORIES) {
      const res = await fetch(
        `${baseUrl}${KATALOG}/v2/products/category/short/${category}?city_id=1&limit=100&page=${page}`,
      )
      if (!res.ok) continue
      const listing = (await res.json()) as { payload: { sku: string; type: string; stock: number }[] }
      for (const p of listing.payload)
        if (p.type === 'regular' && p.stock > 0 && !units.has(p.sku)) {
          units.set(p.sku, p.stock)
          total += p.stock
        }
    }
  return units
}

/**
 * Deals out the units so that no two carts count on the same last unit: every order the bench makes can
 * be served, so the figure is of orders made, not of cheap refusals for stock.
 */
export function dealPairs(units: Map<string, number>, count: number): [string, string][] {
  const left = [...units]
  const pairs: [string, string][] = []
  let at = 0
  const next = (not?: string): string | null => {
    for (let tried = 0; tried < left.length; tried++, at = (at + 1) % left.length) {
      const entry = left[at]!
      if (entry[1] > 0 && entry[0] !== not) {
        entry[1]--
        at = (at + 1) % left.length
        return entry[0]
      }
    }
    return null
  }
  while (pairs.length < count) {
    const a = next()
    const b = a ? next(a) : null
    if (!a || !b) break
    pairs.push([a, b])
  }
  return pairs
}

/** A guest cart of the two products, the first pickup point holding both, and the calculation's sum. */
async function readyCart(
  baseUrl: string,
  pair: [string, string],
  paymentMethod: string,
): Promise<Ready | null> {
  const cart = await post<{ id: string }>(`${baseUrl}/cart/api/v2/carts`, { city_id: 1 })
  if (!cart) return null
  const products = pair.map((sku) => ({ sku, quantity: 1 }))
  if (!(await post(`${baseUrl}/cart/api/v3/carts/${cart.id}/products`, { city_id: 1, products }))) return null
  const delivery = await post<{
    pickup_points: { service_point_id: number }[]
    stores: { service_point_id: number }[]
  }>(`${baseUrl}/checkout/api/v1/delivery`, { city_id: 1, cart_id: cart.id })
  const point = delivery?.stores[0] ?? delivery?.pickup_points[0]
  if (!point) return null
  const body = {
    city_id: 1,
    cart_id: cart.id,
    receiver: { firstname: 'Бенч', lastname: 'Покупатель', phone: '77010000000', isOrganization: false },
    shipping: { type: 'PICKUP', service_point_id: point.service_point_id },
    payment_method: paymentMethod,
  }
  const calc = await post<{ calculation: { sumToPay: number } }>(`${baseUrl}/oms/api/v1/orders`, body)
  return calc ? { cartId: cart.id, body, sumToPay: calc.calculation.sumToPay } : null
}

/** Carts ready to order, each paid by `paymentMethod` (the sum to pay depends on it: nothing now for cash). */
export async function readyCarts(
  baseUrl: string,
  pairs: [string, string][],
  paymentMethod = 'cash_payment',
): Promise<Ready[]> {
  const ready: Ready[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      for (let i = next++; i < pairs.length; i = next++) {
        const cart = await readyCart(baseUrl, pairs[i]!, paymentMethod)
        if (cart) ready.push(cart)
      }
    }),
  )
  return ready
}

export async function checkoutScenarios(baseUrl: string): Promise<Scenario[]> {
  const units = await stockedUnits(baseUrl, ORDER_CARTS * 2 * 2)
  const token = await signUpShopper(baseUrl)
  if (units.size < 16 || !token) {
    console.warn('checkout bench: no stocked products or no bench shopper (is SMS_OUTBOX_ROUTE=1 set?)')
    return []
  }
  // The calculation's carts reserve nothing, so they may share the products the orders will take; they
  // are dealt from the end of the list, whose stock earlier runs' orders (dealt from its start) left.
  const calcPairs = dealPairs(new Map([...units].reverse()), CALCULATION_CARTS)
  const orderPairs = dealPairs(units, ORDER_CARTS)
  console.log(
    `Checkout bench: preparing ${calcPairs.length + orderPairs.length} carts over ${units.size} products...`,
  )
  const calc = await readyCarts(baseUrl, calcPairs)
  const orders = await readyCarts(baseUrl, orderPairs)
  const auth = { ...json, authorization: `Bearer ${token}` }
  const calculation: LoadRequest[] = calc.map((c) => ({
    method: 'POST',
    path: '/oms/api/v1/orders',
    body: JSON.stringify(c.body),
    headers: json,
  }))
  const creation: LoadRequest[] = orders.map((c) => ({
    method: 'POST',
    path: '/oms/api/v1/orders/checkout',
    body: JSON.stringify({ ...c.body, expected_sum_to_pay: c.sumToPay }),
    headers: auth,
    idempotent: true,
  }))
  return [
    {
      name: `checkout: calculation (${calc.length} carts)`,
      warmup: calculation,
      requests: calculation,
      target: 'p95 ≤ 30 ms PG 200k',
    },
    {
      name: `checkout: order creation, cash (${creation.length} carts, each once; req/s = orders/s)`,
      requests: creation,
      once: true,
      target: 'p95 ≤ 60 ms PG 200k',
    },
  ]
}
