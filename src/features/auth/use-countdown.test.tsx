import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCountdown } from './use-countdown'

describe('the resend countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts the penalty down a second at a time and stops at zero', () => {
    const until = Date.now() + 20_000
    const { result } = renderHook(() => useCountdown(until))
    act(() => vi.advanceTimersByTime(0))
    expect(result.current).toBe(20)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toBe(19)
    act(() => vi.advanceTimersByTime(19_000))
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current).toBe(0)
  })

  it('starts over when a new penalty arrives', () => {
    let until = Date.now() + 3000
    const { result, rerender } = renderHook(() => useCountdown(until))
    act(() => vi.advanceTimersByTime(4000))
    expect(result.current).toBe(0)
    until = Date.now() + 20_000
    rerender()
    act(() => vi.advanceTimersByTime(0))
    expect(result.current).toBe(20)
  })
})
