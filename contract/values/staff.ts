/** The back office's staff accounts (README, The back office): constants both sides need. */

/** Every back-office API path starts here; the pages live under `/admin`. */
export const ADMIN_API_V1 = '/admin/api/v1'

/**
 * operator: orders; moderator: reviews; admin: everything, the promotions and staff matters included.
 * A route names the roles it lets in; an admin is always let in.
 */
export const STAFF_ROLES = ['operator', 'moderator', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/**
 * The staff's own cookies, sent to `/admin` paths only, and their own header: a shopper's `accessToken`
 * cookie or `Authorization: Bearer` is never read as a staff token.
 */
export const STAFF_COOKIES = { access: 'staffAccessToken', refresh: 'staffRefreshToken' } as const
export const STAFF_COOKIE_PATH = '/admin'
export const STAFF_TOKEN_HEADER = 'x-staff-token'

/** Error codes of the back office's answers (the message keys are in `error.message`). */
export const STAFF_ERROR_CODES = {
  /** No staff token, or one expired or ended: sign in (again). */
  signIn: 'staff_sign_in',
  /** A shopper's token on a back-office route. */
  shopperToken: 'staff_only',
  /** A staff member whose role does not open this route. */
  role: 'staff_role',
  wrongCredentials: 'staff_wrong_credentials',
  disabled: 'staff_disabled',
  refreshFailed: 'staff_refresh_failed',
} as const

/** A staff sign-in's absolute end (a working day and a half), however often it is refreshed. */
export const STAFF_SESSION_SECONDS = 12 * 60 * 60
export const STAFF_ACCESS_SECONDS = 15 * 60
