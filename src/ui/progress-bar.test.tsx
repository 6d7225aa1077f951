import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProgressBar, PROGRESS_DELAY_MS } from './progress-bar'

describe('ProgressBar', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const state = () => screen.getByTestId('route-progress').dataset.state

  it('stays hidden for work that ends before the delay, so quick navigations do not flash', () => {
    const { rerender } = render(<ProgressBar active label="Загрузка" />)
    act(() => {
      vi.advanceTimersByTime(PROGRESS_DELAY_MS - 10)
    })
    rerender(<ProgressBar active={false} label="Загрузка" />)
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(state()).toBe('idle')
  })

  it('runs after the delay, then finishes and hides when the work is done', () => {
    const { rerender } = render(<ProgressBar active label="Загрузка" />)
    expect(state()).toBe('idle')
    act(() => {
      vi.advanceTimersByTime(PROGRESS_DELAY_MS)
    })
    expect(state()).toBe('running')
    expect(screen.getByRole('progressbar', { name: 'Загрузка' }).getAttribute('aria-busy')).toBe('true')
    rerender(<ProgressBar active={false} label="Загрузка" />)
    act(() => {
      vi.advanceTimersByTime(0)
    })
    expect(state()).toBe('finishing')
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(state()).toBe('idle')
  })
})
