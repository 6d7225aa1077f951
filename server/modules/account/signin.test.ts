import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { KindResponse, Profile } from '../../../contract/account'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { randomPhone, signInTestUser } from '../../test/auth'
import { bearer, client, expectError, signInsChanged, soon, tokensOf, waitOutResend } from './test-helpers'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

/** Moves the phone's next allowed sign-in attempt to now, as if the shopper waited out the backoff. */
const waitOutBackoff = (phone: string) =>
  database.db.execute(
    sql`update attempt_backoff set next_at = now() - interval '1 second' where bucket = 'signin-phone' and key = ${phone}`,
  )

const profileWith = (headers: Record<string, string>) =>
  app.inject({ url: '/account/api/v1/profile', headers })

describe('GET /account/api/v1/profile/kind', () => {
  it('answers full, fast or notRegistered by phone, and by email', async () => {
    const c = client(app)
    const full = await signInTestUser(app, { email: `full-${Date.now()}@example.kz` })
    const fast = await signInTestUser(app, { kind: 'fast' })
    const kind = async (q: string) => KindResponse.parse((await c.get(`profile/kind?${q}`)).json()).kind
    expect(await kind(`phone=${full.phone}`)).toBe('full')
    expect(await kind(`phone=${fast.phone}`)).toBe('fast')
    expect(await kind(`phone=${randomPhone()}`)).toBe('notRegistered')
    // The phone may come as the shopper typed it: the mask's signs are stripped.
    const typed = `+7 ${full.phone.slice(1, 4)} ${full.phone.slice(4, 7)} ${full.phone.slice(7, 9)} ${full.phone.slice(9)}`
    expect(await kind(`phone=${encodeURIComponent(typed)}`)).toBe('full')
    const profile = Profile.parse((await profileWith(full.headers)).json())
    expect(await kind(`email=${encodeURIComponent(profile.email ?? '')}`)).toBe('full')
  })

  it('refuses a malformed phone or email, or neither, with 400 and details', async () => {
    const c = client(app)
    for (const q of ['phone=12345', 'phone=abc', 'email=not-an-email', '']) {
      const error = expectError(await c.get(`profile/kind?${q}`), 400, 'validation_failed')
      expect(error.details).toBeTruthy()
    }
  })

  it('limits lookups per client address with 429 and a penalty', async () => {
    const c = client(app)
    await database.db.execute(
      sql`insert into rate_limit_hits (bucket, key) select 'kind-client', ${c.ip} from generate_series(1, 60)`,
    )
    const error = expectError(await c.get(`profile/kind?phone=${randomPhone()}`), 429)
    expect((error.details as { penalty: number }).penalty).toBeGreaterThan(0)
  })
})

describe('POST /account/api/v1/auth/signin/phone', () => {
  it('signs in with the password: tokens in the body and HttpOnly, Lax, 365-day cookies', async () => {
    const user = await signInTestUser(app, { password: 'kazak2024' })
    const res = await client(app).post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' })
    const tokens = tokensOf(res)
    expect(tokens.user).toEqual({ id: user.userId, kind: 'full', type: 'individual' })
    const cookies = [res.headers['set-cookie']].flat().map(String)
    for (const name of ['accessToken', 'refreshToken']) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`))
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
      expect(cookie).toMatch(/Max-Age=31536000/)
      expect(cookie).toMatch(/Path=\//)
    }
    expect(cookies.find((c) => c.startsWith('tdid='))).not.toMatch(/HttpOnly/)
    // Both the cookie and the bearer header authenticate.
    expect((await profileWith(bearer(tokens.access_token))).statusCode).toBe(200)
    expect((await profileWith({ cookie: `accessToken=${tokens.access_token}` })).statusCode).toBe(200)
  })

  it('answers 401 for a wrong password or an unknown phone, and stores only a scrypt hash', async () => {
    const user = await signInTestUser(app, { password: 'kazak2024' })
    const c = client(app)
    expectError(
      await c.post('auth/signin/phone', { phone: user.phone, password: 'wrong1234' }),
      401,
      'wrong_credentials',
    )
    expectError(
      await c.post('auth/signin/phone', { phone: randomPhone(), password: 'kazak2024' }),
      401,
      'wrong_credentials',
    )
    const [row] = await rows<{ password_hash: string }>(
      database.db,
      sql`select password_hash from users where id = ${user.userId}`,
    )
    expect(row?.password_hash).toMatch(/^scrypt\$/)
    expect(row?.password_hash).not.toContain('kazak2024')
  })

  it('refuses a fast account (no password) with 401', async () => {
    const fast = await signInTestUser(app, { kind: 'fast' })
    expectError(await client(app).post('auth/signin/phone', { phone: fast.phone, password: 'any12345' }), 401)
  })

  it('answers 429 with a penalty after five wrong passwords, even for the right one', async () => {
    const user = await signInTestUser(app, { password: 'kazak2024' })
    const c = client(app)
    for (let i = 0; i < 5; i++) {
      expectError(await c.post('auth/signin/phone', { phone: user.phone, password: `wrong${i}abc` }), 401)
    }
    const error = expectError(
      await c.post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' }),
      429,
    )
    expect((error.details as { penalty: number }).penalty).toBeGreaterThan(0)
    // Another address does not lift the per-phone limit.
    expectError(
      await client(app).post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' }),
      429,
    )
  })

  it('takes each guess before checking it: of a burst of a dozen, five are checked and the rest wait', async () => {
    const user = await signInTestUser(app, { password: 'kazak2024' })
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client(app).post('auth/signin/phone', { phone: user.phone, password: `wrong${i}abc` }),
      ),
    )
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)])
    // the whole 30 s penalty, less what the burst itself took (seconds on a loaded machine)
    const took = Math.ceil((Date.now() - started) / 1000)
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      const { penalty } = expectError(res, 429).details as { penalty: number }
      expect(penalty).toBeGreaterThanOrEqual(30 - took)
      expect(penalty).toBeLessThanOrEqual(30)
    }
  })

  it('never locks the owner out however many wrong passwords strangers send; the wait only grows', async () => {
    const user = await signInTestUser(app, { password: 'kazak2024' })
    const waits: number[] = []
    // Five free tries, then each refusal waited out and the next guess taken (and wrong): 5 + 2 × 7.
    for (let i = 0; i < 19; i++) {
      const res = await client(app).post('auth/signin/phone', { phone: user.phone, password: `bad${i}pass` })
      if (res.statusCode === 429) {
        waits.push((expectError(res, 429).details as { penalty: number }).penalty)
        await waitOutBackoff(user.phone)
      } else expectError(res, 401, 'wrong_credentials')
    }
    // After five free tries: 30 s, then doubling, capped at 15 min. The 429 tells what is left of the wait,
    // so on a busy machine a second or two may have passed since the refusal before it that set it.
    const imposed = [30, 60, 120, 240, 480, 900, 900]
    expect(waits).toHaveLength(imposed.length)
    waits.forEach((wait, i) => expect(imposed[i]! - wait).toBeOneOf([0, 1, 2]))
    await waitOutBackoff(user.phone)
    tokensOf(await client(app).post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' }))
    // A success starts the phone afresh: five free tries again.
    for (let i = 0; i < 5; i++) {
      expectError(
        await client(app).post('auth/signin/phone', { phone: user.phone, password: `x${i}wrong1` }),
        401,
      )
    }
  })

  it('slows a client that guesses across many phones, and lets its right passwords through', async () => {
    const c = client(app)
    const user = await signInTestUser(app, { password: 'kazak2024' })
    // A right password does not count against the client's free tries.
    tokensOf(await c.post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' }))
    for (let i = 0; i < 30; i++) {
      expectError(await c.post('auth/signin/phone', { phone: randomPhone(), password: 'guess1234' }), 401)
    }
    const error = expectError(
      await c.post('auth/signin/phone', { phone: randomPhone(), password: 'guess1234' }),
      429,
    )
    expect((error.details as { penalty: number }).penalty).toBeGreaterThan(0)
    // Another client is not held back by it.
    tokensOf(await client(app).post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' }))
    // 33 sign-ins, each hashing a password: over 30 s on two cores shared with the client tests.
  }, 120_000)

  it('answers 409 for an account the store locked, to the password, the SMS code and the recovery', async () => {
    const user = await signInTestUser(app, { password: 'kazak2024' })
    await database.db.execute(sql`update users set locked_at = now() where id = ${user.userId}`)
    const c = client(app)
    expectError(
      await c.post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' }),
      409,
      'account_locked',
    )
    expectError(await c.sendCode(user.phone, 'signin'), 409, 'account_locked')
    await waitOutResend(database.db, user.phone)
    expectError(await c.sendCode(user.phone, 'recovery'), 409, 'account_locked')
  })

  it('answers 412 without tokens when the password must be changed', async () => {
    const user = await signInTestUser(app, { password: 'kazak2024' })
    await database.db.execute(sql`update users set must_change_password = true where id = ${user.userId}`)
    const res = await client(app).post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' })
    const error = expectError(res, 412, 'must_change_password')
    expect(error.details).toEqual({ mustChangePassword: true })
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('refuses malformed input with 400 and the field in the details', async () => {
    const c = client(app)
    for (const payload of [
      { phone: '123', password: 'x' },
      { phone: '77001234567' },
      { password: 'abc12345' },
    ]) {
      const error = expectError(await c.post('auth/signin/phone', payload), 400, 'validation_failed')
      expect(JSON.stringify(error.details)).toMatch(/body\./)
    }
  })
})

describe('POST /account/api/v1/auth/refresh', () => {
  it('rotates: a new pair each time, and the old refresh token no longer works', async () => {
    const user = await signInTestUser(app)
    const c = client(app)
    const first = tokensOf(await c.post('auth/refresh', { refresh_token: user.cookies.refreshToken }))
    expect(first.refresh_token).not.toBe(user.cookies.refreshToken)
    expect(first.access_token).not.toBe(user.cookies.accessToken)
    expect((await profileWith(bearer(first.access_token))).statusCode).toBe(200)
    // The cookie alone works as well (the browser's way).
    const second = tokensOf(
      await c.post('auth/refresh', {}, { cookie: `refreshToken=${first.refresh_token}` }),
    )
    expect((await profileWith(bearer(second.access_token))).statusCode).toBe(200)
  })

  it('prefers the browser’s cookie to an older token a tab still holds in memory', async () => {
    const user = await signInTestUser(app)
    const c = client(app)
    // Another tab rotated: the cookie jar has the new token, this tab's memory the old one.
    const rotated = tokensOf(await c.post('auth/refresh', { refresh_token: user.cookies.refreshToken }))
    const res = await c.post(
      'auth/refresh',
      { refresh_token: user.cookies.refreshToken },
      { cookie: `refreshToken=${rotated.refresh_token}` },
    )
    expect((await profileWith(bearer(tokensOf(res).access_token))).statusCode).toBe(200)
  })

  it('revokes the whole family when a refresh token is used twice', async () => {
    const user = await signInTestUser(app)
    const c = client(app)
    const rotated = tokensOf(await c.post('auth/refresh', { refresh_token: user.cookies.refreshToken }))
    const reuse = await c.post('auth/refresh', { refresh_token: user.cookies.refreshToken })
    expectError(reuse, 401, 'refresh_reused')
    // The cookies of the dead session are cleared.
    expect(String([reuse.headers['set-cookie']].flat())).toMatch(/refreshToken=; .*Max-Age=0/)
    // Everything the family issued is dead, including the legitimately rotated pair.
    expectError(await c.post('auth/refresh', { refresh_token: rotated.refresh_token }), 401)
    expectError(await profileWith(bearer(rotated.access_token)), 401)
    expectError(await profileWith(user.headers), 401)
  })

  it('ends at the absolute expiry of the session, whatever the rotations', async () => {
    const user = await signInTestUser(app)
    await database.db.execute(
      sql`update auth_sessions set expires_at = now() - interval '1 second' where user_id = ${user.userId}`,
    )
    await signInsChanged(database, user.userId)
    expectError(await client(app).post('auth/refresh', { refresh_token: user.cookies.refreshToken }), 401)
    expectError(await soon(() => profileWith(user.headers)), 401)
  })

  it('does not accept an expired access token, and refuses an unknown or missing refresh token', async () => {
    const user = await signInTestUser(app)
    await database.db.execute(sql`
      update auth_tokens set expires_at = now() - interval '1 second'
      where kind = 'access' and session_id in (select id from auth_sessions where user_id = ${user.userId})`)
    await signInsChanged(database, user.userId)
    expectError(await soon(() => profileWith(user.headers)), 401, 'unauthorized')
    const c = client(app)
    expectError(await c.post('auth/refresh', { refresh_token: 'x'.repeat(43) }), 401)
    expectError(await c.post('auth/refresh', {}), 401)
    tokensOf(await c.post('auth/refresh', { refresh_token: user.cookies.refreshToken }))
  })

  it('never lets an access token stand in for a refresh token', async () => {
    const user = await signInTestUser(app)
    expectError(await client(app).post('auth/refresh', { refresh_token: user.cookies.accessToken }), 401)
  })
})

describe('POST /account/api/v1/auth/signout', () => {
  it('revokes the session and clears the cookies', async () => {
    const user = await signInTestUser(app)
    const other = await signInTestUser(app)
    const res = await client(app).post('auth/signout', {}, { cookie: user.cookieHeader })
    expect(res.statusCode).toBe(204)
    const cleared = [res.headers['set-cookie']].flat().map(String)
    for (const name of ['accessToken', 'refreshToken', 'tdid']) {
      expect(cleared.find((c) => c.startsWith(`${name}=;`))).toMatch(/Max-Age=0/)
    }
    expectError(await profileWith(user.headers), 401)
    expectError(await client(app).post('auth/refresh', { refresh_token: user.cookies.refreshToken }), 401)
    // Someone else's session is untouched; signing out again is harmless.
    expect((await profileWith(other.headers)).statusCode).toBe(200)
    expect((await client(app).post('auth/signout', {}, user.headers)).statusCode).toBe(204)
  })

  it('works with the bearer access token alone', async () => {
    const user = await signInTestUser(app)
    expect((await client(app).post('auth/signout', {}, user.headers)).statusCode).toBe(204)
    expectError(await client(app).post('auth/refresh', { refresh_token: user.cookies.refreshToken }), 401)
  })
})

describe('cookies', () => {
  const names = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []].flat().map((cookie) => cookie.slice(0, cookie.indexOf('=')))

  it('sends each cookie once wherever a session starts, rotates or ends', async () => {
    const once = ['accessToken', 'refreshToken', 'tdid']
    const user = await signInTestUser(app, { password: 'kazak2024' })
    expect(names(user.setCookie)).toEqual(once)
    const c = client(app)
    const signedIn = await c.post('auth/signin/phone', { phone: user.phone, password: 'kazak2024' })
    expect(names(signedIn.headers['set-cookie'])).toEqual(once)
    const refreshed = await c.post('auth/refresh', { refresh_token: tokensOf(signedIn).refresh_token })
    expect(names(refreshed.headers['set-cookie'])).toEqual(once)
    const out = await c.post('auth/signout', {}, { cookie: user.cookieHeader })
    expect(names(out.headers['set-cookie'])).toEqual(once)
  })
})
