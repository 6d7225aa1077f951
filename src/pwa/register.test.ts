import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OUTBOX_REPLAY_MESSAGE } from '../data/outbox-protocol'
import { listenForOutboxReplay, registerServiceWorker } from './register'

let container: EventTarget

beforeEach(() => {
  container = new EventTarget()
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

/** What the worker's sync handler posts: the replay request with a port for the answer. */
function postFromWorker(data: unknown) {
  const port = { postMessage: vi.fn() }
  container.dispatchEvent(Object.assign(new Event('message'), { data, ports: [port] }))
  return port
}

describe('the outbox bridge', () => {
  it('replays on the worker request and reports success on its port', async () => {
    const onReplay = vi.fn(async () => undefined)
    listenForOutboxReplay(onReplay)
    const port = postFromWorker({ type: OUTBOX_REPLAY_MESSAGE })
    await vi.waitFor(() => expect(port.postMessage).toHaveBeenCalledWith({ ok: true }))
    expect(onReplay).toHaveBeenCalledTimes(1)
  })

  it('reports a failed replay so the browser retries the sync', async () => {
    listenForOutboxReplay(() => Promise.reject(new Error('offline again')))
    const port = postFromWorker({ type: OUTBOX_REPLAY_MESSAGE })
    await vi.waitFor(() => expect(port.postMessage).toHaveBeenCalledWith({ ok: false }))
  })

  it('ignores other messages, and stops listening when asked', async () => {
    const onReplay = vi.fn()
    const stop = listenForOutboxReplay(onReplay)
    postFromWorker({ type: 'something-else' })
    postFromWorker('outbox')
    stop()
    postFromWorker({ type: OUTBOX_REPLAY_MESSAGE })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(onReplay).not.toHaveBeenCalled()
  })
})

describe('registration', () => {
  it('registers nothing outside a production build', async () => {
    const onOutboxReplay = vi.fn()
    registerServiceWorker({ onNeedRefresh: vi.fn(), onOutboxReplay })
    postFromWorker({ type: OUTBOX_REPLAY_MESSAGE })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(onOutboxReplay).not.toHaveBeenCalled()
  })
})
