import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ErrorBody } from '../../../contract/common'
import {
  ADMIN_API_V1,
  STAFF_COOKIES,
  StaffMe,
  StaffRefreshRequest,
  StaffSignInRequest,
  StaffTokens,
} from '../../../contract/staff'
import { STAFF_COOKIE_PATH, STAFF_SESSION_SECONDS } from '../../../contract/values/staff'
import { readCookie, setPathCookie } from '../../http/cookies'
import { createRateLimiter } from '../../http/rate-limit'
import type { ModuleRegistration } from '../../http/types'
import { createStaffRepo } from './repo'
import { requireStaff, staffOf, staffTokenFrom } from './require-staff'
import { createStaffService, type StaffService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts: the command line and tests reach the service through it. */
    staff: StaffService
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody }
const tags = ['back office']
const security = [{ staffToken: [] }]

function setStaffCookies(req: FastifyRequest, reply: FastifyReply, access: string, refresh: string) {
  const options = { maxAge: STAFF_SESSION_SECONDS, path: STAFF_COOKIE_PATH }
  setPathCookie(req, reply, STAFF_COOKIES.access, access, options)
  setPathCookie(req, reply, STAFF_COOKIES.refresh, refresh, options)
}

function clearStaffCookies(req: FastifyRequest, reply: FastifyReply) {
  const options = { maxAge: 0, path: STAFF_COOKIE_PATH }
  setPathCookie(req, reply, STAFF_COOKIES.access, '', options)
  setPathCookie(req, reply, STAFF_COOKIES.refresh, '', options)
}

function signedIn(req: FastifyRequest, reply: FastifyReply, tokens: StaffTokens) {
  setStaffCookies(req, reply, tokens.access_token, tokens.refresh_token)
  return reply.header('cache-control', 'no-store').send(tokens)
}

/**
 * Staff accounts of the back office (README, The back office): sign-in by login and password, token
 * rotation, sign-out and who is signed in, under `/admin/api/v1`. Other modules guard their back-office
 * routes with `requireStaff(...roles)` from this module's public face.
 */
export const staffModule: ModuleRegistration = (app, { database }) => {
  const db = database.db
  const repo = createStaffRepo(db)
  const staff = createStaffService({ repo, limiter: createRateLimiter(db) })
  app.decorate('staff', staff)
  app.decorate('staffTokenVerifier', async (token: string) => (await repo.accessTokenStaff(token)) ?? null)
  app.decorateRequest('staff', null)

  app.post(
    `${ADMIN_API_V1}/auth/sign-in`,
    {
      schema: {
        tags,
        summary:
          'A staff member signs in by login and password (guesses slow down per login and address, 429)',
        body: StaffSignInRequest,
        response: { 200: StaffTokens, ...errors },
      },
    },
    async (req, reply) => signedIn(req, reply, await staff.signIn(req.body.login, req.body.password, req.ip)),
  )

  app.post(
    `${ADMIN_API_V1}/auth/refresh`,
    {
      schema: {
        tags,
        summary: 'Rotates the staff refresh token (cookie or body); a reused one ends the sign-in',
        body: StaffRefreshRequest,
        response: { 200: StaffTokens, ...errors },
      },
    },
    async (req, reply) => {
      const token = readCookie(req, STAFF_COOKIES.refresh) ?? req.body.refresh_token
      try {
        return signedIn(req, reply, await staff.refresh(token))
      } catch (error) {
        clearStaffCookies(req, reply)
        throw error
      }
    },
  )

  app.post(
    `${ADMIN_API_V1}/auth/sign-out`,
    {
      schema: {
        tags,
        summary: "Ends the staff member's sign-in and clears the staff cookies",
        body: StaffRefreshRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await staff.signOut([
        { token: req.body.refresh_token, kind: 'refresh' },
        { token: readCookie(req, STAFF_COOKIES.refresh), kind: 'refresh' },
        { token: staffTokenFrom(req), kind: 'access' },
      ])
      clearStaffCookies(req, reply)
      return reply.code(204).header('cache-control', 'no-store').send(null)
    },
  )

  app.get(
    `${ADMIN_API_V1}/me`,
    {
      preHandler: requireStaff(),
      schema: {
        tags,
        security,
        summary: 'The signed-in staff member and their role',
        response: { 200: StaffMe, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return staff.me(staffOf(req).id)
    },
  )
}
