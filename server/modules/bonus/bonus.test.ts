import { beforeAll, describe, expect, it } from 'vitest'
import { BonusProfile } from '../../../contract/account-area'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { createOrderRepo, type OrderRepo } from '../orders/repo'
import { createBonusRepo, type BonusRepo } from './repo'

let app: App
let orders: OrderRepo
let bonus: BonusRepo
const URL = '/bonus/api/v1/profiles'
const DAY = 86_400_000

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  orders = createOrderRepo(built.database.db)
  bonus = createBonusRepo(built.database.db)
})

async function profile(headers: Record<string, string> = {}, query = '') {
  const res = await app.inject({ url: `${URL}${query}`, headers })
  expect(res.statusCode, res.body).toBe(200)
  return BonusProfile.parse(res.json())
}

describe('GET /bonus/api/v1/profiles (spec 3, 7.9)', () => {
  it('answers a guest UNAUTHORIZED with the level table', async () => {
    const p = await profile()
    expect(p.status).toBe('UNAUTHORIZED')
    expect(p.benefit).toBeNull()
    expect(p.bonusTable.map((b) => [b.code, b.benefit, b.threshold])).toEqual([
      ['base', 1, 0],
      ['silver', 2, 300_000],
      ['gold', 3, 1_000_000],
      ['platinum', 5, 3_000_000],
    ])
    expect(p.bonusTable.every((b) => b.type === 'unauthorized')).toBe(true)
  })

  it('answers a new shopper HAS_NO_BONUS at the default level', async () => {
    const user = await signInTestUser(app)
    const p = await profile(user.headers, `?tdid=${user.tdid}`)
    expect(p).toMatchObject({
      status: 'HAS_NO_BONUS',
      bonusAccessible: 0,
      accumulatedPurchases: 0,
      leftToAccumulate: 300_000,
    })
    expect(p.benefit?.code).toBe('base')
  })

  it('counts completed purchases of the last year, spendable and pending bonuses, and the nearest expiry', async () => {
    const user = await signInTestUser(app)
    const now = Date.now()
    for (const [total, status, daysAgo] of [
      [250_000, 'COMPLETED', 30],
      [100_000, 'COMPLETED', 10],
      [900_000, 'CANCELLED', 5],
      [500_000, 'COMPLETED', 400],
    ] as const)
      await orders.insert({
        number: `B${now}-${total}-${daysAgo}`,
        userId: user.userId,
        cityId: 1,
        status,
        total,
        deliveryType: 'PICKUP',
        createdAt: new Date(now - daysAgo * DAY),
        items: [],
      })
    await bonus.accrue(user.userId, 2500, new Date(now - 20 * DAY), new Date(now + 40 * DAY))
    await bonus.accrue(user.userId, 1000, new Date(now + 4 * DAY), new Date(now + 200 * DAY))
    await bonus.accrue(user.userId, 700, new Date(now - 400 * DAY), new Date(now - 35 * DAY))
    await bonus.accrue(user.userId, -500, new Date(now - DAY), null)
    const p = await profile(user.headers)
    expect(p.status).toBe('HAS_BENEFIT')
    expect(p.accumulatedPurchases).toBe(350_000)
    expect(p.benefit?.code).toBe('silver')
    expect(p.leftToAccumulate).toBe(650_000)
    expect(p.bonusAccessible).toBe(2000)
    expect(p.bonusNotAccessible).toBe(1000)
    expect(p.nearestSum).toBe(2500)
    expect(Date.parse(p.nearestEndDate!)).toBeGreaterThan(now + 39 * DAY)
    expect(Date.parse(p.activityDate!)).toBeGreaterThan(now + 354 * DAY)
  })

  it("never shows another shopper's bonuses for their tdid", async () => {
    const [rich, other] = await Promise.all([signInTestUser(app), signInTestUser(app)])
    await bonus.accrue(rich.userId, 9000, new Date(Date.now() - DAY), null)
    expect((await profile(other.headers, `?tdid=${rich.tdid}`)).bonusAccessible).toBe(0)
    expect((await profile({}, `?tdid=${rich.tdid}`)).status).toBe('UNAUTHORIZED')
  })
})
