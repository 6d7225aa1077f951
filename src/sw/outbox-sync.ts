import { OUTBOX_REPLAY_MESSAGE } from '../data/outbox-protocol'
import { isOutboxReplayAck } from '../data/worker-messages'

/** The parts of a MessageChannel this module uses, so tests can hand in a fake. */
export interface ReplayPort {
  onmessage: ((event: { data: unknown }) => void) | null
  close(): void
}
export interface ReplayChannel {
  port1: ReplayPort
  port2: Transferable
}
/** A window client, as far as asking it to replay goes. */
export interface ReplayTarget {
  postMessage(message: unknown, transfer: Transferable[]): void
}

/**
 * replayed: a window sent everything; failed: every window answered and none could; no-clients: no window
 * is open (the app replays at its next start); no-answer: the windows stayed silent until the timeout
 * (an older shell that does not answer, or a replay still running).
 */
export type ReplayOutcome = 'replayed' | 'failed' | 'no-clients' | 'no-answer'

export interface ReplayOptions {
  timeoutMs: number
  createChannel?: () => ReplayChannel
}

/**
 * The outbox lives in the pages' IndexedDB code, so the worker does not send anything itself: it asks
 * every open window to replay and waits for the first to report back on a private port.
 */
export function requestOutboxReplay(
  targets: readonly ReplayTarget[],
  { timeoutMs, createChannel = () => new MessageChannel() as unknown as ReplayChannel }: ReplayOptions,
): Promise<ReplayOutcome> {
  if (targets.length === 0) return Promise.resolve('no-clients')
  return new Promise((resolve) => {
    const ports: ReplayPort[] = []
    let failures = 0
    let settled = false
    const settle = (outcome: ReplayOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      for (const port of ports) {
        port.onmessage = null
        port.close()
      }
      resolve(outcome)
    }
    const timer = setTimeout(() => settle('no-answer'), timeoutMs)
    for (const target of targets) {
      const channel = createChannel()
      ports.push(channel.port1)
      channel.port1.onmessage = ({ data }) => {
        if (!isOutboxReplayAck(data)) return
        if (data.ok) settle('replayed')
        else if (++failures === targets.length) settle('failed')
      }
      target.postMessage({ type: OUTBOX_REPLAY_MESSAGE }, [channel.port2])
    }
  })
}

/**
 * A rejected sync event is retried by the browser with backoff, so only a replay that every window
 * reported as failed is worth another try, and only while the browser still offers one.
 */
export function shouldRetrySync(outcome: ReplayOutcome, lastChance: boolean): boolean {
  return outcome === 'failed' && !lastChance
}
