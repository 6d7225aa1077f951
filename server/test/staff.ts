import { randomBytes } from 'node:crypto'
import { StaffTokens, type StaffRole } from '../../contract/staff'
import type { App } from '../http/types'
import { randomClientIp } from './auth'

export interface TestStaff {
  id: string
  login: string
  role: StaffRole
  password: string
  tokens: StaffTokens
  /** `x-staff-token: <access token>`, ready for `app.inject({ headers })`. */
  headers: Record<string, string>
  /** The staff cookies as a browser would send them to `/admin` paths. */
  cookieHeader: string
}

/** A fresh staff account of `role` (through the staff service, as `npm run staff -- add` makes one), signed in. */
export async function signInTestStaff(app: App, role: StaffRole, name = 'Тест'): Promise<TestStaff> {
  const login = `t-${role}-${randomBytes(5).toString('hex')}`
  const password = `pw-${randomBytes(8).toString('hex')}`
  const created = await app.staff.add({ login, name, role, password })
  if (!created) throw new Error(`staff login ${login} taken`)
  const res = await app.inject({
    method: 'POST',
    url: '/admin/api/v1/auth/sign-in',
    headers: { 'x-forwarded-for': randomClientIp() },
    payload: { login, password },
  })
  if (res.statusCode !== 200) throw new Error(`staff sign-in answered ${res.statusCode}: ${res.body}`)
  const tokens = StaffTokens.parse(res.json())
  return {
    id: created.id,
    login,
    role,
    password,
    tokens,
    headers: { 'x-staff-token': tokens.access_token },
    cookieHeader: `staffAccessToken=${tokens.access_token}; staffRefreshToken=${tokens.refresh_token}`,
  }
}
