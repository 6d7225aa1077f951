import { describe, expect, it } from 'vitest'
import { OUTBOX_REPLAY_MESSAGE } from '../data/outbox-protocol'
import { isSkipWaiting } from '../data/worker-messages'
import {
  requestOutboxReplay,
  shouldRetrySync,
  type ReplayChannel,
  type ReplayPort,
  type ReplayTarget,
} from './outbox-sync'

/** A window that answers the replay request the way the page bridge (src/pwa/register.ts) does. */
function windowAnswering(answer: { ok: boolean } | 'silent', received: unknown[] = []) {
  const target: ReplayTarget = {
    postMessage(message, transfer) {
      received.push(message)
      const port = transfer[0] as unknown as { reply: (data: unknown) => void }
      if (answer !== 'silent') queueMicrotask(() => port.reply(answer))
    },
  }
  return target
}

function fakeChannel(): ReplayChannel {
  const port1: ReplayPort & { closed: boolean } = {
    onmessage: null,
    closed: false,
    close() {
      this.closed = true
    },
  }
  const port2 = { reply: (data: unknown) => port1.onmessage?.({ data }) }
  return { port1, port2: port2 as unknown as Transferable }
}

const options = { timeoutMs: 50, createChannel: fakeChannel }

describe('asking open windows to replay the outbox', () => {
  it('sends every window the replay message', async () => {
    const received: unknown[] = []
    await requestOutboxReplay([windowAnswering({ ok: true }, received)], options)
    expect(received).toEqual([{ type: OUTBOX_REPLAY_MESSAGE }])
  })

  it('is done when one window reports success', async () => {
    const outcome = await requestOutboxReplay(
      [windowAnswering({ ok: false }), windowAnswering({ ok: true })],
      options,
    )
    expect(outcome).toBe('replayed')
  })

  it('fails only when every window reports failure', async () => {
    const outcome = await requestOutboxReplay(
      [windowAnswering({ ok: false }), windowAnswering({ ok: false })],
      options,
    )
    expect(outcome).toBe('failed')
  })

  it('stops waiting for silent windows after the timeout', async () => {
    const outcome = await requestOutboxReplay([windowAnswering('silent')], options)
    expect(outcome).toBe('no-answer')
  })

  it('leaves the replay to the next app start when no window is open', async () => {
    expect(await requestOutboxReplay([], options)).toBe('no-clients')
  })

  it('lets the browser retry a failed replay unless it was the last chance', () => {
    expect(shouldRetrySync('failed', false)).toBe(true)
    expect(shouldRetrySync('failed', true)).toBe(false)
    expect(shouldRetrySync('replayed', false)).toBe(false)
    expect(shouldRetrySync('no-answer', false)).toBe(false)
    expect(shouldRetrySync('no-clients', false)).toBe(false)
  })
})

describe('the update message', () => {
  it('recognises what workbox-window posts to the waiting worker', () => {
    expect(isSkipWaiting({ type: 'SKIP_WAITING' })).toBe(true)
    expect(isSkipWaiting({ type: 'skip' })).toBe(false)
    expect(isSkipWaiting('SKIP_WAITING')).toBe(false)
    expect(isSkipWaiting(null)).toBe(false)
  })
})
