import { desc, eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Db } from '../../db/connection'
import { pushOutbox } from '../../db/schema/push'
import type { PushOutcome, PushProvider, VapidIdentity } from './types'

export interface OutboxPush {
  id: number
  endpoint: string
  payload: string
  body: Buffer
  headers: Record<string, string>
  createdAt: Date
}

/**
 * The built-in provider: nothing leaves the machine. A browser's real endpoint is its vendor's push
 * service, which a store without outside access cannot reach, so each message is built exactly as the
 * real provider builds it (the `web-push` library's encrypted aes128gcm body and VAPID headers) and
 * written to `push_outbox` instead of being posted; it answers as a push service that took it (201).
 * `GET /dev/push-outbox` lists them, and a test holding the subscription's private key decrypts the body.
 * The browser shows nothing: delivering to the service worker is the push service's part.
 */
export function createLocalPushProvider(
  db: Db,
  vapid: VapidIdentity,
): PushProvider & { outbox(endpoint: string, limit?: number): Promise<OutboxPush[]> } {
  return {
    name: 'local',
    async send(target, payload, options): Promise<PushOutcome> {
      let request: webpush.RequestDetails
      try {
        request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: vapid,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          ...(options.topic ? { topic: options.topic } : {}),
          contentEncoding: 'aes128gcm',
        })
      } catch (error) {
        return {
          kind: 'rejected',
          status: null,
          reason: error instanceof Error ? error.message : String(error),
        }
      }
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]))
      await db.insert(pushOutbox).values({
        endpoint: target.endpoint,
        payload,
        body: Buffer.from(request.body as Buffer),
        headers,
      })
      return { kind: 'delivered', status: 201 }
    },

    async outbox(endpoint, limit = 20) {
      return db
        .select()
        .from(pushOutbox)
        .where(eq(pushOutbox.endpoint, endpoint))
        .orderBy(desc(pushOutbox.id))
        .limit(limit)
    },
  }
}
export type LocalPushProvider = ReturnType<typeof createLocalPushProvider>
