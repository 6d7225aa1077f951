import Fastify, { type RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ErrorBody, UNSTORABLE_TEXT_MESSAGE } from '../../contract/common'
import { readConfig } from '../config'
import { Readiness } from '../lib/readiness'
import { modules } from '../modules'
import { testApp, testDatabase } from '../test/app'
import { signInTestUser, type TestUser } from '../test/auth'
import type { App } from './types'

const NUL = 'a\u0000b'
const LONE_SURROGATE = 'a\uD800b'
const BAD_TEXTS = [
  ['a NUL character', NUL],
  ['a lone surrogate', LONE_SURROGATE],
] as const

let app: App
let user: TestUser
let cartId: string

beforeAll(async () => {
  ;({ app } = await testApp())
  user = await signInTestUser(app)
  const cart = await app.inject({ method: 'POST', url: '/cart/api/v2/carts', payload: { city_id: 1 } })
  cartId = (cart.json() as { id: string }).id
})

/** The answer is the store's 400 naming the field, with the reason text cannot be kept. */
function expectRefused(res: { statusCode: number; json(): unknown; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400)
  const { error } = ErrorBody.parse(res.json())
  expect(error.code).toBe('validation_failed')
  const issues = (error.details as { issues: { path: string; message: string }[] }).issues
  expect(issues).toContainEqual({ path: field, message: UNSTORABLE_TEXT_MESSAGE })
}

describe('text the database cannot store', () => {
  // Each of these reached the database and answered 500, or was kept with U+FFFD in its place.
  const bodies: {
    method: 'POST' | 'PUT'
    url: string
    body: (bad: string) => Record<string, unknown>
    field: string | ((bad: string) => string)
    signedIn?: boolean
  }[] = [
    {
      method: 'POST',
      url: '/account/api/v2/addresses',
      body: (bad) => ({ city_id: 1, street: 'Абая', house: '1', comment: bad }),
      field: 'body.comment',
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/account/api/v2/addresses',
      body: (bad) => ({ city_id: 1, street: bad, house: '1' }),
      field: 'body.street',
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/account/api/v2/receivers',
      body: (bad) => ({ firstname: bad, lastname: 'Ахметов', phone: '77011234567' }),
      field: 'body.firstname',
      signedIn: true,
    },
    {
      method: 'PUT',
      url: '/account/api/v1/profile',
      body: (bad) => ({ firstname: bad }),
      field: 'body.firstname',
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/inventory/api/v2/delivery/reschedule',
      body: (bad) => ({ products: [{ sku: bad }], previous_delivery_date: '2026-11-02' }),
      field: 'body.products.0.sku',
    },
    {
      method: 'POST',
      url: '/inventory/api/v3/delivery',
      body: (bad) => ({ products: [{ sku: '1000001' }, { sku: bad }] }),
      field: 'body.products.1.sku',
    },
    {
      method: 'POST',
      url: '/katalog/api/v1/products/search/click',
      body: (bad) => ({ query_id: '00000000-0000-4000-8000-000000000000', sku: bad }),
      field: 'body.sku',
    },
    {
      method: 'POST',
      url: '/katalog/api/v1/products/search',
      body: (bad) => ({ query: bad }),
      field: 'body.query',
    },
    {
      method: 'POST',
      url: '/menu/api/v1/anchors',
      body: (bad) => ({ from: bad }),
      field: 'body.from',
    },
    {
      method: 'POST',
      url: '/actioner/api/v1/events/product_view',
      body: (bad) => ({ event_type: 'view', subject: bad }),
      field: 'body.subject',
    },
    {
      // Fields the spec does not name are kept as they came, in a jsonb column.
      method: 'POST',
      url: '/actioner/api/v1/events/product_view',
      body: (bad) => ({ event_type: 'view', extra: { list: ['ok', bad] } }),
      field: 'body.extra.list.1',
    },
    {
      method: 'POST',
      url: '/actioner/api/v1/events/product_view',
      body: (bad) => ({ event_type: 'view', [bad]: 1 }),
      field: (bad) => `body.${bad}`,
    },
    {
      method: 'POST',
      url: '/payment/api/v1/cards',
      body: (bad) => ({ returnUrl: '/account', failUrl: '/account', customer: { firstName: bad } }),
      field: 'body.customer.firstName',
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/cart/api/v2/carts/:cart/marketingUnits',
      body: (bad) => ({ city_id: 1, unitType: 'promo_code', code: 'SALE10', operationId: bad }),
      field: 'body.operationId',
    },
  ]

  for (const [what, bad] of BAD_TEXTS) {
    for (const { method, url, body, field, signedIn } of bodies) {
      const expected = typeof field === 'string' ? field : field(bad)
      const name = typeof field === 'string' ? field : 'a key of body'
      it(`refuses ${what} in ${name} of ${method} ${url} with 400`, async () => {
        const res = await app.inject({
          method,
          url: url.replace(':cart', cartId),
          payload: body(bad),
          headers: signedIn ? user.headers : {},
        })
        expectRefused(res, expected)
      })
    }
  }

  // Path parameters and query values arrive percent-encoded: %00 is a NUL.
  const addresses: [string, string][] = [
    ['/inventory/api/v1/stocks/a%00b', 'params.id'],
    ['/katalog/api/v1/products/a%00b', 'params.id'],
    ['/katalog/api/v1/products/certificates/a%00b', 'params.sku'],
    ['/katalog/api/v1/products/brand/a%00b', 'params.brand'],
    ['/katalog/api/v2/products/category/a%00b', 'params.id'],
    ['/menu/api/v1/menu/breadcrumbs/categories/a%00b', 'params.name'],
    ['/f3/api/v1/videos/a%00b', 'params.id'],
    ['/katalog/api/v1/products/filters?category=a%00b', 'querystring.category'],
    ['/katalog/api/v1/products/search/suggest?query=a%00b', 'querystring.query'],
    ['/katalog/api/v2/recommend?segment=a%00b', 'querystring.segment'],
    ['/menu/api/v1/cms-blocks?slug=a%00b', 'querystring.slug'],
  ]
  for (const [url, field] of addresses) {
    it(`refuses a NUL in ${field} of GET ${url} with 400`, async () => {
      expectRefused(await app.inject({ url }), field)
    })
  }

  it('refuses a NUL in the product id of DELETE .../products with 400', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: `/cart/api/v2/carts/${cartId}/products?product_id=a%00b`,
    })
    expectRefused(res, 'querystring.product_id')
  })

  it('refuses a lone surrogate in a path parameter as a malformed address, in the store shape', async () => {
    // UTF-8 cannot carry a lone surrogate: its would-be bytes are no valid percent-encoding at all.
    const res = await app.inject({ url: '/inventory/api/v1/stocks/a%ED%A0%80' })
    expect(res.statusCode).toBe(400)
    expect(ErrorBody.parse(res.json()).error.code).toBe('bad_url')
  })

  it('keeps text with paired surrogates (emoji) and other characters as it came', async () => {
    const comment = 'Домофон 12 🔔, қабат — 3'
    const res = await app.inject({
      method: 'POST',
      url: '/account/api/v2/addresses',
      payload: { city_id: 1, street: 'Абая', house: '1', comment },
      headers: user.headers,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect((res.json() as { comment: string }).comment).toBe(comment)
  })
})

// ── Every route, so a new field cannot bring the 500 back ──────────────────────────────────────────────

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  keyType?: z.ZodType
  valueType?: z.ZodType
  items?: z.ZodType[]
  rest?: z.ZodType | null
  getter?: () => z.ZodType
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The paths of the places in a request schema that accept a string the database cannot store. */
function unstorableLeaves(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const def = defOf(schema)
  const walk = (child: z.ZodType | null | undefined, at = path) =>
    child ? unstorableLeaves(child, at, seen) : []
  switch (def.type) {
    case 'string':
    case 'unknown':
    case 'any':
    case 'custom':
      return schema.safeParse(NUL).success || schema.safeParse(LONE_SURROGATE).success ? [path] : []
    case 'object':
      return [
        ...Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, `${path}.${key}`)),
        ...walk(def.catchall, `${path}.*`),
      ]
    case 'array':
      return walk(def.element, `${path}[]`)
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)]
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, i) => walk(item, `${path}.${i}`)), ...walk(def.rest)]
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option))
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)]
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)]
    case 'lazy':
      return walk(def.getter?.())
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional wrap one schema
      return walk(def.innerType)
  }
}

describe('the request schemas of every route', () => {
  let routes: RouteOptions[]

  beforeAll(async () => {
    // The modules as buildApp registers them, watched as they declare their routes.
    const scope = Fastify().withTypeProvider<ZodTypeProvider>()
    scope.setValidatorCompiler(validatorCompiler)
    scope.setSerializerCompiler(serializerCompiler)
    routes = []
    scope.addHook('onRoute', (route) => {
      routes.push(route as RouteOptions)
    })
    const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: './dist' })
    const deps = { config, database: await testDatabase(), buildId: 'test', readiness: new Readiness() }
    for (const module of modules) await scope.register(module, deps)
    await scope.ready()
    await scope.close()
  })

  it('accept only text the database can store, in every path parameter, query value and body field', () => {
    const offenders = routes.flatMap((route) =>
      (['params', 'querystring', 'body', 'headers'] as const).flatMap((part) => {
        const schema = (route.schema as Partial<Record<typeof part, z.ZodType>> | undefined)?.[part]
        const where = `${String(route.method)} ${route.url} ${part}`
        return schema ? unstorableLeaves(schema, where) : []
      }),
    )
    expect(routes.length).toBeGreaterThan(50)
    expect(offenders).toEqual([])
  })
})
