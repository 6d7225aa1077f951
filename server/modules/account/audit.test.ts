import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { listAudit } from '../audit'
import { client, tokensOf, waitOutResend } from './test-helpers'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

const entriesOf = async (userId: string) =>
  (await listAudit(database.db, { subjectKind: 'user', subjectId: userId, limit: 20 })).filter((e) =>
    e.action.startsWith('signin.'),
  )

describe('sign-ins in the audit log', () => {
  it('records a sign-up, a wrong password and a right one, each with the client address', async () => {
    const user = await signInTestUser(app)
    const c = client(app)
    const wrong = await c.post('auth/signin/phone', { phone: user.phone, password: 'not-it-123' })
    expect(wrong.statusCode).toBe(401)
    tokensOf(await c.post('auth/signin/phone', { phone: user.phone, password: user.password }))
    const [ok, refused, signup] = await entriesOf(user.userId)
    expect(ok).toMatchObject({
      action: 'signin.password',
      actorKind: 'shopper',
      actorId: user.userId,
      ip: c.ip,
      details: { outcome: 'ok' },
    })
    expect(refused).toMatchObject({
      action: 'signin.password',
      actorId: null,
      ip: c.ip,
      details: {
        outcome: 'refused',
        code: 'wrong_credentials',
        status: 401,
        phone: `…${user.phone.slice(-4)}`,
      },
    })
    expect(signup).toMatchObject({
      action: 'signin.signup',
      actorId: user.userId,
      details: { outcome: 'ok' },
    })
    // nothing secret is kept: not the password, not the whole phone
    expect(JSON.stringify([ok, refused, signup])).not.toContain('not-it-123')
    expect(JSON.stringify([ok, refused, signup])).not.toContain(user.phone)
  })

  it('records a wrong SMS code, then the sign-in by code', async () => {
    const user = await signInTestUser(app)
    const c = client(app)
    await waitOutResend(database.db, user.phone)
    expect((await c.sendCode(user.phone, 'signin')).statusCode).toBe(200)
    const code = await c.code(user.phone)
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0')
    expect((await c.put('events/verify/token', { phone: user.phone, token: wrong })).statusCode).toBe(400)
    tokensOf(await c.put('events/verify/token', { phone: user.phone, token: code }))
    const [ok, refused] = await entriesOf(user.userId)
    expect(ok).toMatchObject({ action: 'signin.sms', actorId: user.userId, ip: c.ip })
    expect(refused).toMatchObject({
      action: 'signin.sms',
      actorId: null,
      ip: c.ip,
      details: { outcome: 'refused' },
    })
  })

  it('records a reused refresh token, which ends the sign-in', async () => {
    const user = await signInTestUser(app)
    const c = client(app)
    tokensOf(await c.post('auth/refresh', { refresh_token: user.tokens.refresh_token }))
    expect((await c.post('auth/refresh', { refresh_token: user.tokens.refresh_token })).statusCode).toBe(401)
    const [reused] = await entriesOf(user.userId)
    expect(reused).toMatchObject({
      action: 'signin.refresh_reused',
      subjectId: user.userId,
      ip: c.ip,
      details: { signInId: user.signInId, outcome: 'revoked' },
    })
  })

  it('records a sign-in attempt for a phone with no account, without an account', async () => {
    const c = client(app)
    const phone = `77${String(Date.now()).slice(-9)}`
    expect((await c.post('auth/signin/phone', { phone, password: 'whatever-1' })).statusCode).toBe(401)
    const [entry] = await listAudit(database.db, { action: 'signin.password', limit: 50 }).then((all) =>
      all.filter((e) => e.ip === c.ip),
    )
    expect(entry).toMatchObject({
      subjectId: null,
      details: { outcome: 'refused', phone: `…${phone.slice(-4)}` },
    })
  })
})
