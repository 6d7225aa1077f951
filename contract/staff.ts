/**
 * The back office's sign-in (README, The back office). Base `/admin/api/v1`. A sign-in answers
 * `StaffTokens` and sets the `staffAccessToken` / `staffRefreshToken` HttpOnly cookies (path `/admin`);
 * every back-office call accepts either the cookie or the `X-Staff-Token` header, never a shopper's token.
 */
import { z } from 'zod'
import { text } from './common'
import { STAFF_ROLES } from './values/staff'

export {
  ADMIN_API_V1,
  STAFF_COOKIES,
  STAFF_ERROR_CODES,
  STAFF_ROLES,
  STAFF_TOKEN_HEADER,
  type StaffRole,
} from './values/staff'

export const StaffRoleSchema = z.enum(STAFF_ROLES)

/** Letters, digits and `._-`, 2-64 characters, compared lower-cased. */
export const StaffLogin = text()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'may hold Latin letters, digits and . _ - only')
  .transform((login) => login.toLowerCase())

export const StaffSignInRequest = z.object({ login: StaffLogin, password: text().min(1).max(128) })

export const StaffMe = z.object({
  id: z.string(),
  login: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
})
export type StaffMe = z.infer<typeof StaffMe>

export const StaffTokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds the access token lives; refresh after. */
  expires_in: z.number().int(),
  staff: StaffMe,
})
export type StaffTokens = z.infer<typeof StaffTokens>

export const StaffRefreshRequest = z.object({ refresh_token: text().max(200).optional() }).default({})
