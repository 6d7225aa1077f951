import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePendingChoice } from './use-pending-choice'

/** A piece of work the test ends when it wants, as a navigation ends when the next page has loaded. */
function deferred() {
  let finish = () => {}
  let fail = (_error: Error) => {}
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  return { promise, finish, fail }
}

describe('usePendingChoice', () => {
  it('shows the choice while its work runs, then the settled value again', async () => {
    const { result, rerender } = renderHook(({ settled }) => usePendingChoice(settled), {
      initialProps: { settled: 'score' },
    })
    const work = deferred()
    act(() => {
      void result.current[1]('price_asc', () => work.promise)
    })
    expect(result.current[0]).toBe('price_asc')
    rerender({ settled: 'price_asc' })
    await act(async () => work.finish())
    expect(result.current[0]).toBe('price_asc')
  })

  it('goes back to the settled value when the work fails, and passes the failure on', async () => {
    const { result } = renderHook(() => usePendingChoice('score'))
    const work = deferred()
    let done: Promise<unknown> = Promise.resolve()
    act(() => {
      done = result.current[1]('rating', () => work.promise)
    })
    expect(result.current[0]).toBe('rating')
    await act(async () => {
      work.fail(new Error('offline'))
      await expect(done).rejects.toThrow('offline')
    })
    expect(result.current[0]).toBe('score')
  })

  it('keeps a later choice when an earlier one finishes first', async () => {
    const { result } = renderHook(() => usePendingChoice('score'))
    const first = deferred()
    const second = deferred()
    act(() => {
      void result.current[1]('rating', () => first.promise)
    })
    act(() => {
      void result.current[1]('new', () => second.promise)
    })
    await act(async () => first.finish())
    expect(result.current[0]).toBe('new')
    await act(async () => second.finish())
    expect(result.current[0]).toBe('score')
  })
})
