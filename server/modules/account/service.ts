import {
  AUTH_ERROR_CODES,
  AUTH_LIMITS,
  type AuthTokens,
  type KindResponse,
  type Profile,
  type UniqueViolation,
  type UserKind,
} from '../../../contract/account'
import { HttpError, unauthorized } from '../../http/errors'
import { requireCaptcha, type CaptchaProvider } from '../../providers/captcha/types'
import { hashPassword, verifyPassword } from './passwords'
import type { Backoff, Limit, RateLimiter } from '../../http/rate-limit'
import { isUniqueViolation, type AccountRepo, type UserRow } from './repo'
import { CODE_RULES, type SmsCodes } from './sms-codes'
import { newToken } from '../../lib/secret-tokens'
import type { AuditEntry } from '../audit'

export const SESSION_RULES = {
  accessSeconds: 15 * 60,
  /** The absolute end of a sign-in, as long as the cookies that carry it (spec 9: 365 days). */
  sessionSeconds: AUTH_LIMITS.cookieMaxAgeSeconds,
} as const

/**
 * Password guesses slow down, per phone and per client address, and never lock the account: a lock that
 * strangers can trigger by knowing a phone would let anyone shut its owner out. Five tries at once, then
 * 30 s, 1, 2, 4, 8 min… up to 15 min between tries; a client address (which a mobile operator's NAT may
 * give many shoppers) gets more free tries. The owner can always sign in by SMS code instead.
 */
export const SIGNIN_BACKOFF = {
  perPhone: { bucket: 'signin-phone', free: 5, baseSeconds: 30, maxSeconds: 900, forgetSeconds: 86_400 },
  perClient: { bucket: 'signin-client', free: 30, baseSeconds: 2, maxSeconds: 900, forgetSeconds: 86_400 },
} as const satisfies Record<string, Backoff>

/** Limits kept in the database (see rate-limit.ts); sizes chosen against guessing and SMS pumping. */
export const LIMITS = {
  smsPerPhoneResend: { bucket: 'sms-phone-20s', max: 1, windowSeconds: CODE_RULES.resendSeconds },
  smsPerPhoneHour: { bucket: 'sms-phone-hour', max: 10, windowSeconds: 3600 },
  smsPerClientHour: { bucket: 'sms-client-hour', max: 30, windowSeconds: 3600 },
  kindLookupPerClient: { bucket: 'kind-client', max: 60, windowSeconds: 60 },
} as const satisfies Record<string, Limit>

export const locked = () => new HttpError(409, AUTH_ERROR_CODES.locked, 'errors:accountLocked')
const mustChangePassword = () =>
  new HttpError(412, AUTH_ERROR_CODES.mustChangePassword, 'errors:mustChangePassword', {
    mustChangePassword: true,
  })
const wrongCredentials = () =>
  new HttpError(401, AUTH_ERROR_CODES.wrongCredentials, 'errors:wrongPhoneOrPassword')
const notRegistered = () => new HttpError(404, AUTH_ERROR_CODES.notRegistered, 'errors:userNotRegistered')
const refreshFailed = (code = 'refresh_failed') => new HttpError(401, code, 'errors:pleaseLogInAgain')

const UNIQUE_MESSAGES: Record<UniqueViolation, string> = {
  unique_email: 'errors:userWithEmailExists',
  unique_phone: 'errors:userWithPhoneExists',
  unique_phones: 'errors:userWithPhoneAndEmailExists',
}
export const uniqueConflict = (validation: UniqueViolation) =>
  new HttpError(409, validation, UNIQUE_MESSAGES[validation], { validation })

/** A sign-in: the tokens for the body and the cookies. */
export interface Issued {
  body: AuthTokens
  tdid: string
}

export interface AccountServiceDeps {
  repo: AccountRepo
  codes: SmsCodes
  limiter: RateLimiter
  captcha: CaptchaProvider
  /** Overrides `LIMITS.smsPerClientHour.max` (config SMS_PER_ADDRESS_HOUR). */
  smsPerAddressHour?: number
  /** Records sign-ins, their failures and refresh-token reuse in the audit log. */
  audit?: (entry: AuditEntry) => Promise<void>
}

/** How a shopper signed in, as the audit log names it: `signin.<way>`. */
export type SignInWay = 'password' | 'sms' | 'signup' | 'recovery'

/** The last four digits of a phone: enough to tell attempts apart in the log, not a shopper's number. */
const phoneTail = (phone: string) => `…${phone.slice(-4)}`

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    email: user.email,
    tdid: user.tdid,
    kind: user.kind,
    type: user.type,
  }
}

export function createAccountService({
  repo,
  codes,
  limiter,
  captcha,
  smsPerAddressHour,
  audit,
}: AccountServiceDeps) {
  /**
   * Runs a sign-in and records its outcome: the account and the address on success, the refusal's code
   * and status (and the account, when the phone has one) on failure. Other errors are the store's, not
   * the shopper's, and are only passed on.
   */
  async function audited(way: SignInWay, phone: string, client: string, work: () => Promise<Issued>) {
    try {
      const issued = await work()
      await audit?.({
        actorKind: 'shopper',
        actorId: issued.body.user.id,
        action: `signin.${way}`,
        subjectKind: 'user',
        subjectId: issued.body.user.id,
        details: { outcome: 'ok' },
        ip: client,
      })
      return issued
    } catch (error) {
      if (error instanceof HttpError && audit) {
        // A refusal for waiting (429) comes in bursts and is recorded as cheaply as it can be.
        const user =
          error.statusCode === 429 ? undefined : await repo.userByPhone(phone).catch(() => undefined)
        await audit({
          actorKind: 'shopper',
          actorId: null,
          action: `signin.${way}`,
          subjectKind: 'user',
          subjectId: user?.id ?? null,
          details: {
            outcome: 'refused',
            code: error.code,
            status: error.statusCode,
            phone: phoneTail(phone),
          },
          ip: client,
        })
      }
      throw error
    }
  }

  const smsPerClientHour = {
    ...LIMITS.smsPerClientHour,
    max: smsPerAddressHour ?? LIMITS.smsPerClientHour.max,
  }
  async function tokensFor(user: UserRow, sessionId: string): Promise<Issued> {
    const access = newToken()
    const refresh = newToken()
    await repo.addToken(sessionId, 'access', access, SESSION_RULES.accessSeconds)
    await repo.addToken(sessionId, 'refresh', refresh, SESSION_RULES.sessionSeconds)
    return {
      tdid: user.tdid,
      body: {
        access_token: access,
        refresh_token: refresh,
        token_type: 'Bearer',
        expires_in: SESSION_RULES.accessSeconds,
        user: { id: user.id, kind: user.kind, type: user.type },
      },
    }
  }

  async function startSession(user: UserRow): Promise<Issued> {
    const sessionId = await repo.createSession(user.id, SESSION_RULES.sessionSeconds)
    return tokensFor(user, sessionId)
  }

  /** Captcha, then the resend penalty and the hourly caps per phone and per client address. */
  async function guardSmsSend(phone: string, client: string, captchaToken: string | undefined) {
    await requireCaptcha(captcha, captchaToken)
    await limiter.take(LIMITS.smsPerPhoneResend, phone)
    await limiter.take(LIMITS.smsPerPhoneHour, phone)
    await limiter.take(smsPerClientHour, client)
  }

  async function existing(phone: string): Promise<UserRow> {
    const user = await repo.userByPhone(phone)
    if (!user) throw notRegistered()
    return user
  }

  async function signInByPassword(phone: string, password: string, client: string): Promise<Issued> {
    // Each guess is taken, and counted as wrong, before the password is checked: concurrent guesses
    // cannot all pass a check that only counts them afterwards.
    await limiter.attempt(SIGNIN_BACKOFF.perClient, client)
    await limiter.attempt(SIGNIN_BACKOFF.perPhone, phone)
    const user = await repo.userByPhone(phone)
    if (user?.lockedAt) throw locked()
    // Verified even without a user, so the answer takes as long either way.
    const ok = await verifyPassword(password, user?.passwordHash ?? null)
    if (!ok || !user) throw wrongCredentials()
    await limiter.succeeded(SIGNIN_BACKOFF.perPhone, phone)
    await limiter.givenBack(SIGNIN_BACKOFF.perClient, client)
    if (user.mustChangePassword) throw mustChangePassword()
    return startSession(user)
  }

  async function signUp(input: {
    phone: string
    token: string
    password?: string
    firstname?: string
    lastname?: string
    email?: string
  }): Promise<Issued> {
    const phoneTaken = (await repo.userByPhone(input.phone)) !== undefined
    const emailTaken = input.email ? (await repo.userByEmail(input.email)) !== undefined : false
    if (phoneTaken || emailTaken) {
      throw uniqueConflict(
        phoneTaken && emailTaken ? 'unique_phones' : phoneTaken ? 'unique_phone' : 'unique_email',
      )
    }
    await codes.consume(input.phone, 'signup', input.token)
    const passwordHash = input.password ? await hashPassword(input.password) : null
    try {
      const user = await repo.createUser({
        phone: input.phone,
        email: input.email ?? null,
        passwordHash,
        kind: passwordHash ? 'full' : 'fast',
        firstname: input.firstname ?? '',
        lastname: input.lastname ?? '',
      })
      return await startSession(user)
    } catch (error) {
      // Another request registered the same phone or email between the check and the insert.
      if (isUniqueViolation(error)) throw uniqueConflict('unique_phone')
      throw error
    }
  }

  return {
    async kind(q: { phone?: string; email?: string }, client: string): Promise<KindResponse> {
      await limiter.take(LIMITS.kindLookupPerClient, client)
      const user =
        (q.phone ? await repo.userByPhone(q.phone) : undefined) ??
        (q.email ? await repo.userByEmail(q.email) : undefined)
      const kind: UserKind = user ? user.kind : 'notRegistered'
      return { kind }
    },

    signIn(phone: string, password: string, client: string): Promise<Issued> {
      return audited('password', phone, client, () => signInByPassword(phone, password, client))
    },

    /** Rotates the refresh token; a second use of one revokes its whole family. */
    async refresh(token: string | undefined, client: string): Promise<Issued> {
      if (!token) throw refreshFailed()
      const found = await repo.tokenSession(token, 'refresh')
      if (!found || found.revokedAt || found.sessionExpired || found.tokenExpired) throw refreshFailed()
      if (!(await repo.useRefreshToken(token))) {
        await repo.revokeSession(found.sessionId, 'reuse')
        await audit?.({
          actorKind: 'shopper',
          actorId: null,
          action: 'signin.refresh_reused',
          subjectKind: 'user',
          subjectId: found.userId,
          details: { signInId: found.sessionId, outcome: 'revoked' },
          ip: client,
        })
        throw refreshFailed('refresh_reused')
      }
      const user = await repo.userById(found.userId)
      if (!user) throw refreshFailed()
      return tokensFor(user, found.sessionId)
    },

    /** Ends the sessions of whichever tokens the client still has; signing out twice is fine. */
    async signOut(tokens: {
      refresh: (string | undefined)[]
      access: (string | undefined)[]
    }): Promise<void> {
      const all = [
        ...tokens.refresh.map((token) => ({ token, kind: 'refresh' as const })),
        ...tokens.access.map((token) => ({ token, kind: 'access' as const })),
      ]
      for (const { token, kind } of all) {
        if (!token) continue
        const found = await repo.tokenSession(token, kind)
        if (found) await repo.revokeSession(found.sessionId, 'signout')
      }
    },

    async sendVerification(
      phone: string,
      purpose: 'signin' | 'signup',
      client: string,
      captchaToken: string | undefined,
    ): Promise<{ penalty: number }> {
      if (purpose === 'signin') {
        const user = await existing(phone)
        if (user.lockedAt) throw locked()
      } else if (await repo.userByPhone(phone)) {
        throw new HttpError(422, 'unique_phone', UNIQUE_MESSAGES.unique_phone, { validation: 'unique_phone' })
      }
      await guardSmsSend(phone, client, captchaToken)
      await codes.send(phone, purpose)
      return { penalty: CODE_RULES.resendSeconds }
    },

    /** Signs a registered user in by the SMS code. */
    verifyToken(phone: string, code: string, client: string): Promise<Issued> {
      return audited('sms', phone, client, async () => {
        const user = await existing(phone)
        if (user.lockedAt) throw locked()
        await codes.consume(phone, 'signin', code)
        // The owner proved the phone: guesses at its password no longer hold them back.
        await limiter.succeeded(SIGNIN_BACKOFF.perPhone, phone)
        return startSession(user)
      })
    },

    signUp(
      input: {
        phone: string
        token: string
        password?: string
        firstname?: string
        lastname?: string
        email?: string
      },
      client: string,
    ): Promise<Issued> {
      return audited('signup', input.phone, client, async () => {
        // A sign-up says whether the phone or email is taken before any code is checked: the same
        // question as the kind lookup, so it spends the same budget.
        await limiter.take(LIMITS.kindLookupPerClient, client)
        return signUp(input)
      })
    },

    async sendRecovery(phone: string, client: string, captchaToken: string | undefined) {
      // A lock is the store's (support's) decision: a recovery by SMS does not lift it.
      if ((await existing(phone)).lockedAt) throw locked()
      await guardSmsSend(phone, client, captchaToken)
      await codes.send(phone, 'recovery')
      return { penalty: CODE_RULES.resendSeconds }
    },

    /** A new password proven by the recovery code: every other session ends, this one starts. */
    recoverPassword(phone: string, code: string, password: string, client: string): Promise<Issued> {
      return audited('recovery', phone, client, async () => {
        const user = await existing(phone)
        if (user.lockedAt) throw locked()
        await codes.consume(phone, 'recovery', code)
        const updated = await repo.setPassword(user.id, await hashPassword(password))
        if (!updated) throw notRegistered()
        await repo.revokeUserSessions(user.id, 'password')
        await limiter.succeeded(SIGNIN_BACKOFF.perPhone, phone)
        return startSession(updated)
      })
    },

    async profile(userId: string): Promise<Profile> {
      const user = await repo.userById(userId)
      if (!user) throw unauthorized()
      return toProfile(user)
    },

    async updateProfile(
      userId: string,
      fields: { firstname: string; lastname: string; email?: string | null },
    ): Promise<Profile> {
      if (fields.email && (await repo.emailTakenByOther(fields.email, userId))) {
        throw uniqueConflict('unique_email')
      }
      try {
        const user = await repo.updateProfile(userId, fields)
        if (!user) throw unauthorized()
        return toProfile(user)
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueConflict('unique_email')
        throw error
      }
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
