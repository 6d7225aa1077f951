import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { FLAG_IDS, FlagEvaluation } from '../../../contract/account-area'
import type { Database } from '../../db/connection'
import { featureFlagVariants } from '../../db/schema/account-area'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { bucket } from './service'

let app: App
let database: Database
const URL = '/flags/api/v1/evaluation'

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

async function evaluate(entityID: string, flagID: number) {
  const res = await app.inject({ method: 'POST', url: URL, payload: { entityID, flagID, entityContext: {} } })
  expect(res.statusCode, res.body).toBe(200)
  return FlagEvaluation.parse(res.json())
}

describe('POST /flags/api/v1/evaluation (spec 3, 4, 9)', () => {
  it("knows the spec's flags with their keys; the guest promo codes flag answers 'default'", async () => {
    expect(await evaluate('device-1', FLAG_IDS.guestPromocodes)).toEqual({
      flagID: 85,
      flagKey: 'guestPromocodes',
      variantID: 1,
      variantKey: 'default',
    })
    expect((await evaluate('device-1', FLAG_IDS.yandexSuggest)).flagKey).toBe('yandexSuggest')
    // The new year theme is switched off: no variant for anyone.
    expect(await evaluate('device-1', FLAG_IDS.newYearTheme)).toMatchObject({
      variantID: null,
      variantKey: null,
    })
  })

  it('gives a device the same variant every time and splits devices by the weights', async () => {
    const first = await evaluate('device-abc', FLAG_IDS.bankPromotion)
    for (let i = 0; i < 3; i++) expect(await evaluate('device-abc', FLAG_IDS.bankPromotion)).toEqual(first)
    let withPromotion = 0
    for (let i = 0; i < 2000; i++) if (bucket(FLAG_IDS.bankPromotion, `d${i}`) < 0.5) withPromotion++
    expect(withPromotion).toBeGreaterThan(900)
    expect(withPromotion).toBeLessThan(1100)
    const keys = new Set<string | null>()
    for (let i = 0; i < 20; i++) keys.add((await evaluate(`dev-${i}`, FLAG_IDS.installSuggestion)).variantKey)
    expect(keys).toEqual(new Set(['withInstallSuggestion', 'control']))
  })

  it('follows the data: a weight changed in the table changes the answer', async () => {
    const flag = FLAG_IDS.yandexSuggest
    expect((await evaluate('device-x', flag)).variantKey).toBe('control')
    const weights = (id: number, weight: number) =>
      database.db
        .update(featureFlagVariants)
        .set({ weight })
        .where(and(eq(featureFlagVariants.flagId, flag), eq(featureFlagVariants.id, id)))
    try {
      await database.db
        .update(featureFlagVariants)
        .set({ weight: 0 })
        .where(eq(featureFlagVariants.flagId, flag))
      await weights(2, 100)
      expect((await evaluate('device-x', flag)).variantKey).toBe('yandexSuggest')
    } finally {
      await database.db
        .update(featureFlagVariants)
        .set({ weight: 0 })
        .where(eq(featureFlagVariants.flagId, flag))
      await weights(1, 100)
    }
  })

  it('answers 404 for an unknown flag and 400 for a missing device id', async () => {
    expect(
      (await app.inject({ method: 'POST', url: URL, payload: { entityID: 'd', flagID: 9999 } })).statusCode,
    ).toBe(404)
    expect((await app.inject({ method: 'POST', url: URL, payload: { flagID: 85 } })).statusCode).toBe(400)
    expect(
      (await app.inject({ method: 'POST', url: URL, payload: { entityID: '', flagID: 85 } })).statusCode,
    ).toBe(400)
  })
})
