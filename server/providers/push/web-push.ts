import type { Agent } from 'node:https'
import webpush from 'web-push'
import { outcomeOf, type PushOutcome, type PushProvider, type VapidIdentity } from './types'

export interface WebPushOptions {
  vapid: VapidIdentity
  /** Gives up on a push service that has not answered in this time (the send is retried later). */
  timeoutMs?: number
  /** Tests pass one that trusts their own certificate; the store uses node's default. */
  agent?: Agent
}

/**
 * The real provider: the `web-push` library encrypts the payload to the subscription's keys
 * (aes128gcm, RFC 8291), signs a VAPID JWT and posts the message to the subscription's endpoint, the
 * browser's push service (FCM, Mozilla autopush, Apple, WNS), which answers 201 when it took it.
 */
export function createWebPushProvider({ vapid, timeoutMs = 10_000, agent }: WebPushOptions): PushProvider {
  return {
    name: 'web-push',
    async send(target, payload, options): Promise<PushOutcome> {
      try {
        const res = await webpush.sendNotification(target, payload, {
          vapidDetails: vapid,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          ...(options.topic ? { topic: options.topic } : {}),
          contentEncoding: 'aes128gcm',
          timeout: timeoutMs,
          ...(agent ? { agent } : {}),
        })
        return outcomeOf(res.statusCode)
      } catch (error) {
        if (error instanceof webpush.WebPushError)
          return outcomeOf(error.statusCode, error.body || error.message)
        const reason = error instanceof Error ? error.message : String(error)
        // a socket error or timeout has a code: the service may answer later; anything else is the
        // message itself failing (keys that cannot be encrypted to), which no retry mends
        const code = (error as { code?: unknown } | null)?.code
        return typeof code === 'string' || /timeout/i.test(reason)
          ? { kind: 'retry', status: null, reason }
          : { kind: 'rejected', status: null, reason }
      }
    },
  }
}
