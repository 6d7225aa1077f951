import { beforeAll, describe, expect, it } from 'vitest'
import { OutboxResponse } from '../../../contract/account'
import { GUEST_PROMO_CAMPAIGN, PromoCode, PromoCodeList, PromoCodeSent } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { captchaToken, randomClientIp, randomPhone, signInTestUser, type TestUser } from '../../test/auth'
import { PROMO_CODES_PER_IP_HOUR, PROMO_SMS_LIMITS } from './service'

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

/** A guest's request, as the offer's modal sends it: with a fresh captcha token. */
const receiveAsGuest = async (payload: object, headers: Record<string, string> = {}) =>
  receive(payload, { 'x-captcha-token': await captchaToken(app), ...headers })

/** The promo messages the local SMS provider sent to a phone, newest first. */
async function promoSms(phone: string): Promise<string[]> {
  const res = await app.inject({ url: `/dev/sms-outbox?phone=${phone}` })
  return OutboxResponse.parse(res.json())
    .messages.filter((m) => m.purpose === 'promo')
    .map((m) => m.text)
}

const codeIn = (text: string | undefined) => /WELCOME-[A-HJKMNP-Z2-9]{6}/.exec(text ?? '')?.[0]

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

  it("sends a guest's code by SMS to the phone named, never in the answer; it joins that phone's account", async () => {
    const phone = randomPhone()
    const guest = await receiveAsGuest({ code: GUEST_PROMO_CAMPAIGN, phone: `+${phone}` })
    expect(guest.statusCode).toBe(202)
    expect(PromoCodeSent.parse(guest.json())).toEqual({
      sentTo: `+7 ${phone.slice(1, 4)} ••• •• ${phone.slice(9)}`,
    })
    expect(guest.body).not.toMatch(/WELCOME-/)
    const [text] = await promoSms(phone)
    const code = codeIn(text)
    expect(text).toBe(
      `Ваш персональный промокод: ${code}. Скидка 5% на заказ от 30 000 ₸, до ${text?.slice(-11, -1)}.`,
    )
    // Asking again sends the same code to the phone again, in the shopper's language.
    const again = await receiveAsGuest({ code: GUEST_PROMO_CAMPAIGN, phone }, { 'accept-language': 'kk' })
    expect(again.statusCode).toBe(202)
    const [kk] = await promoSms(phone)
    expect(codeIn(kk)).toBe(code)
    expect(kk).toMatch(
      /^Жеке промокодыңыз: WELCOME-\w{6}\. 30 000 ₸ бастап тапсырысқа 5% жеңілдік, \d\d\.\d\d\.\d{4} дейін\.$/,
    )
    expect(PromoCodeList.parse((await app.inject({ url: ACTIVE })).json())).toEqual([])
    const user = await signInTestUser(app, { phone })
    expect((await active(user)).map((p) => p.code)).toEqual([code])
  })

  it("never shows an account's code to a guest who names its phone: it goes to the phone", async () => {
    const owner = await signInTestUser(app)
    const own = PromoCode.parse((await receive({ code: GUEST_PROMO_CAMPAIGN }, owner.headers)).json())
    const stranger = await receiveAsGuest({ code: GUEST_PROMO_CAMPAIGN, phone: owner.phone })
    expect(stranger.statusCode).toBe(202)
    expect(stranger.body).not.toContain(own.code)
    expect(codeIn((await promoSms(owner.phone))[0])).toBe(own.code)
    expect((await active(owner)).map((p) => p.code)).toEqual([own.code])
  })

  it('needs a captcha token from a guest (403), and limits the messages a phone gets (429)', async () => {
    const phone = randomPhone()
    const noCaptcha = await receive({ code: GUEST_PROMO_CAMPAIGN, phone })
    expect(noCaptcha.statusCode).toBe(403)
    expect(await promoSms(phone)).toEqual([])
    for (let i = 0; i < PROMO_SMS_LIMITS.perPhone.max; i++)
      expect((await receiveAsGuest({ code: GUEST_PROMO_CAMPAIGN, phone })).statusCode).toBe(202)
    const flooded = await receiveAsGuest({ code: GUEST_PROMO_CAMPAIGN, phone })
    expect(flooded.statusCode).toBe(429)
    expect(await promoSms(phone)).toHaveLength(PROMO_SMS_LIMITS.perPhone.max)
  })

  it('refuses a guest without a phone or with a malformed one (400) and an unknown campaign (404)', async () => {
    expect((await receiveAsGuest({ code: GUEST_PROMO_CAMPAIGN })).statusCode).toBe(400)
    expect((await receiveAsGuest({ code: GUEST_PROMO_CAMPAIGN, phone: '123' })).statusCode).toBe(400)
    expect((await receiveAsGuest({ code: 'bad code!' })).statusCode).toBe(400)
    const unknown = await receiveAsGuest({ code: 'no-such-campaign', phone: randomPhone() })
    expect(unknown.statusCode).toBe(404)
    ErrorBody.parse(unknown.json())
  })

  it(`lets one address collect at most ${PROMO_CODES_PER_IP_HOUR} codes an hour (429)`, async () => {
    const ip = randomClientIp()
    for (let i = 0; i < PROMO_CODES_PER_IP_HOUR; i++)
      expect(
        (
          await receiveAsGuest(
            { code: GUEST_PROMO_CAMPAIGN, phone: randomPhone() },
            { 'x-forwarded-for': ip },
          )
        ).statusCode,
      ).toBe(202)
    const refused = await receiveAsGuest(
      { code: GUEST_PROMO_CAMPAIGN, phone: randomPhone() },
      { 'x-forwarded-for': ip },
    )
    expect(refused.statusCode).toBe(429)
    expect(ErrorBody.parse(refused.json()).error.details).toEqual({ penalty: 3600 })
  })
})
