import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ErrorBody } from '../../contract/common'
import { rows } from '../db/rows'
import type { App } from '../http/types'
import { createOrderRepo } from '../modules/orders/repo'
import { LOCAL_BROKER_BASE } from '../providers/broker/local'
import { LOCAL_ACQUIRER_BASE } from '../providers/card-acquirer/local'
import { LOCAL_QR_BASE } from '../providers/qr/local'
import { testApp } from '../test/app'
import { randomClientIp, signInTestUser, type TestUser } from '../test/auth'
import { stockedProducts } from '../test/carts'
import { hostileJsonText, hostileString, mutated, validArbitrary, type Hints } from '../test/fuzz'
import { declaredRoutes, type DeclaredRoute } from '../test/routes'

/**
 * Contract fuzzing: requests for every route the modules declare, made from its zod schemas, valid and
 * hostile, sent through `app.inject`. Whatever comes, the store answers below 500, in its one error
 * shape for every 4xx, with no stack trace or file path, and stays healthy.
 *
 * Seeded: `FUZZ_SEED=<n>` repeats a run (a failure prints its seed and the shrunk request);
 * `FUZZ_RUNS=<n>` sets the requests per route and method (12 by default).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)

/** What an answer must never carry: a stack frame, a source file, a path of this machine. */
const LEAKS = [
  /\n\s+at\s/,
  /at [\w.<>]+ \(/,
  /node_modules/,
  /\/work\//,
  /\/home\//,
  /\/usr\/(lib|src)\//,
  /file:\/\//,
  /\.(ts|js|mjs|cjs):\d+/,
  /FST_ERR_/,
  /"statusCode":/,
]

let app: App
let shopper: TestUser
let routes: DeclaredRoute[]
/** Real identifiers of this database, so requests reach past "not found" too. */
let known: {
  ids: string[]
  skus: string[]
  productIds: number[]
  slugs: string[]
  cartId: string
  orderId: string
  servicePointId: number
}
let requests = 0
let succeeded = 0
const reached = new Set<string>()
const started = Date.now()

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  routes = await declaredRoutes()
  shopper = await signInTestUser(app)
  const db = built.database.db
  const products = await stockedProducts(db, 1_000, 10_000_000, 3)
  const guestCart = await app.inject({ method: 'POST', url: '/cart/api/v2/carts', payload: { city_id: 1 } })
  const filled = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: shopper.headers,
    payload: { city_id: 1, products: [{ sku: products[0]!.sku, quantity: 1 }] },
  })
  const address = await app.inject({
    method: 'POST',
    url: '/account/api/v2/addresses',
    headers: shopper.headers,
    payload: { city_id: 1, street: 'Абая', house: '1' },
  })
  const orderId = await createOrderRepo(db).insert({
    number: `F${randomUUID().slice(0, 8)}`,
    userId: shopper.userId,
    cityId: 1,
    status: 'NEW',
    total: 10_000,
    deliveryType: 'PICKUP',
    items: [{ sku: products[0]!.sku, title: 'Товар', quantity: 1, price: 10_000 }],
  })
  const categories = await rows<{ slug: string }>(db, sql`select slug from categories order by id limit 3`)
  const [point] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  const cartId = (filled.json() as { id: string }).id
  known = {
    ids: [
      (guestCart.json() as { id: string }).id,
      cartId,
      orderId,
      String((address.json() as { id: unknown }).id),
      ...products.map((p) => String(p.id)),
      products[0]!.sku,
      categories[0]!.slug,
      '1',
    ],
    skus: products.map((p) => p.sku),
    productIds: products.map((p) => p.id),
    slugs: categories.map((c) => c.slug),
    cartId,
    orderId,
    servicePointId: point!.id,
  }
})

afterAll(() => {
  console.info(
    `contract fuzzing: ${requests} requests over ${routes.length} routes (seed ${SEED}), ${succeeded} answered below 400, on ${reached.size} routes, in ${Date.now() - started} ms`,
  )
})

type Part = 'params' | 'querystring' | 'body' | 'headers'
const schemaOf = (route: DeclaredRoute, part: Part) => route.schema[part]

/** The path parameter names of a Fastify URL pattern (`:id`, `:width/:height/:id.:ext`, a wildcard). */
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)

const encode = (value: string) => {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80' // a lone surrogate has no UTF-8: its would-be bytes
  }
}

/** Real values of this database by the names fields and parameters carry, tried beside the schema's own. */
function hints(): Hints {
  const ids = fc.constantFrom(...known.ids)
  return {
    city_id: fc.constantFrom(1, 2, 3, 4),
    sku: fc.constantFrom(...known.skus),
    product_id: fc.constantFrom(...known.productIds),
    productId: fc.constantFrom(...known.productIds),
    quantity: fc.integer({ min: 1, max: 3 }),
    phone: fc.constantFrom(shopper.phone, '77011234567'),
    id: ids,
    cart: fc.constant(known.cartId),
    cartId: fc.constant(known.cartId),
    cart_id: fc.constant(known.cartId),
    orderId: fc.constant(known.orderId),
    order_id: fc.constant(known.orderId),
    service_point_id: fc.constant(known.servicePointId),
  }
}

/** A path parameter its route takes: a real identifier by its name, or one its schema accepts. */
function validParam(name: string, schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const real = hints()[name] ?? fc.constantFrom(...known.ids)
  const fromSchema = schema ? validArbitrary(schema, hints()) : real
  return fc
    .oneof({ arbitrary: real, weight: 2 }, { arbitrary: fromSchema, weight: 1 })
    .map((v) => encode(String(v)))
}

/** A path parameter meant to break the route: hostile text, traversal, or raw bad percent-encoding. */
const hostileParam: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => encode(s.slice(0, 300))),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%ZZ',
    '%',
    '%E0%A4%A',
    'a%2Fb',
    '~',
    '%C0%AE%C0%AE',
  ),
)

const queryPairs = (value: unknown): [string, string][] =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]): [string, string][] =>
        v === undefined
          ? []
          : Array.isArray(v)
            ? v.map((x): [string, string] => [k, String(x)])
            : [[k, typeof v === 'object' ? JSON.stringify(v) : String(v)]],
      )
    : []
const serialiseQuery = (value: unknown) =>
  queryPairs(value)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&')

const validQuery = (schema: z.ZodType | undefined) =>
  schema ? validArbitrary(schema, hints()).map(serialiseQuery) : fc.constant('')

const hostileQuery = (schema: z.ZodType | undefined) =>
  fc.oneof(
    mutated(schema ? validArbitrary(schema, hints()) : fc.constant({})).map(serialiseQuery),
    fc.constantFrom(
      'city_id=1&city_id=2',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      '__proto__=1&constructor=2',
      'a=%ZZ',
      '=&&=&',
      'city_id=%00',
      'city_id=1e309',
      `q=${'%D0%96'.repeat(3000)}`,
    ),
  )

interface Body {
  payload?: string
  contentType?: string
}
const asJson = (value: unknown): Body => ({
  payload: JSON.stringify(value) ?? 'null',
  contentType: 'application/json',
})

const validBody = (schema: z.ZodType | undefined): fc.Arbitrary<Body> =>
  schema ? validArbitrary(schema, hints()).map(asJson) : fc.constant({})

function hostileBody(schema: z.ZodType | undefined): fc.Arbitrary<Body> {
  const valid = schema ? validArbitrary(schema, hints()) : fc.constant({})
  return fc.oneof(
    { arbitrary: mutated(valid).map(asJson), weight: 4 },
    {
      arbitrary: hostileJsonText.map((payload) => ({ payload, contentType: 'application/json' })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'application/vnd.api+json',
            'image/png',
            '*/*',
            'junk',
          ),
        )
        .map(([value, contentType]) => ({ payload: JSON.stringify(value) ?? '', contentType })),
      weight: 1,
    },
    { arbitrary: fc.constant<Body>({}), weight: 1 },
  )
}

/** Printable header text: what a client can put on the wire. */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom(
    '',
    'ru',
    'kk',
    'en-US,en;q=0.9',
    '*',
    'null',
    '-1',
    'x'.repeat(4_000),
    'Bearer',
    `Bearer ${'a'.repeat(300)}`,
  ),
)

/** A client address of its own per request, so per-address limits measure the fuzzer's requests apart. */
const clientIp = fc
  .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`)

/** A shopper's or a guest's headers. */
const validHeaders = fc
  .tuple(fc.constantFrom('guest', 'bearer', 'cookie'), clientIp, fc.constantFrom('ru', 'kk'))
  .map(([who, ip, lang]) => {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, 'accept-language': lang }
    if (who === 'bearer') headers.authorization = shopper.headers.authorization!
    if (who === 'cookie') headers.cookie = shopper.cookieHeader
    return headers
  })

const hostileHeaders = fc
  .tuple(
    fc.constantFrom('guest', 'bearer', 'junk-bearer', 'junk-cookie', 'basic'),
    fc.dictionary(
      fc.constantFrom(
        'accept-language',
        'x-session-id',
        'idempotency-key',
        'x-captcha-token',
        'x-request-id',
        'x-forwarded-for',
        'if-none-match',
        'range',
        'accept-encoding',
        'accept',
        'origin',
        'referer',
        'x-forwarded-host',
        'x-forwarded-proto',
        'x-http-method-override',
      ),
      headerText,
      { minKeys: 1, maxKeys: 4 },
    ),
    headerText,
    clientIp,
  )
  .map(([who, junk, token, ip]) => {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, ...junk }
    if (who === 'bearer') headers.authorization = shopper.headers.authorization!
    if (who === 'junk-bearer') headers.authorization = `Bearer ${token}`
    if (who === 'junk-cookie') headers.cookie = `accessToken=${token}; refreshToken=${token}; tdid=${token}`
    if (who === 'basic') headers.authorization = `Basic ${Buffer.from(`a:${token}`).toString('base64')}`
    return headers
  })

/** Which part of the request is broken: none (a valid request), one of them, or all at once. */
const MODES = ['valid', 'params', 'query', 'body', 'headers', 'all'] as const

function requestArbitrary(route: DeclaredRoute, method: string): fc.Arbitrary<InjectOptions> {
  const names = paramNames(route.url)
  const wildcard = route.url.includes('*')
  const shape =
    (schemaOf(route, 'params') as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {}
  const takesBody = !['GET', 'HEAD', 'DELETE'].includes(method) || Boolean(schemaOf(route, 'body'))
  const query = schemaOf(route, 'querystring')
  const body = schemaOf(route, 'body')
  const part = <T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>, broken: boolean) =>
    broken ? hostile : valid
  return fc
    .constantFrom(...MODES)
    .chain((mode) => {
      const breaks = (p: (typeof MODES)[number]) => mode === p || mode === 'all'
      return fc.record({
        params: fc.tuple(
          ...names.map((name) => part(validParam(name, shape[name]), hostileParam, breaks('params'))),
          part(fc.constantFrom(...known.slugs), hostileParam, breaks('params')),
        ),
        query: part(validQuery(query), hostileQuery(query), breaks('query')),
        body: takesBody ? part(validBody(body), hostileBody(body), breaks('body')) : fc.constant<Body>({}),
        headers: part(validHeaders, hostileHeaders, breaks('headers')),
      })
    })
    .map(({ params, query: search, body: sent, headers }) => {
      let url = route.url
      names.forEach((name, i) => (url = url.replace(`:${name}`, params[i]!)))
      if (wildcard) url = url.replace('*', params[names.length]!)
      if (search) url += `?${search}`
      const options: InjectOptions = { method: method as InjectOptions['method'], url, headers }
      if (sent.payload !== undefined) {
        options.payload = sent.payload
        options.headers = { ...headers, 'content-type': sent.contentType ?? 'application/json' }
      }
      return options
    })
}

/** The local providers' hosted pages (a bank's card form, a QR page, a broker's offer): HTML by design. */
const HOSTED_PAGES = [LOCAL_ACQUIRER_BASE, LOCAL_QR_BASE, LOCAL_BROKER_BASE]

/** The invariants every answer keeps, whatever was asked. */
function checkAnswer(res: LightMyRequestResponse, request: InjectOptions) {
  const what = `${request.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, what).toBeLessThan(500)
  for (const leak of LEAKS) expect(leak.test(res.body), `${leak} in ${what}`).toBe(false)
  const page = HOSTED_PAGES.some((base) => String(request.url).startsWith(`${base}/`))
  if (page && String(res.headers['content-type']).startsWith('text/html')) return
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/)
    expect(ErrorBody.safeParse(res.json()).success, what).toBe(true)
  }
}

async function send(request: InjectOptions, key = 'other') {
  requests++
  const res = await app.inject(request)
  if (res.statusCode < 400) {
    succeeded++
    reached.add(key)
  }
  checkAnswer(res, request)
  return res
}

describe('contract fuzzing of every route', () => {
  it('finds the routes of every module, with their schemas', () => {
    expect(routes.length).toBeGreaterThan(200)
  })

  // One property per route and method, so a failure names its route; the seed repeats the whole run.
  it.each([0, 1, 2, 3])(
    'keeps the invariants on every route (part %i of 4)',
    async (part) => {
      const failures: string[] = []
      for (const route of routes.filter((_, i) => i % 4 === part)) {
        for (const method of route.methods) {
          const details = await fc.check(
            fc.asyncProperty(requestArbitrary(route, method), async (request) => {
              await send(request, `${method} ${route.url}`)
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
          )
          if (details.failed) failures.push(`${method} ${route.url}: ${fc.defaultReportMessage(details)}`)
          // A fuzzed sign-out may have ended the shopper's session: the next route gets a fresh one.
          if (!(await app.accessTokenVerifier?.(shopper.tokens.access_token)))
            shopper = await signInTestUser(app)
        }
      }
      expect(failures.join('\n\n')).toBe('')
    },
    240_000,
  )

  it('answers addresses no route has, methods no route takes and raw bad paths in the store shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.oneof(
          fc.constantFrom(
            '/api/nothing',
            '/cart/api/v9/carts',
            '/katalog/api/v1/../../../etc/passwd',
            '/katalog/api/v1/products/%ZZ',
            '/katalog/api/v1/products/%E0%A4%A',
            '/katalog/api/v1/products/' + 'Ж'.repeat(2_000),
            '/api/' + '%00',
            '//api//health',
            '/api/health/..',
            '/account/api/v1/profile%2F..%2F..',
          ),
          hostileString.map((s) => `/api/${encode(s.slice(0, 200))}`),
          hostileString.map((s) => `/oms/api/v1/orders/${encode(s.slice(0, 200))}/otp`),
        ),
        async (method, url) => {
          await send({
            method: method as InjectOptions['method'],
            url,
            headers: { 'x-forwarded-for': randomClientIp() },
          })
        },
      ),
      { seed: SEED, numRuns: RUNS * 10 },
    )
  })

  it('is healthy afterwards: the health check answers and a shopper still buys', async () => {
    const health = await app.inject({ url: '/api/health' })
    expect(health.statusCode, health.body).toBe(200)
    const cart = await app.inject({ method: 'POST', url: '/cart/api/v2/carts', payload: { city_id: 1 } })
    expect(cart.statusCode, cart.body).toBeLessThan(300)
    const profile = await app.inject({ url: '/account/api/v1/profile', headers: shopper.headers })
    expect([200, 401]).toContain(profile.statusCode)
    expect(requests).toBeGreaterThan(2_000)
  })
})
