import type { z } from 'zod'
import { NotificationPayloads, type NotificationKind } from '../../../contract/notifications'

/** A kind's payload as stored: checked and with its defaults filled in. */
export type StoredPayload<K extends NotificationKind> = z.output<(typeof NotificationPayloads)[K]>

/**
 * Checks a raiser's payload against its kind's schema. A wrong payload is a bug of the raising module, not
 * of a shopper's request: it throws, so the raiser's test fails rather than a notification reading wrong.
 */
export function checkedPayload<K extends NotificationKind>(kind: K, payload: unknown): StoredPayload<K> {
  const parsed = NotificationPayloads[kind].safeParse(payload)
  if (!parsed.success)
    throw new TypeError(`notify(${kind}): payload does not fit its kind: ${parsed.error.message}`)
  return parsed.data as StoredPayload<K>
}

/** A stored payload read back; one that no longer fits its kind (an older shape) reads as null. */
export function readPayload<K extends NotificationKind>(kind: K, payload: unknown): StoredPayload<K> | null {
  const parsed = NotificationPayloads[kind].safeParse(payload)
  return parsed.success ? (parsed.data as StoredPayload<K>) : null
}
