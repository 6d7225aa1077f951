import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { AddCardResponse, CardsResponse } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import type { Database } from '../../db/connection'
import { acquirerSessions, paymentCards } from '../../db/schema/account-area'
import type { App } from '../../http/types'
import { TEST_3DS_CODE } from '../../providers/card-acquirer/cards'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'

let app: App
let database: Database
const CARDS = '/payment/api/v1/cards'

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
})

async function start(user: TestUser) {
  const res = await app.inject({
    method: 'POST',
    url: CARDS,
    headers: user.headers,
    payload: { returnUrl: '/my-account/cards?added=1', failUrl: '/my-account/cards', language: 'ru' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return AddCardResponse.parse(res.json()).redirectUri
}

/** Follows the acquirer's redirect back through the store to the shopper's page. */
async function comeBack(location: string) {
  const back = await app.inject({ url: location })
  expect(back.statusCode).toBe(303)
  return String(back.headers.location)
}

async function cards(user: TestUser) {
  return CardsResponse.parse((await app.inject({ url: CARDS, headers: user.headers })).json())
}

async function addCard(user: TestUser, pan: string) {
  const page = await start(user)
  const res = await app.inject({ method: 'POST', url: page, ...form({ pan, expiry: '12/30', cvc: '123' }) })
  expect(res.statusCode).toBe(303)
  return comeBack(String(res.headers.location))
}

describe('adding a card through the acquirer page (spec 7.9)', () => {
  it('shows a hosted form without inline script, then saves only the token and the mask', async () => {
    const user = await signInTestUser(app)
    const page = await start(user)
    expect(page).toMatch(/^\/acquirer\/api\/v1\/sessions\/[0-9a-f-]{36}$/)
    const html = await app.inject({ url: page })
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toMatch(/text\/html/)
    expect(html.body).toContain('name="pan"')
    expect(html.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i)
    expect(String(html.headers['content-security-policy'])).toContain("script-src 'self'")

    const res = await app.inject({
      method: 'POST',
      url: page,
      ...form({ pan: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' }),
    })
    expect(res.statusCode).toBe(303)
    const target = await comeBack(String(res.headers.location))
    expect(target).toMatch(/^\/my-account\/cards\?added=1&card=[0-9a-f-]{36}$/)

    const saved = await cards(user)
    expect(saved.cards).toHaveLength(1)
    expect(saved.cards[0]).toMatchObject({
      mask: '411111******1111',
      brand: 'VISA',
      expiry: '12/30',
      isDefault: true,
    })
    expect(saved.defaultCard).toBe(saved.cards[0]!.id)
    const [row] = await database.db.select().from(paymentCards).where(eq(paymentCards.id, saved.cards[0]!.id))
    expect(JSON.stringify(row)).not.toContain('4111111111111111')
    expect(row!.token).toMatch(/^tok_[0-9a-f]{32}$/)

    // Coming back a second time (a reload) adds nothing.
    expect(await comeBack(String(res.headers.location))).toBe(target)
    expect((await cards(user)).cards).toHaveLength(1)
  })

  it('re-renders the form with 422 for a number failing Luhn, a past expiry or a bad CVC', async () => {
    const user = await signInTestUser(app)
    const page = await start(user)
    for (const fields of [
      { pan: '4111111111111112', expiry: '12/30', cvc: '123' },
      { pan: '4111111111111111', expiry: '01/20', cvc: '123' },
      { pan: '4111111111111111', expiry: '12/30', cvc: '12' },
    ]) {
      const res = await app.inject({ method: 'POST', url: page, ...form(fields) })
      expect(res.statusCode).toBe(422)
      expect(res.body).toContain('role="alert"')
      expect(res.body).not.toContain(fields.pan)
    }
    expect((await cards(user)).cards).toEqual([])
  })

  it('sends a declined card to the fail URL with the reason and saves nothing', async () => {
    const user = await signInTestUser(app)
    const target = await addCard(user, '4000000000000002')
    expect(target).toBe('/my-account/cards?reason=do_not_honor')
    expect((await cards(user)).cards).toEqual([])
  })

  it('asks for a 3-D Secure code, accepts the right one, and declines after three wrong ones', async () => {
    const user = await signInTestUser(app)
    const page = await start(user)
    const res = await app.inject({
      method: 'POST',
      url: page,
      ...form({ pan: '4000000000003220', expiry: '12/30', cvc: '123' }),
    })
    expect(res.headers.location).toBe(page)
    const challenge = await app.inject({ url: page })
    expect(challenge.body).toContain('name="code"')
    const wrong = await app.inject({ method: 'POST', url: `${page}/3ds`, ...form({ code: '000000' }) })
    expect(wrong.statusCode).toBe(422)
    const right = await app.inject({ method: 'POST', url: `${page}/3ds`, ...form({ code: TEST_3DS_CODE }) })
    expect(right.statusCode).toBe(303)
    expect(await comeBack(String(right.headers.location))).toMatch(/card=/)
    expect((await cards(user)).cards[0]?.mask).toBe('400000******3220')

    const other = await signInTestUser(app)
    const page2 = await start(other)
    await app.inject({
      method: 'POST',
      url: page2,
      ...form({ pan: '5200000000001096', expiry: '12/30', cvc: '123' }),
    })
    const answers = []
    for (const code of ['1', '2', '3'])
      answers.push(await app.inject({ method: 'POST', url: `${page2}/3ds`, ...form({ code }) }))
    const last = answers[2]!
    expect(answers.slice(0, 2).map((a) => a.statusCode)).toEqual([422, 422])
    expect(last.statusCode).toBe(303)
    expect(await comeBack(String(last.headers.location))).toBe('/my-account/cards?reason=3ds_failed')
    expect((await cards(other)).cards).toEqual([])
  })

  it('cancels to the fail URL, and an expired or unknown session is gone (410)', async () => {
    const user = await signInTestUser(app)
    const page = await start(user)
    const cancel = await app.inject({ method: 'POST', url: `${page}/cancel` })
    expect(await comeBack(String(cancel.headers.location))).toBe('/my-account/cards?reason=cancelled')
    const page2 = await start(user)
    const id = page2.split('/').pop()!
    await database.db
      .update(acquirerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(acquirerSessions.id, id))
    expect((await app.inject({ url: page2 })).statusCode).toBe(410)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: page2,
          ...form({ pan: '4111111111111111', expiry: '12/30', cvc: '123' }),
        })
      ).statusCode,
    ).toBe(410)
    expect(
      (await app.inject({ url: '/acquirer/api/v1/sessions/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(410)
  })

  it('refuses return and fail URLs that leave the site', async () => {
    const user = await signInTestUser(app)
    for (const returnUrl of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: CARDS,
        headers: user.headers,
        payload: { returnUrl, failUrl: '/my-account/cards' },
      })
      expect(res.statusCode).toBe(400)
    }
  })
})

describe('saved cards: default and delete', () => {
  it('moves the default, deletes, and the newest remaining card becomes the default', async () => {
    const user = await signInTestUser(app)
    await addCard(user, '4111111111111111')
    await addCard(user, '5555555555554444')
    const both = await cards(user)
    const mc = both.cards.find((c) => c.brand === 'MASTERCARD')!
    const res = await app.inject({
      method: 'POST',
      url: `${CARDS}/default`,
      headers: user.headers,
      payload: { card_id: mc.id },
    })
    expect(CardsResponse.parse(res.json()).defaultCard).toBe(mc.id)
    const del = await app.inject({ method: 'DELETE', url: `${CARDS}/${mc.id}`, headers: user.headers })
    const left = CardsResponse.parse(del.json())
    expect(left.cards).toHaveLength(1)
    expect(left.cards[0]).toMatchObject({ brand: 'VISA', isDefault: true })
  })

  it("answers 404 for another shopper's card and leaves it", async () => {
    const [alice, bob] = await Promise.all([signInTestUser(app), signInTestUser(app)])
    await addCard(alice, '4111111111111111')
    const card = (await cards(alice)).cards[0]!
    const del = await app.inject({ method: 'DELETE', url: `${CARDS}/${card.id}`, headers: bob.headers })
    expect(del.statusCode).toBe(404)
    ErrorBody.parse(del.json())
    const def = await app.inject({
      method: 'POST',
      url: `${CARDS}/default`,
      headers: bob.headers,
      payload: { card_id: card.id },
    })
    expect(def.statusCode).toBe(404)
    expect((await cards(alice)).cards).toEqual([card])
  })

  it('needs a signed-in shopper and a card id that is a uuid', async () => {
    expect((await app.inject({ url: CARDS })).statusCode).toBe(401)
    const user = await signInTestUser(app)
    expect(
      (await app.inject({ method: 'DELETE', url: `${CARDS}/1`, headers: user.headers })).statusCode,
    ).toBe(400)
  })
})
