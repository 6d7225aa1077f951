import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { databaseError } from '../../db/errors'
import type { Db } from '../../db/connection'
import { authSessions, authTokens, users } from '../../db/schema/account'
import { tokenHash } from '../../lib/secret-tokens'
import { newTdid } from './tokens'

export type UserRow = typeof users.$inferSelect

export interface NewUser {
  phone: string
  email: string | null
  passwordHash: string | null
  kind: 'fast' | 'full'
  firstname: string
  lastname: string
}

/** PostgreSQL's SQLSTATE for a unique violation. */
export const isUniqueViolation = (error: unknown): boolean => databaseError(error, '23505') !== null

/** A sign-in ended: one session, or every session of a user. */
export type Revocation = { session: string } | { user: string }

export function createAccountRepo(db: Db, onRevoked: (ended: Revocation) => Promise<void> = async () => {}) {
  // asked for each access token not remembered (access-tokens.ts): named, so it is planned once a connection
  const accessTokenUserQuery = db
    .select({
      userId: users.id,
      phone: users.phone,
      signInId: authSessions.id,
      // measured by the database's clock, which judged the expiry
      msLeft: sql<number>`(extract(epoch from least(${authTokens.expiresAt}, ${authSessions.expiresAt}) - now()) * 1000)::float8`,
    })
    .from(authTokens)
    .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        eq(authTokens.kind, 'access'),
        gt(authTokens.expiresAt, sql`now()`),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('access_token_user')
  return {
    async userByPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone))
      return row
    },

    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email))
      return row
    },

    async userById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },

    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
      return row !== undefined
    },

    async createUser(user: NewUser): Promise<UserRow> {
      // The tdid is random: on the rare collision, draw again.
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await db
            .insert(users)
            .values({ ...user, tdid: newTdid() })
            .returning()
          if (!row) throw new Error('insert returned no row')
          return row
        } catch (error) {
          const tdidClash = isUniqueViolation(error) && attempt < 3 && !(await this.userByPhone(user.phone))
          if (!tdidClash) throw error
        }
      }
    },

    async updateProfile(
      id: string,
      fields: { firstname: string; lastname: string; email?: string | null },
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    /** A new password proven by SMS: the account becomes full. */
    async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          passwordHash,
          kind: 'full',
          mustChangePassword: false,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    async createSession(userId: string, lifetimeSeconds: number): Promise<string> {
      const [row] = await db
        .insert(authSessions)
        .values({ userId, expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})` })
        .returning({ id: authSessions.id })
      if (!row) throw new Error('insert returned no row')
      return row.id
    },

    async addToken(
      sessionId: string,
      kind: 'access' | 'refresh',
      token: string,
      lifetimeSeconds: number,
    ): Promise<void> {
      // A token never outlives its session's absolute expiry.
      await db.insert(authTokens).values({
        tokenHash: tokenHash(token),
        sessionId,
        kind,
        expiresAt: sql`least(now() + make_interval(secs => ${lifetimeSeconds}), (select ${authSessions.expiresAt} from ${authSessions} where ${authSessions.id} = ${sessionId}))`,
      })
    },

    /** The user behind a live access token of a live session, and how long the token has left. */
    async accessTokenUser(
      token: string,
    ): Promise<{ userId: string; phone: string; signInId: string; msLeft: number } | undefined> {
      const [row] = await accessTokenUserQuery.execute({ hash: tokenHash(token) })
      return row
    },

    async tokenSession(token: string, kind: 'access' | 'refresh') {
      const [row] = await db
        .select({
          sessionId: authSessions.id,
          userId: authSessions.userId,
          revokedAt: authSessions.revokedAt,
          sessionExpired: sql<boolean>`${authSessions.expiresAt} <= now()`,
          tokenExpired: sql<boolean>`${authTokens.expiresAt} <= now()`,
        })
        .from(authTokens)
        .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
        .where(and(eq(authTokens.tokenHash, tokenHash(token)), eq(authTokens.kind, kind)))
      return row
    },

    /** Stamps a refresh token used; false when it already was (the reuse the caller must punish). */
    async useRefreshToken(token: string): Promise<boolean> {
      const used = await db
        .update(authTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash(token)),
            eq(authTokens.kind, 'refresh'),
            isNull(authTokens.usedAt),
          ),
        )
        .returning({ hash: authTokens.tokenHash })
      return used.length === 1
    },

    async revokeSession(sessionId: string, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
      await onRevoked({ session: sessionId })
    },

    async revokeUserSessions(userId: string, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
      await onRevoked({ user: userId })
    },
  }
}

export type AccountRepo = ReturnType<typeof createAccountRepo>
