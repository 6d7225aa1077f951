/**
 * What the page and the service worker agree on for Background Sync: the page registers the tag, the
 * worker's `sync` handler posts the message to every client, and the page replays its outbox.
 */
export { OUTBOX_SYNC_TAG } from './outbox-item'
export const OUTBOX_REPLAY_MESSAGE = 'outbox-replay'

export interface OutboxReplayMessage {
  type: typeof OUTBOX_REPLAY_MESSAGE
}

export function isOutboxReplayMessage(data: unknown): data is OutboxReplayMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_REPLAY_MESSAGE
}
