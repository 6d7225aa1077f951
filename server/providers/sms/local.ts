import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { smsOutbox } from '../../db/schema/account'
import type { SmsMessage, SmsProvider } from './types'

/**
 * The built-in provider: nothing leaves the machine, each message is written to the `sms_outbox` table,
 * where a developer (or a journey test, through `GET /dev/sms-outbox`) reads the code.
 */
export function createLocalSmsProvider(db: Db): SmsProvider & {
  outbox(phone: string, limit?: number): Promise<(SmsMessage & { createdAt: Date })[]>
} {
  return {
    name: 'local',
    async send(message) {
      await db.insert(smsOutbox).values(message)
    },
    async outbox(phone, limit = 20) {
      return db
        .select({
          phone: smsOutbox.phone,
          text: smsOutbox.text,
          purpose: smsOutbox.purpose,
          createdAt: smsOutbox.createdAt,
        })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, phone)))
        .orderBy(desc(smsOutbox.id))
        .limit(limit)
    },
  }
}
