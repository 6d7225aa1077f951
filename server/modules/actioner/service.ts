import { ERROR_KEYS } from '../../../contract/common'
import { HttpError } from '../../http/errors'
import type { EventRepo } from './repo'

/** An event is a few fields, not a document: anything bigger is a mistake or an attempt to fill the disk. */
export const MAX_EVENT_BYTES = 8 * 1024

export interface IncomingEvent {
  event_type: string
  subject?: string
  affiliation: string
  created_at?: string
  [key: string]: unknown
}

export function createEventService(repo: EventRepo) {
  return {
    async record(
      actionCode: string,
      event: IncomingEvent,
      who: { userId: string | null; sessionId: string | null },
    ): Promise<string> {
      if (Buffer.byteLength(JSON.stringify(event)) > MAX_EVENT_BYTES)
        throw new HttpError(413, 'payload_too_large', ERROR_KEYS.payloadTooLarge, { max: MAX_EVENT_BYTES })
      const { event_type, subject, affiliation, created_at, ...rest } = event
      return repo.insert({
        actionCode,
        eventType: event_type,
        subject: subject ?? null,
        affiliation,
        userId: who.userId,
        sessionId: who.sessionId,
        payload: rest,
        clientCreatedAt: created_at ? new Date(created_at) : null,
      })
    },
  }
}
