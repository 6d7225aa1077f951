import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Each device numbers the changes it sends (the outbox, `X-Device-Id` and `X-Mutation-Seq`); the number
 * of the last change applied is written in the same transaction or statement as the change itself, so a
 * replay, a reordered or a duplicated request never applies twice (on top of the Idempotency-Key).
 */
export const deviceMutations = pgTable('device_mutations', {
  deviceId: text('device_id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
