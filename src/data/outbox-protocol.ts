/**
 * What the page and the service worker agree on for Background Sync: the page registers the tag, and the
 * worker's `sync` handler replays the outbox itself (src/sw/outbox-replay.ts), window or no window.
 */
export { OUTBOX_SYNC_TAG } from './outbox-item'
