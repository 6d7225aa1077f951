/** Sign-in and account constants both sides need (see contract/account.ts for the schemas). */

export const ACCOUNT_V1 = '/account/api/v1'

/** The header carrying the captcha token on calls that send an SMS (spec 7.8). */
export const CAPTCHA_HEADER = 'x-captcha-token'

/** Spec 5 and 9: 11-digit phone, 5-digit SMS code, passwords up to 16, resend penalty 20 s. */
export const AUTH_LIMITS = {
  phoneDigits: 11,
  codeLength: 5,
  passwordMin: 6,
  passwordMax: 16,
  defaultPenaltySeconds: 20,
  /** Token cookies last a year (spec 9); the server still ends a session at its absolute expiry. */
  cookieMaxAgeSeconds: 365 * 24 * 60 * 60,
} as const

export const COOKIES = { access: 'accessToken', refresh: 'refreshToken', tdid: 'tdid' } as const

/**
 * Digits only (spec 5 strips non-word characters), then the Kazakhstan form 7XXXXXXXXXX: ten digits get
 * the 7 in front, an 8 in front (the domestic prefix) becomes 7.
 */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/\D/g, '')
  if (digits.length === 10) return `7${digits}`
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`
  return digits
}

/** Latin, Cyrillic with the Kazakh letters (spec 5), digits and common signs. */
export const PASSWORD_ALPHABET = /^[A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі0-9!@#$%^&*()_\-+=.,:;?~]+$/

/**
 * `details.validation` of a sign-up or profile 409 (spec 5): the email is taken, the phone is taken, or
 * both (`unique_phones`).
 */
export const UNIQUE_VIOLATIONS = ['unique_email', 'unique_phone', 'unique_phones'] as const
export type UniqueViolation = (typeof UNIQUE_VIOLATIONS)[number]

/** Error codes of the account calls; the message keys the client shows are in `error.message`. */
export const AUTH_ERROR_CODES = {
  wrongCredentials: 'wrong_credentials',
  locked: 'account_locked',
  mustChangePassword: 'must_change_password',
  wrongCode: 'wrong_code',
  codeNotFound: 'code_not_found',
  notRegistered: 'user_not_registered',
  captcha: 'captcha_failed',
  tooManyRequests: 'too_many_requests',
} as const
