import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  ACCOUNT_V1,
  AuthTokens,
  CAPTCHA_HEADER,
  CaptchaResponse,
  COOKIES,
  KindQuery,
  KindResponse,
  PenaltyResponse,
  FullProfile,
  ProfileUpdate,
  RecoveryPasswordRequest,
  RecoveryPhoneRequest,
  RefreshRequest,
  SignInRequest,
  SignOutRequest,
  SignUpFastRequest,
  SignUpRequest,
  VerifyPhoneRequest,
  VerifyTokenRequest,
} from '../../../contract/account'
import { ErrorBody } from '../../../contract/common'
import { accessTokenFrom, installAccessTokenVerifier, requireUser } from '../../http/auth'
import { clearAuthCookies, readCookie, setAuthCookies } from '../../http/cookies'
import type { ModuleRegistration } from '../../http/types'
import { openCaptcha } from '../../providers/captcha/altcha'
import { createLocalSmsProvider } from '../../providers/sms/local'
import { registerDevOutbox } from './dev-outbox'
import { createRateLimiter } from '../../http/rate-limit'
import { createProfileLists } from './profile-lists'
import { createAccountRepo, type Revocation } from './repo'
import { createAccessTokens, REVOCATIONS_CHANNEL } from './access-tokens'
import { createAccountService, type Issued } from './service'
import { createProviderGuard } from '../../providers/guard'
import { createSmsCodes } from './sms-codes'

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  412: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  /** An outside service (payment provider, broker, SMS gateway) failed or did not answer in time. */
  502: ErrorBody,
  504: ErrorBody,
}
const tags = ['account']

/** Nothing about a sign-in may sit in a shared cache. */
function signedIn(req: FastifyRequest, reply: FastifyReply, issued: Issued) {
  setAuthCookies(req, reply, {
    access: issued.body.access_token,
    refresh: issued.body.refresh_token,
    tdid: issued.tdid,
  })
  return reply.header('cache-control', 'no-store').send(issued.body)
}

const captchaToken = (req: FastifyRequest) => {
  const value = req.headers[CAPTCHA_HEADER]
  return typeof value === 'string' ? value : undefined
}

export const accountModule: ModuleRegistration = async (app, { database, config }) => {
  const db = database.db
  const sms = createLocalSmsProvider(db)
  const captcha = await openCaptcha(db, config)
  const limiter = createRateLimiter(db)
  const revocations = database.channel<Revocation>(REVOCATIONS_CHANNEL, app.log)
  const tokens = createAccessTokens({ lookup: (token) => repo.accessTokenUser(token), revocations })
  const repo = createAccountRepo(db, (ended) => tokens.revoked(ended))
  const account = createAccountService({
    repo,
    codes: createSmsCodes(
      db,
      sms,
      createProviderGuard({ timeoutMs: config.PROVIDER_TIMEOUT_MS, log: app.log }),
    ),
    limiter,
    captcha,
    smsPerAddressHour: config.SMS_PER_ADDRESS_HOUR,
    audit: (entry) => app.audit.record(entry),
  })
  const withLists = createProfileLists(app)

  installAccessTokenVerifier(app, tokens.verify)
  app.addHook('onClose', () => revocations.close())
  registerDevOutbox(app, config, sms)

  // Old rate-limit hits are dropped once an hour by whichever process is up.
  const prune = setInterval(() => {
    limiter.prune().catch((err: unknown) => app.log.warn({ err }, 'rate limit prune failed'))
  }, 3_600_000)
  prune.unref()
  app.addHook('onClose', async () => clearInterval(prune))

  app.get(
    `${ACCOUNT_V1}/profile/kind`,
    {
      schema: {
        tags,
        summary: 'Whether a phone or email belongs to a fast, a full or no account',
        querystring: KindQuery,
        response: { 200: KindResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return account.kind(req.query, req.ip)
    },
  )

  app.post(
    `${ACCOUNT_V1}/auth/signin/phone`,
    {
      schema: {
        tags,
        summary: 'Sign in by phone and password',
        body: SignInRequest,
        response: { 200: AuthTokens, ...errors },
      },
    },
    async (req, reply) =>
      signedIn(req, reply, await account.signIn(req.body.phone, req.body.password, req.ip)),
  )

  app.post(
    `${ACCOUNT_V1}/auth/refresh`,
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (body or cookie); a reused one revokes its family',
        body: RefreshRequest,
        response: { 200: AuthTokens, ...errors },
      },
    },
    async (req, reply) => {
      // The cookie first: a browser's jar always holds the newest token, while a tab may still keep an
      // older one in memory that another tab has since rotated (that would read as reuse and sign out).
      const token = readCookie(req, COOKIES.refresh) ?? req.body.refresh_token
      try {
        return signedIn(req, reply, await account.refresh(token, req.ip))
      } catch (error) {
        // A dead refresh token is of no use to the browser either.
        clearAuthCookies(req, reply)
        throw error
      }
    },
  )

  app.post(
    `${ACCOUNT_V1}/auth/signout`,
    {
      schema: {
        tags,
        summary: 'Sign out: revoke the session and clear the cookies',
        body: SignOutRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await account.signOut({
        refresh: [req.body.refresh_token, readCookie(req, COOKIES.refresh)],
        access: [accessTokenFrom(req), readCookie(req, COOKIES.access)],
      })
      clearAuthCookies(req, reply)
      return reply.code(204).header('cache-control', 'no-store').send(null)
    },
  )

  app.post(
    `${ACCOUNT_V1}/auth/signup`,
    {
      schema: {
        tags,
        summary: 'Create a full account (phone proven by a signup SMS code) and sign in',
        body: SignUpRequest,
        response: { 200: AuthTokens, ...errors },
      },
    },
    async (req, reply) => signedIn(req, reply, await account.signUp(req.body, req.ip)),
  )

  app.post(
    `${ACCOUNT_V1}/auth/signup/fast`,
    {
      schema: {
        tags,
        summary: 'Create a fast account (SMS sign-in only) and sign in',
        body: SignUpFastRequest,
        response: { 200: AuthTokens, ...errors },
      },
    },
    async (req, reply) => signedIn(req, reply, await account.signUp(req.body, req.ip)),
  )

  app.put(
    `${ACCOUNT_V1}/auth/recovery/phone`,
    {
      schema: {
        tags,
        summary: 'Send a password recovery code by SMS (captcha header required)',
        body: RecoveryPhoneRequest,
        response: { 200: PenaltyResponse, ...errors },
      },
    },
    async (req) => account.sendRecovery(req.body.phone, req.ip, captchaToken(req)),
  )

  app.put(
    `${ACCOUNT_V1}/auth/recovery/phone/password`,
    {
      schema: {
        tags,
        summary: 'Set a new password with the recovery code, ending other sessions, and sign in',
        body: RecoveryPasswordRequest,
        response: { 200: AuthTokens, ...errors },
      },
    },
    async (req, reply) =>
      signedIn(
        req,
        reply,
        await account.recoverPassword(req.body.phone, req.body.token, req.body.password, req.ip),
      ),
  )

  app.post(
    `${ACCOUNT_V1}/events/verify/phone`,
    {
      schema: {
        tags,
        summary: 'Send a sign-in or sign-up code by SMS; answers the resend penalty in seconds',
        body: VerifyPhoneRequest,
        response: { 200: PenaltyResponse, ...errors },
      },
    },
    async (req) => account.sendVerification(req.body.phone, req.body.purpose, req.ip, captchaToken(req)),
  )

  app.put(
    `${ACCOUNT_V1}/events/verify/token`,
    {
      schema: {
        tags,
        summary: 'Sign in with the SMS code',
        body: VerifyTokenRequest,
        response: { 200: AuthTokens, ...errors },
      },
    },
    async (req, reply) =>
      signedIn(req, reply, await account.verifyToken(req.body.phone, req.body.token, req.ip)),
  )

  app.get(
    `${ACCOUNT_V1}/profile`,
    {
      schema: {
        tags,
        summary: 'The signed-in shopper, with saved cards, addresses and receivers',
        security: [{ bearer: [] }],
        response: { 200: FullProfile, ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return withLists(await account.profile(user.userId))
    },
  )

  app.put(
    `${ACCOUNT_V1}/profile`,
    {
      schema: {
        tags,
        summary: 'Change the name and email',
        security: [{ bearer: [] }],
        body: ProfileUpdate,
        response: { 200: FullProfile, ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return withLists(await account.updateProfile(user.userId, req.body))
    },
  )

  app.get(
    `${ACCOUNT_V1}/captcha`,
    {
      schema: {
        tags,
        summary:
          'A proof-of-work challenge (ALTCHA) to solve for the next SMS call; the solution goes back, base64 JSON, in X-Captcha-Token',
        response: { 200: CaptchaResponse },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store')
      return captcha.issue()
    },
  )
}
