import { describe, expect, it, vi } from 'vitest'
import { createCallbackSender } from './callbacks'
import type { PaymentCallback } from './card-acquirer/provider'
import { verifyCallback, type CallbackDelivery } from './signature'

const SECRET = 'test-callback-secret-0123456789'
const CALLBACK: PaymentCallback = {
  sessionId: '3b0c6a52-3f0e-4c47-9f5c-0d3c0c3e1a11',
  merchantRef: 'payment-1',
  amount: 12345,
  status: 'approved',
  reason: null,
  mask: '411111******1111',
}

describe('sending a provider callback', () => {
  it('posts the signed JSON body once, after the caller has moved on', async () => {
    const deliver = vi.fn<CallbackDelivery>(async () => {})
    const send = createCallbackSender({ deliver, secret: SECRET, delayMs: 0 })
    send('/checkout/api/v1/payments/callback', CALLBACK)
    expect(deliver).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(1))
    const [{ url, body, signature }] = deliver.mock.calls[0]!
    expect(url).toBe('/checkout/api/v1/payments/callback')
    expect(JSON.parse(body)).toEqual(CALLBACK)
    expect(verifyCallback(SECRET, body, signature)).toBe(true)
  })

  it('retries a failed delivery and stops at the first success', async () => {
    let calls = 0
    const deliver = vi.fn<CallbackDelivery>(async () => {
      if (++calls < 3) throw new Error('store not answering')
    })
    const log = { warn: vi.fn() }
    const send = createCallbackSender({ deliver, secret: SECRET, delayMs: 0, retryDelaysMs: [0, 0, 0], log })
    send('/cb', CALLBACK)
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(3))
    // the same signed body each time
    expect(new Set(deliver.mock.calls.map(([c]) => c.signature)).size).toBe(1)
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('gives up after three retries with a warning, and never throws', async () => {
    const deliver = vi.fn<CallbackDelivery>(async () => {
      throw new Error('store not answering')
    })
    const log = { warn: vi.fn() }
    const send = createCallbackSender({ deliver, secret: SECRET, delayMs: 0, retryDelaysMs: [1, 1, 1], log })
    expect(() => send('/cb', CALLBACK)).not.toThrow()
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1))
    expect(deliver).toHaveBeenCalledTimes(4)
    expect(log.warn.mock.calls[0]![0]).toMatchObject({
      url: '/cb',
      sessionId: CALLBACK.sessionId,
      attempts: 4,
    })
  })

  it('sends nothing without a delivery, and refuses to deliver without a secret', () => {
    expect(() => createCallbackSender({})('/cb', CALLBACK)).not.toThrow()
    expect(() => createCallbackSender({ deliver: async () => {}, secret: '' })).toThrow(/secret/)
  })
})
