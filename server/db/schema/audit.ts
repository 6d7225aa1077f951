import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Who did something the store keeps a record of. */
export type AuditActorKind = 'shopper' | 'staff' | 'system'

/**
 * The audit log (README, Security): sign-ins, payments and operators' actions, one row each, written in
 * the transaction of the change it records when there is one, so a record never outlives a rolled-back
 * change and a change never commits without its record. Rows are only ever added.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    /** The account's id for a shopper or staff member, a process or command name for the system. */
    actorId: text('actor_id'),
    /** What happened: 'signin.password', 'payment.paid', 'order.status'... */
    action: text('action').notNull(),
    /** What it happened to: 'user', 'order', 'review'... */
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The client's address, as the store reads it (README, Security: who the client is). */
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectKind, t.subjectId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_at_idx').on(t.at),
    check('audit_log_actor_kind_check', sql`${t.actorKind} in ('shopper', 'staff', 'system')`),
  ],
)
