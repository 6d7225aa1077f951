import {
  STAFF_ACCESS_SECONDS,
  STAFF_ERROR_CODES,
  STAFF_SESSION_SECONDS,
  type StaffRole,
} from '../../../contract/values/staff'
import type { StaffMe, StaffTokens } from '../../../contract/staff'
import { HttpError, unauthorized } from '../../http/errors'
import type { Backoff, RateLimiter } from '../../http/rate-limit'
import { hashPassword, verifyPassword } from '../../lib/passwords'
import { newToken } from '../../lib/secret-tokens'
import type { StaffRepo, StaffRow } from './repo'

/**
 * Password guesses are taken before they are checked, per login and per client address (as shoppers'
 * are, server/http/rate-limit.ts): five tries for a login, then 30 s doubling to 15 min between tries;
 * twenty for an address, then 2 s doubling. A right password gives the login a fresh start.
 */
export const STAFF_SIGNIN_BACKOFF = {
  perLogin: {
    bucket: 'staff-signin-login',
    free: 5,
    baseSeconds: 30,
    maxSeconds: 900,
    forgetSeconds: 86_400,
  },
  perClient: {
    bucket: 'staff-signin-client',
    free: 20,
    baseSeconds: 2,
    maxSeconds: 900,
    forgetSeconds: 86_400,
  },
} as const satisfies Record<string, Backoff>

const wrongCredentials = () =>
  new HttpError(401, STAFF_ERROR_CODES.wrongCredentials, 'admin:wrongLoginOrPassword')
const disabled = () => new HttpError(403, STAFF_ERROR_CODES.disabled, 'admin:staffDisabled')
const refreshFailed = () => new HttpError(401, STAFF_ERROR_CODES.refreshFailed, 'admin:signInAgain')

export const toMe = (row: Pick<StaffRow, 'id' | 'login' | 'name' | 'role'>): StaffMe => ({
  id: row.id,
  login: row.login,
  name: row.name,
  role: row.role,
})

export interface StaffServiceDeps {
  repo: StaffRepo
  limiter: RateLimiter
}

/** Staff sign-in, token rotation and sign-out: the shoppers' token design with tables of its own. */
export function createStaffService({ repo, limiter }: StaffServiceDeps) {
  async function tokensFor(row: StaffRow, sessionId: string): Promise<StaffTokens> {
    const access = newToken()
    const refresh = newToken()
    await repo.addToken(sessionId, 'access', access, STAFF_ACCESS_SECONDS)
    await repo.addToken(sessionId, 'refresh', refresh, STAFF_SESSION_SECONDS)
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: STAFF_ACCESS_SECONDS,
      staff: toMe(row),
    }
  }

  return {
    async signIn(login: string, password: string, client: string): Promise<StaffTokens> {
      await limiter.attempt(STAFF_SIGNIN_BACKOFF.perClient, client)
      await limiter.attempt(STAFF_SIGNIN_BACKOFF.perLogin, login)
      const row = await repo.byLogin(login)
      // Verified even without an account, so the answer takes as long either way.
      const ok = await verifyPassword(password, row?.passwordHash ?? null)
      if (!ok || !row) throw wrongCredentials()
      await limiter.succeeded(STAFF_SIGNIN_BACKOFF.perLogin, login)
      await limiter.givenBack(STAFF_SIGNIN_BACKOFF.perClient, client)
      if (row.disabledAt) throw disabled()
      return tokensFor(row, await repo.createSession(row.id, STAFF_SESSION_SECONDS))
    },

    /** Rotates the refresh token; a second use of one revokes its whole sign-in. */
    async refresh(token: string | undefined): Promise<StaffTokens> {
      if (!token) throw refreshFailed()
      const found = await repo.tokenSession(token, 'refresh')
      if (!found || found.revokedAt || found.sessionExpired || found.tokenExpired) throw refreshFailed()
      if (!(await repo.useRefreshToken(token))) {
        await repo.revokeSession(found.sessionId, 'reuse')
        throw refreshFailed()
      }
      const row = await repo.byId(found.staffId)
      if (!row || row.disabledAt) throw refreshFailed()
      return tokensFor(row, found.sessionId)
    },

    /** Ends the sign-ins of whichever tokens the client still has; signing out twice is fine. */
    async signOut(tokens: { token: string | undefined; kind: 'access' | 'refresh' }[]): Promise<void> {
      for (const { token, kind } of tokens) {
        if (!token) continue
        const found = await repo.tokenSession(token, kind)
        if (found) await repo.revokeSession(found.sessionId, 'signout')
      }
    },

    async me(id: string): Promise<StaffMe> {
      const row = await repo.byId(id)
      if (!row || row.disabledAt) throw unauthorized('admin:signInAgain')
      return toMe(row)
    },

    /** A new account (the command line's `add`); undefined when the login is taken. */
    async add(input: { login: string; name: string; role: StaffRole; password: string }) {
      return repo.create({
        login: input.login,
        name: input.name,
        role: input.role,
        passwordHash: await hashPassword(input.password),
      })
    },

    disable: (login: string) => repo.disable(login),
    list: () => repo.list(),
  }
}
export type StaffService = ReturnType<typeof createStaffService>
