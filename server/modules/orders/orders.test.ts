import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { OrderHistory, type OrderStatus } from '../../../contract/account-area'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { createOrderRepo, type OrderRepo } from './repo'

let app: App
let repo: OrderRepo
let shopper: TestUser
const URL = '/oms/api/v3/orders/history'

/** 60 orders over 60 days: every third completed, every fifth for an organisation. */
async function history(user: TestUser) {
  for (let i = 0; i < 60; i++) {
    const status: OrderStatus = i % 3 === 0 ? 'COMPLETED' : i % 3 === 1 ? 'NEW' : 'CANCELLED'
    await repo.insert({
      number: `T${randomUUID().slice(0, 8)}-${i}`,
      userId: user.userId,
      cityId: 1,
      status,
      total: 10_000 + i,
      deliveryType: 'COURIER',
      isOrganization: i % 5 === 0,
      createdAt: new Date(Date.UTC(2026, 8, 1 + i, 10)),
      items: [{ sku: `SKU${i}`, title: `Товар ${i}`, quantity: 1, price: 10_000 + i }],
    })
  }
}

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  repo = createOrderRepo(built.database.db)
  shopper = await signInTestUser(app)
  await history(shopper)
})

async function get(query: string, user: TestUser = shopper) {
  const res = await app.inject({ url: `${URL}${query}`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return OrderHistory.parse(res.json())
}

describe('GET /oms/api/v3/orders/history (spec 7.10)', () => {
  it('pages 25 at a time, newest first, skip being the page index, with the total count', async () => {
    const first = await get('')
    expect(first.count).toBe(60)
    expect(first.orders).toHaveLength(25)
    expect(first.orders[0]!.total).toBe(10_059)
    expect(first.orders[0]!.items).toEqual([
      { sku: 'SKU59', title: 'Товар 59', quantity: 1, price: 10_059, uri: null },
    ])
    const third = await get('?skip=2&limit=25')
    expect(third.orders).toHaveLength(10)
    expect(third.orders.at(-1)!.total).toBe(10_000)
    expect(first.statuses.find((s) => s.status === 'COMPLETED')?.count).toBe(20)
  })

  it('filters by status, by dates in the store zone (both ends included), and by organisation', async () => {
    const done = await get('?status=COMPLETED')
    expect(done.count).toBe(20)
    expect(done.orders.every((o) => o.status === 'COMPLETED')).toBe(true)
    const days = await get('?dateFrom=2026-09-01&dateTo=2026-09-05')
    expect(days.count).toBe(5)
    const orgs = await get('?isOrganization=true')
    expect(orgs.count).toBe(12)
    expect(orgs.statuses.reduce((s, x) => s + x.count, 0)).toBe(60)
  })

  it("shows only the caller's orders, and needs a signed-in shopper", async () => {
    const other = await signInTestUser(app)
    expect(await get('', other)).toEqual({ orders: [], statuses: [], count: 0 })
    expect((await app.inject({ url: URL })).statusCode).toBe(401)
  })

  it('refuses a limit above 25, a negative skip, an unknown status and reversed dates with 400', async () => {
    for (const q of [
      '?limit=26',
      '?skip=-1',
      '?status=LOST',
      '?dateFrom=2026-09-10&dateTo=2026-09-01',
      '?dateFrom=yesterday',
    ])
      expect((await app.inject({ url: `${URL}${q}`, headers: shopper.headers })).statusCode, q).toBe(400)
  })
})
