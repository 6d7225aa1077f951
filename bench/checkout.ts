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
/** Carts to order: more than a 10-second run at the expected rate makes, so none is asked twice. */
const ORDER_CARTS = Number(process.env.BENCH_ORDER_CARTS ?? 4000)
const SETUP_CONCURRENCY = 32

interface Ready {
  cartId: string
  body: Record<string, unknown>
  sumToPay: number
}

/** Products in stock in Almaty (two units at least), many, so thousands of orders do not run one dry. */
async function stockedSkus(baseUrl: string): Promise<string[]> {
  const skus: string[] = []
  for (const category of CATEGORIES)
    for (let page = 1; page <= 5; page++) {
      const res = await fetch(
        `${baseUrl}${KATALOG}/v2/products/category/short/${category}?city_id=1&limit=100&page=${page}`,
      )
      if (!res.ok) break
      const listing = (await res.json()) as { payload: { sku: string; type: string; stock: number }[] }
      for (const p of listing.payload) if (p.type === 'regular' && p.stock >= 2) skus.push(p.sku)
    }
  return skus
}

/** A guest cart of two products, the first pickup point holding both, and the calculation's sum. */
async function readyCart(baseUrl: string, skus: string[], i: number): Promise<Ready | null> {
  const cart = await post<{ id: string }>(`${baseUrl}/cart/api/v2/carts`, { city_id: 1 })
  if (!cart) return null
  const pair = [skus[(i * 2) % skus.length]!, skus[(i * 2 + 1) % skus.length]!]
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
    payment_method: 'cash_payment',
  }
  const calc = await post<{ calculation: { sumToPay: number } }>(`${baseUrl}/oms/api/v1/orders`, body)
  return calc ? { cartId: cart.id, body, sumToPay: calc.calculation.sumToPay } : null
}

async function readyCarts(baseUrl: string, skus: string[], count: number, offset: number): Promise<Ready[]> {
  const ready: Ready[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) {
        const cart = await readyCart(baseUrl, skus, offset + i)
        if (cart) ready.push(cart)
      }
    }),
  )
  return ready
}

export async function checkoutScenarios(baseUrl: string): Promise<Scenario[]> {
  const skus = await stockedSkus(baseUrl)
  const token = await signUpShopper(baseUrl)
  if (skus.length < 16 || !token) {
    console.warn('checkout bench: no stocked products or no bench shopper (is SMS_OUTBOX_ROUTE=1 set?)')
    return []
  }
  console.log(
    `Checkout bench: preparing ${CALCULATION_CARTS + ORDER_CARTS} carts over ${skus.length} products...`,
  )
  const calc = await readyCarts(baseUrl, skus, CALCULATION_CARTS, 0)
  const orders = await readyCarts(baseUrl, skus, ORDER_CARTS, CALCULATION_CARTS)
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
      target: 'p95 ≤ 60 ms PG 200k',
    },
  ]
}
