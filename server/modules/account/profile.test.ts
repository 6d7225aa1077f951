import { beforeAll, describe, expect, it } from 'vitest'
import { FullProfile, Profile } from '../../../contract/account'
import type { App } from '../../http/types'
import { buildTestApp, testApp } from '../../test/app'
import { randomPhone, signInTestUser } from '../../test/auth'
import { expectError } from './test-helpers'

let app: App

beforeAll(async () => {
  ;({ app } = await testApp())
})

const PROFILE = '/account/api/v1/profile'

describe('GET and PUT /account/api/v1/profile', () => {
  it('answers 401 in the JSON error shape without a valid token', async () => {
    expectError(await app.inject({ url: PROFILE }), 401, 'unauthorized')
    expectError(
      await app.inject({ url: PROFILE, headers: { authorization: 'Bearer nonsense-token-123456' } }),
      401,
    )
    expectError(await app.inject({ url: PROFILE, headers: { authorization: 'Basic abc' } }), 401)
    expectError(await app.inject({ url: PROFILE, headers: { cookie: 'accessToken=%E0%A4%A' } }), 401)
  })

  it('carries the saved addresses, receivers and cards, a blank receiver email falling back to the profile', async () => {
    const user = await signInTestUser(app, { email: `lists-${Date.now()}@example.kz` })
    const empty = FullProfile.parse((await app.inject({ url: PROFILE, headers: user.headers })).json())
    expect(empty).toMatchObject({ cards: [], defaultCard: null, addresses: [], receivers: [] })
    const address = await app.inject({
      method: 'POST',
      url: '/account/api/v2/addresses',
      headers: user.headers,
      payload: { city_id: 1, street: 'пр. Абая', house: '150', floor: '5', apartment: '21' },
    })
    expect(address.statusCode, address.body).toBe(201)
    const receiver = await app.inject({
      method: 'POST',
      url: '/account/api/v2/receivers',
      headers: user.headers,
      payload: { firstname: 'Айгерим', lastname: 'Серикова', phone: '+7 701 234 56 78' },
    })
    expect(receiver.statusCode, receiver.body).toBe(201)
    const full = FullProfile.parse((await app.inject({ url: PROFILE, headers: user.headers })).json())
    expect(full.addresses.map((a) => a.street)).toEqual(['пр. Абая'])
    expect(full.receivers).toHaveLength(1)
    expect(full.receivers[0]!.email).toBe(full.email)
  })

  it('changes the name and email, and removes the email when emptied', async () => {
    const user = await signInTestUser(app, { firstname: 'Old' })
    const email = `new-${user.phone}@example.kz`
    const res = await app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: user.headers,
      payload: { firstname: ' Данияр ', lastname: 'Ахметов', email: email.toUpperCase() },
    })
    expect(res.statusCode).toBe(200)
    expect(Profile.parse(res.json())).toMatchObject({ firstname: 'Данияр', lastname: 'Ахметов', email })
    const read = Profile.parse((await app.inject({ url: PROFILE, headers: user.headers })).json())
    expect(read.email).toBe(email)
    const cleared = await app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: user.headers,
      payload: { firstname: 'Данияр', email: '' },
    })
    expect(Profile.parse(cleared.json()).email).toBeNull()
  })

  it('answers 409 unique_email when another shopper has the email', async () => {
    const owner = await signInTestUser(app, { email: `owner-${Date.now()}@example.kz` })
    const ownerEmail = Profile.parse(
      (await app.inject({ url: PROFILE, headers: owner.headers })).json(),
    ).email
    const user = await signInTestUser(app)
    const res = await app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: user.headers,
      payload: { firstname: 'A', email: ownerEmail },
    })
    expectError(res, 409, 'unique_email')
    // Keeping one's own email is no conflict.
    const own = await app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: owner.headers,
      payload: { firstname: 'B', email: ownerEmail },
    })
    expect(own.statusCode).toBe(200)
  })

  it('refuses malformed input with 400', async () => {
    const user = await signInTestUser(app)
    for (const payload of [
      { firstname: '' },
      { firstname: 'A', email: 'nope' },
      { firstname: 'x'.repeat(65) },
      {},
    ]) {
      expectError(await app.inject({ method: 'PUT', url: PROFILE, headers: user.headers, payload }), 400)
    }
  })
})

describe('GET /dev/sms-outbox', () => {
  it('lists the messages sent to a phone in test mode', async () => {
    const user = await signInTestUser(app)
    const res = await app.inject({ url: `/dev/sms-outbox?phone=${user.phone}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ messages: [{ phone: user.phone, purpose: 'signup' }] })
  })

  it('does not exist in production mode', async () => {
    const { app: production } = await buildTestApp({ NODE_ENV: 'production' })
    await production.ready()
    try {
      const res = await production.inject({ url: `/dev/sms-outbox?phone=${randomPhone()}` })
      expectError(res, 404, 'not_found')
    } finally {
      await production.close()
    }
  })

  it('in production with SMS_OUTBOX_ROUTE=1, answers only a direct loopback client', async () => {
    const { app: production } = await buildTestApp({ NODE_ENV: 'production', SMS_OUTBOX_ROUTE: '1' })
    await production.ready()
    try {
      const url = `/dev/sms-outbox?phone=${randomPhone()}`
      expect((await production.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200)
      expectError(await production.inject({ url, remoteAddress: '203.0.113.7' }), 403)
      // A forwarded request came through a proxy, whatever address it claims.
      expectError(
        await production.inject({
          url,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        }),
        403,
      )
    } finally {
      await production.close()
    }
  })
})

describe('the OpenAPI document', () => {
  it('describes the account calls and hides the dev outbox', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> }
    for (const path of [
      '/account/api/v1/profile/kind',
      '/account/api/v1/auth/signin/phone',
      '/account/api/v1/auth/refresh',
      '/account/api/v1/auth/signup',
      '/account/api/v1/auth/signup/fast',
      '/account/api/v1/auth/recovery/phone',
      '/account/api/v1/auth/recovery/phone/password',
      '/account/api/v1/events/verify/phone',
      '/account/api/v1/events/verify/token',
      '/account/api/v1/profile',
    ]) {
      expect(doc.paths, path).toHaveProperty([path])
    }
    expect(Object.keys(doc.paths)).not.toContain('/dev/sms-outbox')
  })
})
