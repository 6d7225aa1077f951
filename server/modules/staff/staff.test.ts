import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../contract/common'
import { StaffMe, StaffTokens } from '../../../contract/staff'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { buildTestApp, testApp } from '../../test/app'
import { randomClientIp, signInTestUser } from '../../test/auth'
import { signInTestStaff } from '../../test/staff'
import { runStaffCli } from './cli'
import { requireStaff, staffOf } from '.'

let app: App
let db: Db

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
})

const ME = '/admin/api/v1/me'

function errorOf(res: { statusCode: number; body: string; json(): unknown }, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status)
  const body = ErrorBody.parse(res.json())
  if (code) expect(body.error.code).toBe(code)
  return body.error
}

const signIn = (login: string, password: string, ip = randomClientIp()) =>
  app.inject({
    method: 'POST',
    url: '/admin/api/v1/auth/sign-in',
    headers: { 'x-forwarded-for': ip },
    payload: { login, password },
  })

describe('staff sign-in', () => {
  it('signs a staff member in by login and password, with staff cookies only under /admin', async () => {
    const staff = await signInTestStaff(app, 'operator', 'Айжан')
    const res = await signIn(staff.login.toUpperCase(), staff.password)
    const tokens = StaffTokens.parse(res.json())
    expect(tokens.staff).toMatchObject({ login: staff.login, role: 'operator', name: 'Айжан' })
    const cookies = res.headers['set-cookie'] as string[]
    expect(cookies).toHaveLength(2)
    for (const c of cookies) {
      expect(c).toMatch(/^staff(Access|Refresh)Token=/)
      expect(c).toContain('Path=/admin;')
      expect(c).toContain('HttpOnly')
      expect(c).toContain('SameSite=Lax')
    }
    expect(res.headers['cache-control']).toBe('no-store')

    const byHeader = await app.inject({ url: ME, headers: staff.headers })
    expect(StaffMe.parse(byHeader.json())).toEqual({
      id: staff.id,
      login: staff.login,
      name: 'Айжан',
      role: 'operator',
    })
    const byCookie = await app.inject({ url: ME, headers: { cookie: staff.cookieHeader } })
    expect(byCookie.statusCode).toBe(200)
  })

  it('refuses a wrong password and an unknown login alike, 401', async () => {
    const staff = await signInTestStaff(app, 'moderator')
    errorOf(await signIn(staff.login, 'not-the-password'), 401, 'staff_wrong_credentials')
    errorOf(await signIn('nobody-here', 'whatever-password'), 401, 'staff_wrong_credentials')
    errorOf(await signIn('bad login!', 'x'), 400)
  })

  it('takes each guess before checking it: of 12 concurrent guesses at one login, 5 are checked', async () => {
    const staff = await signInTestStaff(app, 'admin')
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(staff.login, 'wrong-guess-1')))
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 401)).toHaveLength(5)
    expect(codes.filter((c) => c === 429)).toHaveLength(7)
    const limited = answers.find((r) => r.statusCode === 429)!
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // even the right password waits now
    errorOf(await signIn(staff.login, staff.password), 429)
  })

  it('rotates the refresh token, and a reused one ends the sign-in', async () => {
    const staff = await signInTestStaff(app, 'operator')
    const refresh = (token: string) =>
      app.inject({ method: 'POST', url: '/admin/api/v1/auth/refresh', payload: { refresh_token: token } })
    const first = await refresh(staff.tokens.refresh_token)
    const next = StaffTokens.parse(first.json())
    expect(next.refresh_token).not.toBe(staff.tokens.refresh_token)
    expect((await app.inject({ url: ME, headers: { 'x-staff-token': next.access_token } })).statusCode).toBe(
      200,
    )
    errorOf(await refresh(staff.tokens.refresh_token), 401, 'staff_refresh_failed')
    // the reuse ended the whole family: the new tokens are dead too
    errorOf(
      await app.inject({ url: ME, headers: { 'x-staff-token': next.access_token } }),
      401,
      'staff_sign_in',
    )
    errorOf(await refresh(next.refresh_token), 401)
  })

  it('signs out: the tokens open nothing after, and the cookies are cleared', async () => {
    const staff = await signInTestStaff(app, 'operator')
    const out = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/auth/sign-out',
      headers: { cookie: staff.cookieHeader },
      payload: {},
    })
    expect(out.statusCode).toBe(204)
    expect((out.headers['set-cookie'] as string[]).every((c) => c.includes('Max-Age=0'))).toBe(true)
    errorOf(await app.inject({ url: ME, headers: staff.headers }), 401, 'staff_sign_in')
  })
})

describe('a shopper token is never a staff token', () => {
  it('403s a shopper on a back-office route, by bearer or by cookie', async () => {
    const shopper = await signInTestUser(app)
    errorOf(await app.inject({ url: ME, headers: shopper.headers }), 403, 'staff_only')
    errorOf(await app.inject({ url: ME, headers: { cookie: shopper.cookieHeader } }), 403, 'staff_only')
  })

  it('401s without a token, and for a shopper token sent as the staff header', async () => {
    const shopper = await signInTestUser(app)
    errorOf(await app.inject({ url: ME }), 401, 'staff_sign_in')
    errorOf(
      await app.inject({ url: ME, headers: { 'x-staff-token': shopper.tokens.access_token } }),
      401,
      'staff_sign_in',
    )
  })

  it('a staff token opens no shopper route', async () => {
    const staff = await signInTestStaff(app, 'admin')
    const res = await app.inject({
      url: '/account/api/v1/profile',
      headers: { authorization: `Bearer ${staff.tokens.access_token}` },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('requireStaff(...roles)', () => {
  let guarded: App
  beforeAll(async () => {
    guarded = (await buildTestApp()).app
    guarded.get('/admin/api/v1/test/orders', { preHandler: requireStaff('operator') }, async (req) =>
      staffOf(req),
    )
    guarded.get('/admin/api/v1/test/anyone', { preHandler: requireStaff() }, async (req) => req.staff)
    await guarded.ready()
  })
  afterAll(() => guarded.close())

  it('lets the named roles and admins in, and sets request.staff', async () => {
    for (const role of ['operator', 'admin'] as const) {
      const staff = await signInTestStaff(guarded, role)
      const res = await guarded.inject({ url: '/admin/api/v1/test/orders', headers: staff.headers })
      expect(res.json()).toEqual({ id: staff.id, login: staff.login, role })
    }
  })

  it('403s another role; no roles lets any staff member in', async () => {
    const moderator = await signInTestStaff(guarded, 'moderator')
    errorOf(
      await guarded.inject({ url: '/admin/api/v1/test/orders', headers: moderator.headers }),
      403,
      'staff_role',
    )
    const anyone = await guarded.inject({ url: '/admin/api/v1/test/anyone', headers: moderator.headers })
    expect(anyone.json()).toMatchObject({ role: 'moderator' })
  })
})

describe('npm run staff', () => {
  const withDb = <T>(fn: (d: Db) => Promise<T>) => fn(db)
  const capture = () => {
    const out: string[] = []
    const err: string[] = []
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } }
  }

  it('adds an account with the password it reads, printing nothing secret; the account signs in', async () => {
    const login = `cli-${Date.now().toString(36)}`
    const password = 'Очень-секретный-1'
    const c = capture()
    expect(
      await runStaffCli(['add', login, 'moderator', '--name', 'Дана'], withDb, c.io, async () => password),
    ).toBe(0)
    expect(c.out.join('\n')).toBe(`staff: ${login} added as moderator`)
    const [row] = await rows<{ hash: string }>(
      db,
      sql`select password_hash as hash from staff where login = ${login}`,
    )
    expect(row!.hash).toMatch(/^scrypt\$/)
    expect([...c.out, ...c.err].join('\n')).not.toContain(password)
    expect([...c.out, ...c.err].join('\n')).not.toContain(row!.hash)
    expect(StaffTokens.parse((await signIn(login, password)).json()).staff.role).toBe('moderator')

    const again = capture()
    expect(await runStaffCli(['add', login, 'admin'], withDb, again.io, async () => password)).toBe(1)
    expect(again.err.join('\n')).toContain('taken')
  })

  it('refuses a bad role, a bad login and a short password with 2', async () => {
    const c = capture()
    const pw = async () => 'long-enough-password'
    expect(await runStaffCli(['add', 'someone', 'boss'], withDb, c.io, pw)).toBe(2)
    expect(await runStaffCli(['add', 'bad login', 'admin'], withDb, c.io, pw)).toBe(2)
    expect(await runStaffCli(['add', 'someone', 'admin'], withDb, c.io, async () => 'short')).toBe(2)
    expect(await runStaffCli(['fire', 'someone'], withDb, c.io, pw)).toBe(2)
    expect(c.err.join('\n')).toContain('Usage: npm run staff')
  })

  it('disables an account: its sign-ins end at once and it cannot sign in again; list shows it', async () => {
    const staff = await signInTestStaff(app, 'operator')
    const c = capture()
    expect(await runStaffCli(['disable', staff.login], withDb, c.io)).toBe(0)
    errorOf(await app.inject({ url: ME, headers: staff.headers }), 401)
    errorOf(await signIn(staff.login, staff.password), 403, 'staff_disabled')
    const listed = capture()
    expect(await runStaffCli(['list'], withDb, listed.io)).toBe(0)
    expect(listed.out.find((l) => l.startsWith(`${staff.login}\t`))).toMatch(/\toperator\t.*\tdisabled /)
    expect(await runStaffCli(['disable', 'nobody-at-all'], withDb, capture().io)).toBe(1)
  })
})
