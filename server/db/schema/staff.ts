import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { StaffRole } from '../../../contract/values/staff'

/*
 * The store's own staff (README, The back office): accounts apart from the shoppers', with a role each.
 * Their sign-ins and tokens have tables of their own, so a shopper's token can never be looked up as a
 * staff token, nor the other way round.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; what the staff member signs in with. */
    login: text('login').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<StaffRole>().notNull(),
    /** scrypt, `scrypt$N$r$p$salt$hash` (server/lib/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /** Set by `npm run staff -- disable`: no sign-in, and every sign-in of theirs ends. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_login_key').on(t.login),
    check('staff_role_check', sql`${t.role} in ('operator', 'moderator', 'admin')`),
  ],
)

/** One staff sign-in: the family of its rotated refresh tokens, ending at `expires_at` at the latest. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'signout', 'reuse', 'disabled'. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
)

/** Staff access and refresh tokens by their SHA-256; the token itself is never stored. */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh token is single-use: the rotation stamps it; a second use revokes the family. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_tokens_session_idx').on(t.sessionId)],
)
