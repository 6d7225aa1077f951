/**
 * Sign-in, sign-up, recovery, phone verification and the profile (spec browsing-and-account.md 3, 4,
 * 5, 7.8, 8). Base `/account/api/v1`. Successful sign-ins answer `AuthTokens` and also set the
 * `accessToken` / `refreshToken` HttpOnly cookies; every authenticated call accepts either the cookie
 * or `Authorization: Bearer <access_token>`.
 */
import { z } from 'zod'
import { Address, Card, Receiver } from './account-area'
import { text } from './common'
import {
  AUTH_LIMITS,
  normalizePhone,
  PASSWORD_ALPHABET,
  UNIQUE_VIOLATIONS,
  type UniqueViolation as UniqueViolationValue,
} from './values/account'

export {
  ACCOUNT_V1,
  AUTH_ERROR_CODES,
  AUTH_LIMITS,
  CAPTCHA_HEADER,
  COOKIES,
  normalizePhone,
  PASSWORD_ALPHABET,
  UNIQUE_VIOLATIONS,
} from './values/account'

export const Phone = text()
  .max(32)
  .transform(normalizePhone)
  .pipe(text().regex(/^7\d{10}$/, 'must be an 11-digit Kazakhstan phone number: 7XXXXXXXXXX'))

export const Email = text()
  .trim()
  .max(254)
  .pipe(z.email('must be an email address'))
  .transform((e) => e.toLowerCase())

/** Latin, Cyrillic with the Kazakh letters (spec 5), digits and common signs; a letter and a digit. */
export const Password = text()
  .min(AUTH_LIMITS.passwordMin, `must be at least ${AUTH_LIMITS.passwordMin} characters`)
  .max(AUTH_LIMITS.passwordMax, `must be at most ${AUTH_LIMITS.passwordMax} characters`)
  .regex(PASSWORD_ALPHABET, 'may hold letters, digits and the signs !@#$%^&*()_-+=.,:;?~ only')
  .regex(/\p{L}/u, 'must hold a letter')
  .regex(/\d/, 'must hold a digit')

export const SmsCode = text().regex(/^\d{5}$/, 'must be the 5-digit code from the SMS')

const Name = text().trim().max(64)

export const UserKind = z.enum(['fast', 'full', 'notRegistered'])
export type UserKind = z.infer<typeof UserKind>
export const UserType = z.enum(['individual', 'organization'])
export type UserType = z.infer<typeof UserType>

// ---------------------------------------------------------------- kind lookup

export const KindQuery = z
  .object({ phone: Phone.optional(), email: Email.optional() })
  .refine((q) => q.phone !== undefined || q.email !== undefined, {
    message: 'phone or email is required',
  })
export const KindResponse = z.object({ kind: UserKind })
export type KindResponse = z.infer<typeof KindResponse>

// ---------------------------------------------------------------- tokens

export const AuthTokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds the access token lives; refresh after. */
  expires_in: z.number().int(),
  user: z.object({ id: z.string(), kind: z.enum(['fast', 'full']), type: UserType }),
})
export type AuthTokens = z.infer<typeof AuthTokens>

export const SignInRequest = z.object({ phone: Phone, password: text().min(1).max(128) })
export const RefreshRequest = z.object({ refresh_token: text().max(200).optional() }).default({})
export const SignOutRequest = z.object({ refresh_token: text().max(200).optional() }).default({})

// ---------------------------------------------------------------- phone verification

/** `signin` codes sign a registered user in; `signup` codes prove a new phone before sign-up. */
export const VerifyPurpose = z.enum(['signin', 'signup'])
export const VerifyPhoneRequest = z.object({ phone: Phone, purpose: VerifyPurpose.default('signin') })
/** Seconds before another SMS may be asked for this phone. */
export const PenaltyResponse = z.object({ penalty: z.number().int() })
export type PenaltyResponse = z.infer<typeof PenaltyResponse>
export const VerifyTokenRequest = z.object({ phone: Phone, token: SmsCode })

// ---------------------------------------------------------------- sign-up

export const SignUpRequest = z.object({
  phone: Phone,
  /** The `signup` SMS code proving the phone. */
  token: SmsCode,
  password: Password,
  firstname: Name.min(1),
  lastname: Name.optional(),
  email: Email.optional(),
})
export const SignUpFastRequest = z.object({
  phone: Phone,
  token: SmsCode,
  firstname: Name.optional(),
})

/**
 * `details.validation` of a sign-up or profile 409 (spec 5): the email is taken, the phone is taken, or
 * both (`unique_phones`).
 */
export const UniqueViolation = z.enum(UNIQUE_VIOLATIONS)
export type UniqueViolation = UniqueViolationValue

// ---------------------------------------------------------------- recovery

export const RecoveryPhoneRequest = z.object({ phone: Phone, tdid: text().max(64).optional() })
export const RecoveryPasswordRequest = z.object({ phone: Phone, token: SmsCode, password: Password })

// ---------------------------------------------------------------- profile

export const Profile = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  tdid: z.string(),
  kind: z.enum(['fast', 'full']),
  type: UserType,
})
export type Profile = z.infer<typeof Profile>

/**
 * The profile as GET/PUT /profile answer it (spec 3): the shopper, their saved cards (id and default
 * flag; the masks come from /payment/api/v1/cards), the default card, addresses and receivers.
 */
export const FullProfile = Profile.extend({
  cards: z.array(Card.pick({ id: true, isDefault: true })),
  defaultCard: Card.shape.id.nullable(),
  addresses: z.array(Address),
  receivers: z.array(Receiver),
})
export type FullProfile = z.infer<typeof FullProfile>

export const ProfileUpdate = z.object({
  firstname: Name.min(1),
  lastname: Name.default(''),
  /** Empty or null removes the email. */
  email: z.union([Email, z.literal('').transform(() => null), z.null()]).optional(),
})

// ---------------------------------------------------------------- captcha and the dev outbox

/**
 * A proof-of-work challenge of the ALTCHA protocol: find the number n ≤ maxnumber whose SHA-256 of
 * `salt + n` (hex) is `challenge`, and send `base64(JSON {algorithm, challenge, number, salt,
 * signature})` as the captcha header. Each solution passes once.
 */
export const CaptchaResponse = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
})
export type CaptchaResponse = z.infer<typeof CaptchaResponse>
export const OutboxQuery = z.object({ phone: Phone })
export const OutboxResponse = z.object({
  messages: z.array(
    z.object({ phone: z.string(), text: z.string(), purpose: z.string(), created_at: z.string() }),
  ),
})
export type OutboxResponse = z.infer<typeof OutboxResponse>
