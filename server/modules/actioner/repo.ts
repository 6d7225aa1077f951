import type { Db } from '../../db/connection'
import { actionEvents } from '../../db/schema/account-area'

export interface NewEvent {
  actionCode: string
  eventType: string
  subject: string | null
  affiliation: string
  userId: string | null
  sessionId: string | null
  payload: Record<string, unknown>
  clientCreatedAt: Date | null
}

export function createEventRepo(db: Db) {
  return {
    async insert(event: NewEvent): Promise<string> {
      const [row] = await db.insert(actionEvents).values(event).returning({ id: actionEvents.id })
      return row!.id
    },
  }
}
export type EventRepo = ReturnType<typeof createEventRepo>
