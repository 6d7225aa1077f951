import { createOutbox, type Outbox } from '../data/outbox'
import { nextMutationNumber, sendThroughApi } from '../data/outbox-send'

/**
 * The service worker's own replay of the outbox, for Background Sync: the queue lives in IndexedDB, which
 * the worker reads as the windows do, so the changes are sent even when no window is open. It takes the
 * same Web Lock as the windows (`navigator.locks` in workers too), so a window replaying at the same time
 * waits and finds the changes sent; the windows reload the queue when this one tells them it wrote.
 */
let workerOutbox: Outbox | undefined

export function outboxOfWorker(): Outbox {
  // imported, not loaded on demand as the pages do: a service worker cannot import() code
  workerOutbox ??= createOutbox({
    announce: true,
    send: sendThroughApi,
    numberMutation: () => nextMutationNumber(),
  })
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
  await outbox.replay({ force: true })
  const waiting = outbox.getItems().filter((item) => item.status === 'pending').length
  if (waiting > 0 && !lastChance) throw new Error(`outbox: ${waiting} change(s) still wait for the network`)
}
