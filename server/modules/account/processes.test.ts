import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../http/types'
import { buildTestApp, testApp } from '../../test/app'
import { randomPhone, signInTestUser } from '../../test/auth'
import { client, expectError, tokensOf } from './test-helpers'

/**
 * Two app instances over one database stand for two server processes behind a load balancer: whatever
 * one of them learns about tokens, codes and limits, the other must know.
 */
let one: App
let two: App

beforeAll(async () => {
  ;({ app: one } = await testApp())
  ;({ app: two } = await buildTestApp())
  await two.ready()
})

afterAll(async () => {
  await two.close()
})

describe('several server processes', () => {
  it('accept each other’s tokens and see a sign-out done by the other', async () => {
    const user = await signInTestUser(one)
    expect((await two.inject({ url: '/account/api/v1/profile', headers: user.headers })).statusCode).toBe(200)
    await two.inject({
      method: 'POST',
      url: '/account/api/v1/auth/signout',
      headers: user.headers,
      payload: {},
    })
    expectError(await one.inject({ url: '/account/api/v1/profile', headers: user.headers }), 401)
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
