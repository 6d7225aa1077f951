import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { CART_ERROR_KEYS } from '../contract/values/cart'
import { dealPairs, readyCarts, stockedUnits, type Ready } from './checkout'
import { auditOrders, type AnsweredOrder } from './lib/order-audit'
import { summarise } from './lib/percentiles'
import { storePids } from './lib/processes'
import { freePort, startStore, type RunningServer } from './lib/servers'
import { post, signUpShopper } from './lib/shopper'

/*
 * Reliability (README "Reliability and security"): a store worker killed with SIGKILL under a checkout
 * load paid by card, then what the database holds against what shoppers were told; and a soak, a
 * steady shopper mix for minutes, its latency per step and the store's memory at the start and end.
 */

const KATALOG = '/katalog/api'
const CHECKOUT = '/oms/api/v1/orders/checkout'
const IN_PROGRESS = `409 ${CART_ERROR_KEYS.idempotencyInProgress}`
const APPROVED_CARD = { pan: '4111111111111111', expiry: '12/30', cvc: '123' }
const KILL_LOAD_SECONDS = 20
const KILL_AT_SECONDS = 8
const KILL_SHOPPERS = 8
/** A pause between a shopper's orders, so the carts prepared last the whole load. */
const KILL_PAUSE_MS = 100
const KILL_CARTS = 1200
/** The sweep that ends unpaid orders' holds runs every 10 s in each worker (checkout routes). */
const EXPIRY_WAIT_MS = 30_000

const SOAK_CATEGORIES = ['smartfony', 'noutbuki', 'televizory', 'naushniki', 'holodilniki', 'pylesosy']
const SOAK_QUERIES = ['iphone', 'samsung', 'ноутбук', 'наушники', 'телевизор', 'пылесос', 'холодильник']
/** Shopper journeys started a second during the soak, each of eight requests. */
const SOAK_JOURNEYS_PER_SECOND = 2

/** Resident memory of a process in MB (VmRSS), or 0 once it is gone. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : 0
  } catch {
    return 0
  }
}

async function waitForWorkers(primary: number, count: number): Promise<number[]> {
  for (let i = 0; i < 200; i++) {
    const workers = storePids(primary).slice(1)
    if (workers.length >= count) return workers
    await sleep(100)
  }
  throw new Error(`the store's primary ${primary} has not forked ${count} workers`)
}

/** An error answer's label for the tables: its status and message key (`409 errors:requestInProgress`). */
function errorLabel(status: number, body: unknown): string {
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error
  return `${status} ${error?.message ?? error?.code ?? ''}`.trim()
}

type Outcome = { kind: 'answer'; status: number; body: unknown } | { kind: 'connection' }

async function send(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
    const text = await res.text()
    let body: unknown = null
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
    return { kind: 'answer', status: res.status, body }
  } catch {
    return { kind: 'connection' }
  }
}

interface KillCounts {
  ordersAttempted: number
  connectionErrors: number
  serverErrors: number
  otherRefusals: number
  /** 409 "in progress" answers to a retried key, asked again. */
  inProgressRetries: number
  /** The refusals' codes (`409 out_of_stock`, ...), so a run refused for another reason says which. */
  refusals: Record<string, number>
  paid: number
  paymentFailures: number
}

/**
 * Pays an order on the local acquirer's hosted page as a shopper would: the card form posted, then the
 * return address it sends the shopper to (which settles the attempt, racing the acquirer's callback).
 */
async function payByCard(baseUrl: string, redirectUrl: string): Promise<boolean> {
  const page = new URL(redirectUrl, baseUrl)
  const form = await fetch(`${baseUrl}${page.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(APPROVED_CARD).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  })
  const back = form.headers.get('location')
  if (form.status !== 303 || !back) return false
  const returned = await fetch(new URL(back, baseUrl), {
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  })
  await returned.arrayBuffer()
  return returned.status < 400
}

/** One shopper's orders during the kill: each with its own key, retried with that key when the answer is lost. */
async function shopper(
  baseUrl: string,
  token: string,
  next: () => Ready | undefined,
  until: number,
  answered: AnsweredOrder[],
  counts: KillCounts,
) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  for (let cart = next(); cart && Date.now() < until; cart = next()) {
    const key = randomUUID()
    counts.ordersAttempted++
    let created: { order_id: string; payment: { redirect_url?: string | null } } | null = null
    for (let attempt = 0; attempt < 20 && !created; attempt++) {
      const out = await send(`${baseUrl}${CHECKOUT}`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': key },
        body: JSON.stringify({ ...cart.body, expected_sum_to_pay: cart.sumToPay }),
      })
      if (out.kind === 'connection') counts.connectionErrors++
      else if (out.status >= 500) counts.serverErrors++
      else if (out.status >= 200 && out.status < 300)
        created = out.body as { order_id: string; payment: { redirect_url?: string | null } }
      else if (errorLabel(out.status, out.body) === IN_PROGRESS) {
        // the key is still held (by a request in flight, or the killed worker's transaction until the
        // database notices its connection gone): the store's client asks again a moment later
        counts.inProgressRetries++
      } else {
        counts.otherRefusals++
        const code = errorLabel(out.status, out.body)
        counts.refusals[code] = (counts.refusals[code] ?? 0) + 1
        break
      }
      if (!created) await sleep(250)
    }
    if (created) {
      answered.push({ key, cartId: cart.cartId, orderId: created.order_id })
      const redirect = created.payment.redirect_url
      const paid = redirect ? await payByCard(baseUrl, redirect).catch(() => false) : false
      if (paid) counts.paid++
      else counts.paymentFailures++
    }
    await sleep(KILL_PAUSE_MS)
  }
}

async function unitsHeld(db: pg.Client, productIds: number[]): Promise<number> {
  const { rows } = await db.query<{ units: string }>(
    `select (select coalesce(sum(quantity), 0) from stocks where product_id = any($1))
          + (select coalesce(sum(quantity), 0) from order_reservations where product_id = any($1)) as units`,
    [productIds],
  )
  return Number(rows[0]!.units)
}

async function productIdsOf(db: pg.Client, skus: string[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('select id from products where sku = any($1)', [skus])
  return rows.map((r) => r.id)
}

export async function killUnderCheckout(env: Record<string, string>): Promise<Record<string, unknown>> {
  const databaseUrl = env.DATABASE_URL!
  const store = await startStore(await freePort(), { ...env, WORKERS: '2' })
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const workers = await waitForWorkers(store.pid!, 2)
    const token = await signUpShopper(store.baseUrl)
    if (!token) throw new Error('no bench shopper: is SMS_OUTBOX_ROUTE=1 set?')
    const units = await stockedUnits(store.baseUrl, KILL_CARTS * 4)
    const pairs = dealPairs(units, KILL_CARTS)
    console.log(`Kill under checkout: preparing ${pairs.length} carts paid by card...`)
    const carts = await readyCarts(store.baseUrl, pairs, 'card_payment')
    const productIds = await productIdsOf(db, [...new Set(pairs.flat())])
    const unitsBefore = await unitsHeld(db, productIds)

    const answered: AnsweredOrder[] = []
    const counts: KillCounts = {
      ordersAttempted: 0,
      connectionErrors: 0,
      serverErrors: 0,
      otherRefusals: 0,
      inProgressRetries: 0,
      refusals: {},
      paid: 0,
      paymentFailures: 0,
    }
    let at = 0
    const next = () => carts[at++]
    const until = Date.now() + KILL_LOAD_SECONDS * 1000
    console.log(
      `${KILL_SHOPPERS} shoppers ordering for ${KILL_LOAD_SECONDS} s; worker ${workers[0]} killed at ${KILL_AT_SECONDS} s...`,
    )
    const killed = sleep(KILL_AT_SECONDS * 1000).then(() => process.kill(workers[0]!, 'SIGKILL'))
    await Promise.all([
      killed,
      ...Array.from({ length: KILL_SHOPPERS }, () =>
        shopper(store.baseUrl, token, next, until, answered, counts),
      ),
    ])
    const replaced = storePids(store.pid!).slice(1)

    const cartIds = carts.slice(0, at).map((c) => c.cartId)
    const stored = await db.query<{ id: string; cart_id: string | null }>(
      'select id, cart_id from orders where cart_id = any($1)',
      [cartIds],
    )
    const orderIds = stored.rows.map((o) => o.id)
    // The unpaid orders' holds end now, as if their 20 minutes had passed: the workers' sweep must give
    // their goods back, the killed worker's half-done orders included.
    const { rowCount: heldUnpaid } = await db.query(
      `update orders set reserved_until = now() where id = any($1) and status = 'PAYMENT_PENDING'`,
      [orderIds],
    )
    console.log(
      `Waiting ${EXPIRY_WAIT_MS / 1000} s for the expiry sweep to end ${heldUnpaid} unpaid holds...`,
    )
    await sleep(EXPIRY_WAIT_MS)
    const payments = await db.query<{ order_id: string; status: string }>(
      'select order_id, status from payments where order_id = any($1)',
      [orderIds],
    )
    const audit = auditOrders(
      answered,
      stored.rows.map((o) => ({ id: o.id, cartId: o.cart_id })),
      payments.rows.map((p) => ({ orderId: p.order_id, status: p.status })),
    )
    const negative = await db.query<{ n: string }>('select count(*) as n from stocks where quantity < 0')
    const leaked = await db.query<{ n: string }>(
      `select count(distinct o.id) as n from orders o
        where o.id = any($1) and (
          (o.status = 'PAYMENT_PENDING' and o.reserved_until < now())
          or (o.status = 'CANCELLED' and exists (select 1 from order_reservations r where r.order_id = o.id)))`,
      [orderIds],
    )
    const unitsAfter = await unitsHeld(db, productIds)
    const result = {
      'orders attempted': counts.ordersAttempted,
      'orders answered 2xx': audit.answered,
      'orders found': audit.found,
      duplicated: audit.duplicated,
      lost: audit.lost,
      'paid by card': counts.paid,
      'payments not completed': counts.paymentFailures,
      'double charges': audit.doubleCharges,
      'negative stock rows': Number(negative.rows[0]!.n),
      'leaked reservations': Number(leaked.rows[0]!.n),
      'units conserved (stock + held)':
        unitsBefore === unitsAfter ? 'yes' : `no: ${unitsBefore} → ${unitsAfter}`,
      'unpaid holds ended by the sweep': heldUnpaid ?? 0,
      'connection errors (the kill)': counts.connectionErrors,
      '5xx answers': counts.serverErrors,
      '409 in progress, asked again': counts.inProgressRetries,
      'other refusals (4xx)':
        counts.otherRefusals === 0
          ? 0
          : `${counts.otherRefusals}: ${Object.entries(counts.refusals)
              .map(([code, n]) => `${code} ×${n}`)
              .join(', ')}`,
      'worker killed → replaced by': `${workers[0]} → ${replaced.filter((p) => !workers.includes(p)).join(', ') || 'none'}`,
    }
    console.table(Object.entries(result).map(([check, value]) => ({ check, value })))
    return result
  } finally {
    await db.end()
    await store.stop()
  }
}

interface SoakStep {
  name: string
  latencies: number[]
  errors: number
  /** 422s: the store's rules refusing what the shopper asked (an order sum over a limit), not failures. */
  refusals: number
  /** What the errors and refusals were: `409 out_of_stock`, `connection`... */
  codes: Record<string, number>
}

async function timed(step: SoakStep, url: string, init?: RequestInit): Promise<unknown> {
  const started = performance.now()
  const out = await send(url, init ?? {})
  step.latencies.push(performance.now() - started)
  if (out.kind === 'connection' || out.status >= 400) {
    if (out.kind === 'answer' && out.status === 422) step.refusals++
    else step.errors++
    const code = out.kind === 'connection' ? 'connection' : errorLabel(out.status, out.body)
    step.codes[code] = (step.codes[code] ?? 0) + 1
    return null
  }
  return out.body
}

const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

export async function soak(env: Record<string, string>, seconds: number): Promise<Record<string, unknown>> {
  const store: RunningServer = await startStore(await freePort(), { ...env, WORKERS: '2' })
  try {
    const base = store.baseUrl
    await waitForWorkers(store.pid!, 2)
    const token = await signUpShopper(base)
    if (!token) throw new Error('no bench shopper: is SMS_OUTBOX_ROUTE=1 set?')
    const journeys = Math.ceil(seconds * SOAK_JOURNEYS_PER_SECOND)
    const pairs = dealPairs(await stockedUnits(base, journeys * 4), journeys)
    const uris: string[] = []
    for (const category of SOAK_CATEGORIES) {
      const res = await fetch(`${base}${KATALOG}/v2/products/category/short/${category}?city_id=1&limit=50`)
      if (res.ok)
        uris.push(...((await res.json()) as { payload: { uri: string }[] }).payload.map((p) => p.uri))
    }
    const names = ['category listing', 'product', 'search', 'add to cart', 'delivery', 'calculation', 'order']
    const steps = new Map(
      names.map((name) => [name, { name, latencies: [], errors: 0, refusals: 0, codes: {} } as SoakStep]),
    )
    const step = (name: string) => steps.get(name)!
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` }

    const journey = async (i: number) => {
      const category = SOAK_CATEGORIES[i % SOAK_CATEGORIES.length]!
      await timed(
        step('category listing'),
        `${base}${KATALOG}/v2/products/category/${category}?city_id=1&page=${1 + (i % 3)}`,
      )
      if (uris.length > 0)
        await timed(step('product'), `${base}${KATALOG}/v1/products/${uris[i % uris.length]}?city_id=1`)
      await timed(
        step('search'),
        `${base}${KATALOG}/v1/products/search`,
        jsonPost({ query: SOAK_QUERIES[i % SOAK_QUERIES.length], city_id: 1, limit: 24 }),
      )
      const pair = pairs[i]
      if (!pair) return
      const cart = await post<{ id: string }>(`${base}/cart/api/v2/carts`, { city_id: 1 }).catch(() => null)
      if (!cart) {
        step('add to cart').errors++
        return
      }
      const added = await timed(
        step('add to cart'),
        `${base}/cart/api/v3/carts/${cart.id}/products`,
        jsonPost({ city_id: 1, products: pair.map((sku) => ({ sku, quantity: 1 })) }),
      )
      if (!added) return
      const delivery = (await timed(
        step('delivery'),
        `${base}/checkout/api/v1/delivery`,
        jsonPost({ city_id: 1, cart_id: cart.id }),
      )) as { stores: { service_point_id: number }[]; pickup_points: { service_point_id: number }[] } | null
      const point = delivery?.stores[0] ?? delivery?.pickup_points[0]
      // two products no one point holds: a shopper would take delivery; the mix counts it as browsing
      if (!point) return
      const body = {
        city_id: 1,
        cart_id: cart.id,
        receiver: { firstname: 'Бенч', lastname: 'Покупатель', phone: '77010000000', isOrganization: false },
        shipping: { type: 'PICKUP', service_point_id: point.service_point_id },
        payment_method: 'cash_payment',
      }
      type Calculation = { calculation: { sumToPay: number } } | null
      const calculate = async () =>
        (await timed(step('calculation'), `${base}/oms/api/v1/orders`, jsonPost(body))) as Calculation
      let calc = await calculate()
      // cash is not taken over a sum: the shopper pays by card instead (the order then holds its goods)
      if (!calc) {
        body.payment_method = 'card_payment'
        calc = await calculate()
      }
      if (!calc) return
      await timed(step('order'), `${base}${CHECKOUT}`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ ...body, expected_sum_to_pay: calc.calculation.sumToPay }),
      })
    }

    const pids = storePids(store.pid!)
    const rssStart = pids.map(rssMb)
    console.log(
      `Soak: ${SOAK_JOURNEYS_PER_SECOND} shopper journeys a second for ${seconds} s (store processes ${pids.join(', ')})...`,
    )
    const started = Date.now()
    const running: Promise<void>[] = []
    for (let i = 0; i < journeys; i++) {
      const due = started + (i * 1000) / SOAK_JOURNEYS_PER_SECOND
      if (due > Date.now()) await sleep(due - Date.now())
      running.push(journey(i))
    }
    await Promise.all(running)
    const elapsed = (Date.now() - started) / 1000
    const pidsEnd = storePids(store.pid!)
    const rssEnd = pidsEnd.map(rssMb)
    const table = [...steps.values()].map((s) => {
      const summary = summarise(s.latencies)
      return {
        step: s.name,
        requests: s.latencies.length,
        'p50 ms': summary.p50.toFixed(1),
        'p95 ms': summary.p95.toFixed(1),
        errors: s.errors,
        'refused (422)': s.refusals,
        codes: Object.entries(s.codes)
          .map(([code, n]) => `${code} ×${n}`)
          .join(', '),
      }
    })
    console.table(table)
    const memory = {
      'RSS at start, MB (primary, workers)': rssStart.join(', '),
      'RSS at end, MB (primary, workers)': rssEnd.join(', '),
      'same processes throughout': pids.join(',') === pidsEnd.join(',') ? 'yes' : `no: ${pidsEnd.join(', ')}`,
      'seconds run': Math.round(elapsed),
    }
    console.table(Object.entries(memory).map(([what, value]) => ({ what, value })))
    return { steps: table, ...memory }
  } finally {
    await store.stop()
  }
}

/** `--only reliability`: the kill under checkout load, then the soak; the report for the results file. */
export async function runReliability(
  env: Record<string, string>,
  soakSeconds: number,
): Promise<Record<string, unknown>> {
  const kill = await killUnderCheckout(env)
  const soaked = await soak(env, soakSeconds)
  return { kill, soak: { seconds: soakSeconds, journeysPerSecond: SOAK_JOURNEYS_PER_SECOND, ...soaked } }
}
