import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { StaffRole } from '../../../contract/values/staff'
import type { Db } from '../../db/connection'
import { databaseError } from '../../db/errors'
import { staff, staffSessions, staffTokens } from '../../db/schema/staff'
import { tokenHash } from '../../lib/secret-tokens'

export type StaffRow = typeof staff.$inferSelect

/** Who a live staff access token belongs to, with the role they have now. */
export interface StaffPrincipal {
  id: string
  login: string
  role: StaffRole
  /** The sign-in the token belongs to: what sign-out ends. */
  sessionId: string
}

export const isUniqueViolation = (error: unknown): boolean => databaseError(error, '23505') !== null

/** The SQL of staff accounts, their sign-ins and tokens. */
export function createStaffRepo(db: Db) {
  // Every back-office request asks it: named, so PostgreSQL plans it once per connection. A disabled
  // account's tokens stop working here at once, even before its sessions are revoked.
  const accessTokenQuery = db
    .select({ id: staff.id, login: staff.login, role: staff.role, sessionId: staffSessions.id })
    .from(staffTokens)
    .innerJoin(staffSessions, eq(staffSessions.id, staffTokens.sessionId))
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, sql.placeholder('hash')),
        eq(staffTokens.kind, 'access'),
        gt(staffTokens.expiresAt, sql`now()`),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staff.disabledAt),
      ),
    )
    .prepare('staff_access_token')

  return {
    async byLogin(login: string): Promise<StaffRow | undefined> {
      const [row] = await db.select().from(staff).where(eq(staff.login, login))
      return row
    },

    async byId(id: string): Promise<StaffRow | undefined> {
      const [row] = await db.select().from(staff).where(eq(staff.id, id))
      return row
    },

    list(): Promise<StaffRow[]> {
      return db.select().from(staff).orderBy(asc(staff.login))
    },

    /** A new account; undefined when the login is taken. */
    async create(row: {
      login: string
      name: string
      role: StaffRole
      passwordHash: string
    }): Promise<StaffRow | undefined> {
      try {
        const [created] = await db.insert(staff).values(row).returning()
        return created
      } catch (error) {
        if (isUniqueViolation(error)) return undefined
        throw error
      }
    },

    /** Disables an account and ends its sign-ins in one transaction; false when there is no such login. */
    async disable(login: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(staff)
          .set({ disabledAt: sql`coalesce(${staff.disabledAt}, now())` })
          .where(eq(staff.login, login))
          .returning({ id: staff.id })
        if (!row) return false
        await tx
          .update(staffSessions)
          .set({ revokedAt: sql`now()`, revokedReason: 'disabled' })
          .where(and(eq(staffSessions.staffId, row.id), isNull(staffSessions.revokedAt)))
        return true
      })
    },

    async createSession(staffId: string, seconds: number): Promise<string> {
      const [row] = await db
        .insert(staffSessions)
        .values({ staffId, expiresAt: sql`now() + make_interval(secs => ${seconds})` })
        .returning({ id: staffSessions.id })
      return row!.id
    },

    async addToken(sessionId: string, kind: 'access' | 'refresh', token: string, seconds: number) {
      // A token never outlives its sign-in's absolute end.
      await db.insert(staffTokens).values({
        tokenHash: tokenHash(token),
        sessionId,
        kind,
        expiresAt: sql`least(now() + make_interval(secs => ${seconds}), (select expires_at from staff_sessions where id = ${sessionId}))`,
      })
    },

    async accessTokenStaff(token: string): Promise<StaffPrincipal | undefined> {
      const [row] = await accessTokenQuery.execute({ hash: tokenHash(token) })
      return row
    },

    async tokenSession(token: string, kind: 'access' | 'refresh') {
      const [row] = await db
        .select({
          sessionId: staffSessions.id,
          staffId: staffSessions.staffId,
          revokedAt: staffSessions.revokedAt,
          sessionExpired: sql<boolean>`${staffSessions.expiresAt} <= now()`,
          tokenExpired: sql<boolean>`${staffTokens.expiresAt} <= now()`,
        })
        .from(staffTokens)
        .innerJoin(staffSessions, eq(staffSessions.id, staffTokens.sessionId))
        .where(and(eq(staffTokens.tokenHash, tokenHash(token)), eq(staffTokens.kind, kind)))
      return row
    },

    /** Stamps a refresh token used; false when it already was (the reuse the caller must punish). */
    async useRefreshToken(token: string): Promise<boolean> {
      const used = await db
        .update(staffTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffTokens.tokenHash, tokenHash(token)),
            eq(staffTokens.kind, 'refresh'),
            isNull(staffTokens.usedAt),
          ),
        )
        .returning({ hash: staffTokens.tokenHash })
      return used.length === 1
    },

    async revokeSession(sessionId: string, reason: string) {
      await db
        .update(staffSessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
    },
  }
}
export type StaffRepo = ReturnType<typeof createStaffRepo>
