import { userInfo } from 'node:os'
import { and, desc, eq, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { auditLog, type AuditActorKind } from '../../db/schema/audit'

export type { AuditActorKind }

/** One thing that happened, as a caller records it. */
export interface AuditEntry {
  actorKind: AuditActorKind
  /** The account's id (shopper, staff), or the command or process (system); null when nobody is known. */
  actorId: string | null
  /** What happened, dotted: 'signin.password', 'payment.paid', 'order.status', 'review.approve'. */
  action: string
  /** What it happened to: 'user', 'order', 'payment', 'review'. */
  subjectKind: string
  subjectId: string | null
  /** What else a reader needs (never a secret: no codes, passwords, tokens or card numbers). */
  details?: Record<string, unknown>
  /** The client's address, when a request did it. */
  ip?: string | null
}

/** Who acts, as the entries of one caller share it. */
export type AuditActor = Pick<AuditEntry, 'actorKind' | 'actorId' | 'ip'>

/**
 * The person at the console running an operator's command (`npm run operator`, `bonus`, `moderate`,
 * `fulfil`): staff, named by the system account that ran it, as `cli:<user>`.
 */
export function consoleOperator(): AuditActor {
  let user = 'unknown'
  try {
    user = userInfo().username || user
  } catch {
    // a process without a passwd entry (some containers): the command is still recorded
  }
  return { actorKind: 'staff', actorId: `cli:${user}`, ip: null }
}

/** A recorded entry, as `listAudit` returns it. */
export interface AuditRecord {
  id: number
  at: Date
  actorKind: AuditActorKind
  actorId: string | null
  action: string
  subjectKind: string
  subjectId: string | null
  details: Record<string, unknown>
  ip: string | null
}

export interface AuditQuery {
  subjectKind?: string
  subjectId?: string
  actorId?: string
  action?: string
  /** At most this many, newest first (1-500). */
  limit: number
  /** Only entries older than this id: the next page after the last id seen. */
  before?: number
}

export const AUDIT_MAX_PAGE = 500

/**
 * Records one entry. Hand it the caller's transaction to record a change with the change: the entry
 * commits or rolls back with it. The table refuses updates and deletes (migration's trigger).
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    subjectKind: entry.subjectKind,
    subjectId: entry.subjectId,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  })
}

/** Entries matching every filter given, newest first; page on with `before` the last id returned. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditRecord[]> {
  const where: SQL[] = []
  if (query.subjectKind !== undefined) where.push(eq(auditLog.subjectKind, query.subjectKind))
  if (query.subjectId !== undefined) where.push(eq(auditLog.subjectId, query.subjectId))
  if (query.actorId !== undefined) where.push(eq(auditLog.actorId, query.actorId))
  if (query.action !== undefined) where.push(eq(auditLog.action, query.action))
  if (query.before !== undefined) where.push(lt(auditLog.id, query.before))
  const limit = Math.max(1, Math.min(AUDIT_MAX_PAGE, Math.trunc(query.limit)))
  const found = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit)
  return found.map((row) => ({ ...row, at: new Date(row.at) }))
}
