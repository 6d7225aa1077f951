import { BROKER_ID_STORAGE_KEY, BROKER_ID_TTL_SECONDS } from '../../../../contract/values/broker'
import { afterEach, describe, expect, it } from 'vitest'
import { BROKER_ID_KEY, BROKER_ID_TTL_MS } from '../../../atoms/broker-id'
import { clearBrokerId, readBrokerId, saveBrokerId } from './kept-application'

describe('the broker application kept for a reload', () => {
  afterEach(() => localStorage.clear())

  it('uses the contract’s key and time', () => {
    expect(BROKER_ID_KEY).toBe(BROKER_ID_STORAGE_KEY)
    expect(BROKER_ID_TTL_MS).toBe(BROKER_ID_TTL_SECONDS * 1000)
  })

  it('is kept under brokerId for 7200 seconds', () => {
    const now = 1_700_000_000_000
    saveBrokerId('ref-1', 'order-1', now)
    expect(JSON.parse(localStorage.getItem(BROKER_ID_KEY) ?? 'null')).toEqual({
      id: 'ref-1',
      orderId: 'order-1',
      expiresAt: now + 7200_000,
    })
    expect(readBrokerId('order-1', now + BROKER_ID_TTL_MS - 1)?.id).toBe('ref-1')
  })

  it('is forgotten once 7200 seconds have passed', () => {
    const now = 1_700_000_000_000
    saveBrokerId('ref-1', 'order-1', now)
    expect(readBrokerId('order-1', now + BROKER_ID_TTL_MS)).toBeNull()
    expect(localStorage.getItem(BROKER_ID_KEY)).toBeNull()
  })

  it('resumes only the order it was made for', () => {
    saveBrokerId('ref-1', 'order-1')
    expect(readBrokerId('order-2')).toBeNull()
    expect(readBrokerId()?.orderId).toBe('order-1')
  })

  it('reads anything else stored under the key as nothing', () => {
    localStorage.setItem(BROKER_ID_KEY, '"ref-1"')
    expect(readBrokerId()).toBeNull()
    localStorage.setItem(BROKER_ID_KEY, '{not json')
    expect(readBrokerId()).toBeNull()
  })

  it('is cleared', () => {
    saveBrokerId('ref-1', 'order-1')
    clearBrokerId()
    expect(readBrokerId()).toBeNull()
  })
})
