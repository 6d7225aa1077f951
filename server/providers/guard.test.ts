import { describe, expect, it, vi } from 'vitest'
import { HttpError } from '../http/errors'
import { createProviderGuard } from './guard'

function logged() {
  const entries: { details: Record<string, unknown>; message: string }[] = []
  return {
    entries,
    log: {
      warn: (details: object, message: string) => void entries.push({ details: { ...details }, message }),
    },
  }
}

describe('the provider guard', () => {
  it('answers what the provider answered in time', async () => {
    const guard = createProviderGuard({ timeoutMs: 200 })
    await expect(
      guard({ provider: 'card', operation: 'createPayment' }, async () => 'session-1'),
    ).resolves.toBe('session-1')
  })

  it('fails a provider that never answers with 504 provider_timeout at the deadline, logged with its name', async () => {
    const { entries, log } = logged()
    const guard = createProviderGuard({ timeoutMs: 40, log })
    let aborted = false
    const started = Date.now()
    const call = guard(
      { provider: 'qr', operation: 'createPayment', message: 'payment:providerUnavailable' },
      (signal) => {
        signal.addEventListener('abort', () => (aborted = true))
        return new Promise<never>(() => {})
      },
    )
    await expect(call).rejects.toBeInstanceOf(HttpError)
    await expect(call).rejects.toMatchObject({
      statusCode: 504,
      code: 'provider_timeout',
      message: 'payment:providerUnavailable',
    })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(aborted).toBe(true)
    expect(entries).toMatchObject([
      { details: { provider: 'qr', operation: 'createPayment' }, message: 'provider timed out' },
    ])
  })

  it('turns a provider that throws, at once or later, into 502 provider_unavailable with its name in the log', async () => {
    const { entries, log } = logged()
    const guard = createProviderGuard({ timeoutMs: 1_000, log })
    const thrown = guard({ provider: 'sms', operation: 'send' }, () => {
      throw new Error('socket hang up')
    })
    await expect(thrown).rejects.toMatchObject({
      statusCode: 502,
      code: 'provider_unavailable',
      message: 'errors:tryLater',
    })
    const answered500 = guard({ provider: 'broker', operation: 'apply' }, () =>
      Promise.reject(Object.assign(new Error('Internal Server Error'), { statusCode: 500 })),
    )
    await expect(answered500).rejects.toMatchObject({ statusCode: 502, code: 'provider_unavailable' })
    expect(entries.map((e) => [e.details.provider, e.message])).toEqual([
      ['sms', 'provider failed'],
      ['broker', 'provider failed'],
    ])
  })

  it('hands an answer that came after the deadline to onLate, so what it opened can be closed', async () => {
    const guard = createProviderGuard({ timeoutMs: 30 })
    let answer: (value: string) => void = () => {}
    const onLate = vi.fn()
    const call = guard(
      { provider: 'card', operation: 'createPayment', onLate },
      () => new Promise<string>((r) => (answer = r)),
    )
    await expect(call).rejects.toMatchObject({ statusCode: 504 })
    answer('late-session')
    await vi.waitFor(() => expect(onLate).toHaveBeenCalledWith('late-session'))
  })

  it('never calls onLate for an answer in time, and logs an onLate that fails instead of throwing', async () => {
    const { entries, log } = logged()
    const guard = createProviderGuard({ timeoutMs: 30, log })
    const inTime = vi.fn()
    await guard({ provider: 'qr', operation: 'createPayment', onLate: inTime }, async () => 'on-time')
    let answer: (value: string) => void = () => {}
    const call = guard(
      { provider: 'qr', operation: 'createPayment', onLate: () => Promise.reject(new Error('still down')) },
      () => new Promise<string>((r) => (answer = r)),
    )
    await expect(call).rejects.toMatchObject({ statusCode: 504 })
    answer('late')
    await vi.waitFor(() => expect(entries.map((e) => e.message)).toContain('late provider answer not undone'))
    expect(inTime).not.toHaveBeenCalled()
  })
})
