/** A browser's push subscription as the store keeps it (`PushSubscription.toJSON()`). */
export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** The store's VAPID identity (RFC 8292): the push service checks the JWT signed with it. */
export interface VapidIdentity {
  publicKey: string
  privateKey: string
  /** `mailto:` or `https:` contact the push service may use. */
  subject: string
}

export interface PushSendOptions {
  /** How long the push service keeps an undelivered message, in seconds. */
  ttlSeconds: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** RFC 8030 topic: a newer message with it replaces one still waiting (≤ 32 base64url characters). */
  topic?: string
}

/**
 * What became of one send. `gone` is the push service's 404 or 410: the subscription has ended and is
 * dropped. `retry` is worth another try later (429, 5xx, no answer); `rejected` is not (another 4xx, a
 * payload that cannot be encrypted to the subscription's keys).
 */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; reason: string }
  | { kind: 'rejected'; status: number | null; reason: string }

/** What the store asks of a push service: deliver one encrypted message (RFC 8291) to one subscription. */
export interface PushProvider {
  readonly name: string
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushOutcome>
}

/** The push service's answer status, sorted into what the store does next. */
export function outcomeOf(status: number, reason = `push service answered ${status}`): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  if (status === 429 || status >= 500) return { kind: 'retry', status, reason }
  return { kind: 'rejected', status, reason }
}
