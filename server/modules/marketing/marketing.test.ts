import { beforeAll, describe, expect, it } from 'vitest'
import { GUEST_PROMO_CAMPAIGN, PromoCode, PromoCodeList } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { randomClientIp, randomPhone, signInTestUser, type TestUser } from '../../test/auth'
import { PROMO_CODES_PER_IP_HOUR } from './service'

let app: App
const ACTIVE = '/marketing/api/v1/promoCodes/active'
const RECEIVE = '/marketing/api/v1/promo-partners/receive'

beforeAll(async () => {
  ;({ app } = await testApp())
})

const receive = (payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: RECEIVE,
    payload,
    headers: { 'x-forwarded-for': randomClientIp(), ...headers },
  })

async function active(user: TestUser) {
  const res = await app.inject({ url: ACTIVE, headers: { ...user.headers, affiliation: 'web' } })
  expect(res.statusCode).toBe(200)
  return PromoCodeList.parse(res.json())
}

describe('personal promo codes (spec 7.9)', () => {
  it('has none for a new shopper, generates one, and answers the same code when asked again', async () => {
    const user = await signInTestUser(app)
    expect(await active(user)).toEqual([])
    const first = await receive({ code: GUEST_PROMO_CAMPAIGN }, user.headers)
    expect(first.statusCode).toBe(201)
    const promo = PromoCode.parse(first.json())
    expect(promo.code).toMatch(/^WELCOME-[A-HJKMNP-Z2-9]{6}$/)
    expect(promo).toMatchObject({ discount: 5, discountType: 'percent', usedAt: null })
    const again = await receive({ code: GUEST_PROMO_CAMPAIGN }, user.headers)
    expect(again.statusCode).toBe(200)
    expect(PromoCode.parse(again.json()).code).toBe(promo.code)
    expect((await active(user)).map((p) => p.code)).toEqual([promo.code])
  })

  it("gives a guest one code by phone, which joins that phone's account once it signs up", async () => {
    const phone = randomPhone()
    const guest = await receive({ code: GUEST_PROMO_CAMPAIGN, phone: `+${phone}` })
    expect(guest.statusCode).toBe(201)
    const code = PromoCode.parse(guest.json()).code
    expect(PromoCode.parse((await receive({ code: GUEST_PROMO_CAMPAIGN, phone })).json()).code).toBe(code)
    expect(PromoCodeList.parse((await app.inject({ url: ACTIVE })).json())).toEqual([])
    const user = await signInTestUser(app, { phone })
    expect((await active(user)).map((p) => p.code)).toEqual([code])
  })

  it('refuses a guest without a phone or with a malformed one (400) and an unknown campaign (404)', async () => {
    expect((await receive({ code: GUEST_PROMO_CAMPAIGN })).statusCode).toBe(400)
    expect((await receive({ code: GUEST_PROMO_CAMPAIGN, phone: '123' })).statusCode).toBe(400)
    expect((await receive({ code: 'bad code!' })).statusCode).toBe(400)
    const unknown = await receive({ code: 'no-such-campaign', phone: randomPhone() })
    expect(unknown.statusCode).toBe(404)
    ErrorBody.parse(unknown.json())
  })

  it(`lets one address collect at most ${PROMO_CODES_PER_IP_HOUR} codes an hour (429)`, async () => {
    const ip = randomClientIp()
    for (let i = 0; i < PROMO_CODES_PER_IP_HOUR; i++)
      expect(
        (await receive({ code: GUEST_PROMO_CAMPAIGN, phone: randomPhone() }, { 'x-forwarded-for': ip }))
          .statusCode,
      ).toBe(201)
    const refused = await receive(
      { code: GUEST_PROMO_CAMPAIGN, phone: randomPhone() },
      { 'x-forwarded-for': ip },
    )
    expect(refused.statusCode).toBe(429)
    expect(ErrorBody.parse(refused.json()).error.details).toEqual({ penalty: 3600 })
  })
})
