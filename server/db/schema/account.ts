import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * Shoppers' accounts and everything sign-in keeps (spec browsing 3, 4). All of it lives here, not in a
 * process, so several server processes behind a load balancer agree on sessions, codes and limits.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 7XXXXXXXXXX. */
    phone: text('phone').notNull(),
    /** Lower-cased. */
    email: text('email'),
    /** scrypt, `scrypt$N$r$p$salt$hash`; null for a fast account (signs in by SMS only). */
    passwordHash: text('password_hash'),
    kind: text('kind').$type<'fast' | 'full'>().notNull(),
    type: text('type').$type<'individual' | 'organization'>().notNull().default('individual'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    /** The shopper's loyalty id, handed to the bonus service (spec 7.9). */
    tdid: text('tdid').notNull(),
    /** Set when the password must be replaced before signing in (spec 8, 412). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Set by the store (support, fraud checks), never by wrong passwords, which only slow the guesser
     * down (`attempt_backoff`): a stranger who knows the phone must not be able to lock its owner out.
     * A locked account answers 409 "call support" (spec 8) to every sign-in and recovery.
     */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_tdid_key').on(t.tdid),
  ],
)

/**
 * One sign-in: the family of every refresh token rotated from it. Revoking the family ends the access
 * and refresh tokens it issued; `expires_at` is the absolute end no refresh extends.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'signout', 'reuse', 'password'. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/** Access and refresh tokens by their SHA-256; the token itself is never stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh token is single-use: the rotation stamps it; a second use revokes the family. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_session_idx').on(t.sessionId)],
)

/** SMS codes, salted-hashed, bound to a phone and a purpose, single-use, with an attempt budget. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    /** 'signin', 'signup', 'recovery'. */
    purpose: text('purpose').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
)

/** What the local SMS provider "sent": the dev outbox reads it. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
)

/** One hit of a rate limit (`bucket` names the limit, `key` whom it counts); counted in a window. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.bucket, t.key, t.at)],
)

/**
 * Attempts that back off after failures (password guesses per phone and per client address). One row per
 * key: an attempt is taken by one upsert that counts it and compares in the same statement, so a burst
 * of concurrent attempts, from any number of processes, cannot pass the check together.
 */
export const attemptBackoff = pgTable(
  'attempt_backoff',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    /** Attempts since the last success (or since the record went quiet for a day). */
    failures: integer('failures').notNull(),
    /** No attempt before this. */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('attempt_backoff_updated_idx').on(t.updatedAt)],
)

/**
 * The HMAC key that signs the captcha's proof-of-work challenges (ALTCHA), made on the first start when
 * CAPTCHA_HMAC_KEY is not configured, so every process and every restart verifies what any issued.
 */
export const captchaKeys = pgTable(
  'captcha_keys',
  {
    id: smallint('id').primaryKey().default(1),
    hmacKey: text('hmac_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('captcha_keys_one_check', sql`${t.id} = 1`)],
)

/**
 * Solutions already used, by their challenge's signature: a solution passes once, whichever process
 * sees it (the insert that finds the signature taken refuses the replay). Kept until the challenge
 * expires, after which its own expiry refuses it.
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
)
