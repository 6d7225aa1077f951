import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { mailAttachments, mailOutbox } from '../../db/schema/mail'
import type { MailAttachment, MailMessage, MailProvider } from './types'

export interface OutboxMail {
  id: number
  to: string
  subject: string
  text: string
  purpose: string
  createdAt: Date
  attachments: { position: number; filename: string; contentType: string; size: number }[]
}

/**
 * The built-in provider: nothing leaves the machine. Each message is written with its attachments to
 * `mail_outbox` and `mail_attachments`, where a developer (or a journey, through `GET /dev/mail-outbox`)
 * reads it and opens its files.
 */
export function createLocalMailProvider(db: Db): MailProvider & {
  outbox(to: string, limit?: number): Promise<OutboxMail[]>
  attachment(messageId: number, position: number): Promise<MailAttachment | null>
} {
  return {
    name: 'local',
    async send(message: MailMessage) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({ to: message.to, subject: message.subject, text: message.text, purpose: message.purpose })
          .returning({ id: mailOutbox.id })
        const files = message.attachments ?? []
        if (row && files.length > 0)
          await tx.insert(mailAttachments).values(
            files.map((f, position) => ({
              messageId: row.id,
              position,
              filename: f.filename,
              contentType: f.contentType,
              content: f.content,
            })),
          )
      })
    },

    async outbox(to, limit = 20) {
      const messages = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.id))
        .limit(limit)
      if (messages.length === 0) return []
      const files = await db
        .select({
          messageId: mailAttachments.messageId,
          position: mailAttachments.position,
          filename: mailAttachments.filename,
          contentType: mailAttachments.contentType,
          size: sql<number>`octet_length(${mailAttachments.content})`.mapWith(Number),
        })
        .from(mailAttachments)
        .where(
          inArray(
            mailAttachments.messageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(asc(mailAttachments.messageId), asc(mailAttachments.position))
      return messages.map((m) => ({
        ...m,
        attachments: files
          .filter((f) => f.messageId === m.id)
          .map((f) => ({
            position: f.position,
            filename: f.filename,
            contentType: f.contentType,
            size: f.size,
          })),
      }))
    },

    async attachment(messageId, position) {
      const [file] = await db
        .select({
          filename: mailAttachments.filename,
          contentType: mailAttachments.contentType,
          content: mailAttachments.content,
        })
        .from(mailAttachments)
        .where(and(eq(mailAttachments.messageId, messageId), eq(mailAttachments.position, position)))
      return file ?? null
    },
  }
}

export type LocalMailProvider = ReturnType<typeof createLocalMailProvider>
