import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { OutboxResponse, PenaltyResponse, Profile } from '../../../contract/account'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { captchaToken, randomPhone, signInTestUser } from '../../test/auth'
import { bearer, client, expectError, tokensOf, waitOutResend } from './test-helpers'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

const profileWith = (headers: Record<string, string>) =>
  app.inject({ url: '/account/api/v1/profile', headers })
const otherCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0')

describe('POST /account/api/v1/events/verify/phone', () => {
  it('sends a 5-digit code and answers the 20 s penalty; the outbox has it, the table only its hash', async () => {
    const user = await signInTestUser(app)
    await waitOutResend(database.db, user.phone)
    const c = client(app)
    const res = await c.sendCode(user.phone, 'signin')
    expect(PenaltyResponse.parse(res.json())).toEqual({ penalty: 20 })
    const code = await c.code(user.phone)
    expect(code).toMatch(/^\d{5}$/)
    const stored = await rows<{ code_hash: string; purpose: string }>(
      database.db,
      sql`select code_hash, purpose from sms_codes where phone = ${user.phone} order by created_at desc limit 1`,
    )
    expect(stored[0]?.purpose).toBe('signin')
    expect(stored[0]?.code_hash).not.toContain(code)
  })

  it('answers 429 with the remaining penalty to a second request within 20 s', async () => {
    const phone = randomPhone()
    const c = client(app)
    expect((await c.sendCode(phone, 'signup')).statusCode).toBe(200)
    const error = expectError(await client(app).sendCode(phone, 'signup'), 429)
    const penalty = (error.details as { penalty: number }).penalty
    expect(penalty).toBeGreaterThan(0)
    expect(penalty).toBeLessThanOrEqual(20)
  })

  it('caps SMS per phone per hour and per client address per hour', async () => {
    const phone = randomPhone()
    await database.db.execute(
      sql`insert into rate_limit_hits (bucket, key) select 'sms-phone-hour', ${phone} from generate_series(1, 10)`,
    )
    expectError(await client(app).sendCode(phone, 'signup'), 429)
    const c = client(app)
    await database.db.execute(
      sql`insert into rate_limit_hits (bucket, key) select 'sms-client-hour', ${c.ip} from generate_series(1, 30)`,
    )
    expectError(await c.sendCode(randomPhone(), 'signup'), 429)
  })

  it('refuses a missing, made-up or reused captcha token with 403 and sends nothing', async () => {
    const phone = randomPhone()
    const c = client(app)
    expectError(await c.post('events/verify/phone', { phone, purpose: 'signup' }), 403, 'captcha_failed')
    expectError(
      await c.post(
        'events/verify/phone',
        { phone, purpose: 'signup' },
        { 'x-captcha-token': 'a'.repeat(43) },
      ),
      403,
    )
    const token = await captchaToken(app)
    expect(
      (await c.post('events/verify/phone', { phone, purpose: 'signup' }, { 'x-captcha-token': token }))
        .statusCode,
    ).toBe(200)
    await waitOutResend(database.db, phone)
    expectError(
      await c.post('events/verify/phone', { phone, purpose: 'signup' }, { 'x-captcha-token': token }),
      403,
    )
    const outbox = OutboxResponse.parse((await app.inject({ url: `/dev/sms-outbox?phone=${phone}` })).json())
    expect(outbox.messages).toHaveLength(1)
  })

  it('answers 404 for a sign-in code to an unknown phone and 422 unique_phone for a sign-up code to a known one', async () => {
    const c = client(app)
    expectError(await c.sendCode(randomPhone(), 'signin'), 404, 'user_not_registered')
    const user = await signInTestUser(app)
    const error = expectError(await c.sendCode(user.phone, 'signup'), 422, 'unique_phone')
    expect(error.details).toEqual({ validation: 'unique_phone' })
  })

  it('refuses a malformed phone with 400', async () => {
    const c = client(app)
    expectError(await c.post('events/verify/phone', { phone: '+7 700' }), 400, 'validation_failed')
    expectError(await c.post('events/verify/phone', { phone: '77001234567', purpose: 'other' }), 400)
  })
})

describe('PUT /account/api/v1/events/verify/token', () => {
  it('signs in with the code, once', async () => {
    const user = await signInTestUser(app)
    await waitOutResend(database.db, user.phone)
    const c = client(app)
    await c.sendCode(user.phone, 'signin')
    const token = await c.code(user.phone)
    const tokens = tokensOf(await c.put('events/verify/token', { phone: user.phone, token }))
    expect(tokens.user.id).toBe(user.userId)
    expect((await profileWith(bearer(tokens.access_token))).statusCode).toBe(200)
    expectError(await c.put('events/verify/token', { phone: user.phone, token }), 404, 'code_not_found')
  })

  it('answers 400 to a wrong code, 429 once five are spent, and the right code is then refused too', async () => {
    const user = await signInTestUser(app)
    await waitOutResend(database.db, user.phone)
    const c = client(app)
    await c.sendCode(user.phone, 'signin')
    const token = await c.code(user.phone)
    const wrong = otherCode(token)
    const statuses: number[] = []
    for (let i = 0; i < 20; i++)
      statuses.push((await c.put('events/verify/token', { phone: user.phone, token: wrong })).statusCode)
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400])
    expect(new Set(statuses.slice(4))).toEqual(new Set([429]))
    const res = await c.put('events/verify/token', { phone: user.phone, token })
    expectError(res, 429)
    expect(res.headers['set-cookie']).toBeUndefined()
    // A new code starts a new budget.
    await waitOutResend(database.db, user.phone)
    await c.sendCode(user.phone, 'signin')
    tokensOf(await c.put('events/verify/token', { phone: user.phone, token: await c.code(user.phone) }))
  })

  it('binds a code to its phone and purpose, and lets it expire', async () => {
    const user = await signInTestUser(app)
    const other = await signInTestUser(app)
    const c = client(app)
    await waitOutResend(database.db, user.phone)
    await c.sendCode(user.phone, 'recovery')
    const recoveryCode = await c.code(user.phone)
    // A recovery code does not sign in, nor does it work for another phone.
    expectError(await c.put('events/verify/token', { phone: user.phone, token: recoveryCode }), 404)
    expect([400, 404]).toContain(
      (await c.put('events/verify/token', { phone: other.phone, token: recoveryCode })).statusCode,
    )
    await waitOutResend(database.db, user.phone)
    await c.sendCode(user.phone, 'signin')
    const code = await c.code(user.phone)
    await database.db.execute(
      sql`update sms_codes set expires_at = now() - interval '1 second' where phone = ${user.phone}`,
    )
    expectError(await c.put('events/verify/token', { phone: user.phone, token: code }), 404)
  })

  it('refuses malformed codes with 400 and unknown phones with 404', async () => {
    const c = client(app)
    for (const token of ['1234', '123456', 'abcde', '']) {
      expectError(
        await c.put('events/verify/token', { phone: '77001234567', token }),
        400,
        'validation_failed',
      )
    }
    expectError(await c.put('events/verify/token', { phone: randomPhone(), token: '12345' }), 404)
  })
})

describe('POST /account/api/v1/auth/signup and /signup/fast', () => {
  it('creates a full account proven by the signup code and signs in', async () => {
    const phone = randomPhone()
    const c = client(app)
    await c.sendCode(phone, 'signup')
    const token = await c.code(phone)
    const res = await c.post('auth/signup', {
      phone,
      token,
      password: 'Алма2024',
      firstname: 'Айгуль',
      lastname: 'Серикова',
      email: `Aigul-${phone}@Example.kz`,
    })
    const tokens = tokensOf(res)
    expect(tokens.user.kind).toBe('full')
    const profile = Profile.parse((await profileWith(bearer(tokens.access_token))).json())
    expect(profile).toMatchObject({
      phone,
      firstname: 'Айгуль',
      lastname: 'Серикова',
      email: `aigul-${phone}@example.kz`,
    })
    expect(profile.tdid).toMatch(/^\d{12}$/)
    // The Kazakh-letter password signs in.
    tokensOf(await c.post('auth/signin/phone', { phone, password: 'Алма2024' }))
  })

  it('creates a fast account without a password', async () => {
    const phone = randomPhone()
    const c = client(app)
    await c.sendCode(phone, 'signup')
    const tokens = tokensOf(await c.post('auth/signup/fast', { phone, token: await c.code(phone) }))
    expect(tokens.user.kind).toBe('fast')
  })

  it('answers 409 unique_email, unique_phone or unique_phones and keeps the code', async () => {
    const existing = await signInTestUser(app, { email: `taken-${Date.now()}@example.kz` })
    const email = Profile.parse((await profileWith(existing.headers)).json()).email
    const phone = randomPhone()
    const c = client(app)
    await c.sendCode(phone, 'signup')
    const token = await c.code(phone)
    const base = { phone, token, password: 'secret123', firstname: 'Ерлан' }
    const emailTaken = expectError(await c.post('auth/signup', { ...base, email }), 409, 'unique_email')
    expect(emailTaken.details).toEqual({ validation: 'unique_email' })
    expectError(await c.post('auth/signup', { ...base, phone: existing.phone }), 409, 'unique_phone')
    expectError(await c.post('auth/signup', { ...base, phone: existing.phone, email }), 409, 'unique_phones')
    // The conflicts used nothing up: the same code still signs up.
    tokensOf(await c.post('auth/signup', base))
  })

  it('answers 400 for a wrong code and 404 when no code was sent', async () => {
    const phone = randomPhone()
    const c = client(app)
    expectError(
      await c.post('auth/signup', { phone, token: '12345', password: 'secret123', firstname: 'A' }),
      404,
    )
    await c.sendCode(phone, 'signup')
    const token = otherCode(await c.code(phone))
    expectError(
      await c.post('auth/signup', { phone, token, password: 'secret123', firstname: 'A' }),
      400,
      'wrong_code',
    )
  })

  it('refuses malformed passwords and emails with 400 naming the field', async () => {
    const c = client(app)
    const base = { phone: randomPhone(), token: '12345', firstname: 'A' }
    for (const [password, email] of [
      ['short1', 'bad-email'],
      ['abc', undefined],
      ['onlyletters', undefined],
      ['12345678', undefined],
      ['much-too-long-password-1', undefined],
      ['with space 1', undefined],
    ]) {
      const error = expectError(
        await c.post('auth/signup', { ...base, password, email }),
        400,
        'validation_failed',
      )
      expect(JSON.stringify(error.details)).toMatch(email ? /body\.email/ : /body\.password/)
    }
  })
})

describe('password recovery', () => {
  it('sends a code, sets the new password, ends the other sessions and signs in', async () => {
    const user = await signInTestUser(app, { password: 'oldpass11' })
    await waitOutResend(database.db, user.phone)
    const c = client(app)
    expect(PenaltyResponse.parse((await c.sendCode(user.phone, 'recovery')).json())).toEqual({ penalty: 20 })
    const token = await c.code(user.phone)
    expectError(
      await c.put('auth/recovery/phone/password', {
        phone: user.phone,
        token: otherCode(token),
        password: 'newpass22',
      }),
      400,
    )
    const tokens = tokensOf(
      await c.put('auth/recovery/phone/password', { phone: user.phone, token, password: 'newpass22' }),
    )
    expect((await profileWith(bearer(tokens.access_token))).statusCode).toBe(200)
    expectError(await profileWith(user.headers), 401)
    expectError(await c.post('auth/signin/phone', { phone: user.phone, password: 'oldpass11' }), 401)
    tokensOf(await c.post('auth/signin/phone', { phone: user.phone, password: 'newpass22' }))
  })

  it('turns a fast account into a full one', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    await waitOutResend(database.db, user.phone)
    const c = client(app)
    await c.sendCode(user.phone, 'recovery')
    const tokens = tokensOf(
      await c.put('auth/recovery/phone/password', {
        phone: user.phone,
        token: await c.code(user.phone),
        password: 'first123',
      }),
    )
    expect(tokens.user.kind).toBe('full')
  })

  it('answers 404 for a phone nobody registered, at both steps', async () => {
    const c = client(app)
    expectError(await c.sendCode(randomPhone(), 'recovery'), 404, 'user_not_registered')
    expectError(
      await c.put('auth/recovery/phone/password', {
        phone: randomPhone(),
        token: '12345',
        password: 'newpass22',
      }),
      404,
    )
  })

  it('answers 429 with the penalty to a second request within 20 s', async () => {
    const user = await signInTestUser(app)
    await waitOutResend(database.db, user.phone)
    expect((await client(app).sendCode(user.phone, 'recovery')).statusCode).toBe(200)
    const error = expectError(await client(app).sendCode(user.phone, 'recovery'), 429)
    expect((error.details as { penalty: number }).penalty).toBeGreaterThan(0)
  })
})
