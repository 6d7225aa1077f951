import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { readConfig } from '../../config'
import { openDatabase, type Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { signInTestUser, type TestUser } from '../../test/auth'
import { testDatabaseUrl, testEngine } from '../../test/database'
import { makeProduct } from '../../test/products'

/*
 * A request that holds a transaction must never wait for a second pooled connection: with every connection
 * held by such requests, each waits for the others for ever. The store ran into this twice (the category
 * tree, then the benefit tables, loaded through the pool by one request while the others waited for that
 * load inside their transactions). Here three connections serve 24 shoppers at once, from an empty cart
 * to an order.
 */
const POOL = 3
const SHOPPERS = 24

// on the PostgreSQL run, whose global set-up has migrated the test database
describe.runIf(testEngine() === 'postgres')(
  `${SHOPPERS} shoppers at once through a pool of ${POOL} connections`,
  () => {
    let database: Database
    let app: App

    beforeAll(async () => {
      database = await openDatabase({ url: testDatabaseUrl(), poolSize: POOL })
      const config = readConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        STATIC_DIR: './dist',
        TRUST_PROXY: 'loopback',
        // a stale copy of the benefit tables is refreshed in the background, as in production
        PRICING_TABLES_TTL_MS: '1',
      })
      app = await buildApp({ config, database, logger: false })
      await app.ready()
    })

    afterAll(async () => {
      await app?.close()
      await database?.close()
    })

    async function post(user: TestUser | null, url: string, payload: object, key?: string) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...(user?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      })
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300)
      return res.json()
    }

    it('cart, delivery, calculation and order for everyone, none waiting for ever', async () => {
      const product = await makeProduct(database.db, { prices: { 1: 20_000 }, stock: { 1: SHOPPERS } })
      const [point] = await rows<{ id: number }>(
        database.db,
        sql`select id from service_points where city_id = 1 order by id limit 1`,
      )
      const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => signInTestUser(app)))
      const journey = async (user: TestUser) => {
        const cart = await post(null, '/cart/api/v2/carts', { city_id: 1 })
        await post(null, `/cart/api/v3/carts/${cart.id}/products`, {
          city_id: 1,
          products: [{ sku: product.sku, quantity: 1 }],
        })
        await post(null, '/checkout/api/v1/delivery', { city_id: 1, cart_id: cart.id })
        const body = {
          city_id: 1,
          cart_id: cart.id,
          receiver: { firstname: 'Арман', lastname: 'Ахметов', phone: '77010000000', isOrganization: false },
          shipping: { type: 'PICKUP', service_point_id: point!.id },
          payment_method: 'cash_payment',
        }
        const calc = await post(null, '/oms/api/v1/orders', body)
        const expected = { ...body, expected_sum_to_pay: calc.calculation.sumToPay }
        return post(user, '/oms/api/v1/orders/checkout', expected, randomUUID())
      }
      let timer: NodeJS.Timeout | undefined
      const stuck = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('requests waited for a connection for ever')), 45_000)
      })
      try {
        const orders = await Promise.race([Promise.all(shoppers.map(journey)), stuck])
        expect(new Set(orders.map((o: { order_id: string }) => o.order_id)).size).toBe(SHOPPERS)
      } finally {
        clearTimeout(timer)
      }
    }, 60_000)
  },
)
