import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection'
import type { App } from '../../http/types'
import { buildTestApp, testApp } from '../../test/app'
import { randomPhone, signInTestUser } from '../../test/auth'
import { bearer, client, expectError, soon, tokensOf, waitOutResend } from './test-helpers'

/**
 * Two app instances over one database stand for two server processes behind a load balancer: whatever
 * one of them learns about tokens, codes and limits, the other must know.
 */
let one: App
let two: App
let database: Database

beforeAll(async () => {
  ;({ app: one, database } = await testApp())
  ;({ app: two } = await buildTestApp())
  await two.ready()
})

afterAll(async () => {
  await two.close()
})

describe('several server processes', () => {
  it('accept each other’s tokens and see a sign-out done by the other', async () => {
    const user = await signInTestUser(one)
    // both check the token, and may remember it
    expect((await one.inject({ url: '/account/api/v1/profile', headers: user.headers })).statusCode).toBe(200)
    expect((await two.inject({ url: '/account/api/v1/profile', headers: user.headers })).statusCode).toBe(200)
    await two.inject({
      method: 'POST',
      url: '/account/api/v1/auth/signout',
      headers: user.headers,
      payload: {},
    })
    expectError(await two.inject({ url: '/account/api/v1/profile', headers: user.headers }), 401)
    // the other process hears of it by the database's notification (PostgreSQL), or at once (PGlite)
    expectError(await soon(() => one.inject({ url: '/account/api/v1/profile', headers: user.headers })), 401)
  })

  it('see every sign-in of an account ended by a new password set on the other', async () => {
    const user = await signInTestUser(one, { password: 'oldpass11' })
    const again = bearer(
      tokensOf(await client(one).post('auth/signin/phone', { phone: user.phone, password: 'oldpass11' }))
        .access_token,
    )
    for (const headers of [user.headers, again])
      expect((await one.inject({ url: '/account/api/v1/profile', headers })).statusCode).toBe(200)
    await waitOutResend(database.db, user.phone)
    const c = client(two)
    expect((await c.sendCode(user.phone, 'recovery')).statusCode).toBe(200)
    const token = await c.code(user.phone)
    tokensOf(await c.put('auth/recovery/phone/password', { phone: user.phone, token, password: 'newpass22' }))
    for (const headers of [user.headers, again])
      expectError(await soon(() => one.inject({ url: '/account/api/v1/profile', headers })), 401)
  })

  it('detect a refresh token reused on another process and revoke the family', async () => {
    const user = await signInTestUser(one)
    const rotated = tokensOf(
      await client(one).post('auth/refresh', { refresh_token: user.cookies.refreshToken }),
    )
    expectError(await client(two).post('auth/refresh', { refresh_token: user.cookies.refreshToken }), 401)
    expectError(await client(one).post('auth/refresh', { refresh_token: rotated.refresh_token }), 401)
  })

  it('let only one of two simultaneous refreshes with the same token through', async () => {
    const user = await signInTestUser(one)
    const answers = await Promise.all([
      client(one).post('auth/refresh', { refresh_token: user.cookies.refreshToken }),
      client(two).post('auth/refresh', { refresh_token: user.cookies.refreshToken }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401])
  })

  it('share the SMS resend penalty and the single use of a code', async () => {
    const phone = randomPhone()
    expect((await client(one).sendCode(phone, 'signup')).statusCode).toBe(200)
    expectError(await client(two).sendCode(phone, 'signup'), 429)
    const token = await client(one).code(phone)
    const signup = { phone, token, password: 'secret123', firstname: 'Асель' }
    tokensOf(await client(two).post('auth/signup', signup))
    expect((await client(one).post('auth/signup', signup)).statusCode).toBe(409)
  })
})
