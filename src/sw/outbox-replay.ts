import { createOutbox, type Outbox } from '../data/outbox'

/**
 * The service worker's own replay of the outbox, for Background Sync: the queue lives in IndexedDB, which
 * the worker reads as the windows do, so the changes are sent even when no window is open. It takes the
 * same Web Lock as the windows (`navigator.locks` in workers too), so a window replaying at the same time
 * waits and finds the changes sent; the windows reload the queue when this one tells them it wrote.
 */
let workerOutbox: Outbox | undefined

export function outboxOfWorker(): Outbox {
  workerOutbox ??= createOutbox({ announce: true })
  return workerOutbox
}

/**
 * Sends everything waiting. Rejects while a change still waits for the network or a server that failed
 * (5xx, timeout), so the browser fires the sync again later with its own backoff; on the browser's last
 * chance it settles, and the next window to open replays what is left.
 */
export async function replayOutboxInWorker(
  lastChance: boolean,
  outbox: Outbox = outboxOfWorker(),
): Promise<void> {
  try {
    await outbox.replayForSync()
  } catch (error) {
    if (!lastChance) throw error
  }
}
