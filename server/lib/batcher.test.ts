import { describe, expect, it } from 'vitest'
import { createBatcher } from './batcher'

/** A run whose batches finish only when the test says so. */
function gatedRun() {
  const batches: number[][] = []
  const gates: (() => void)[] = []
  const run = async (items: number[]) => {
    batches.push(items)
    await new Promise<void>((resolve) => gates.push(resolve))
    if (items.includes(13)) throw new Error('unlucky')
    return items.map((n) => n * 10)
  }
  const openNext = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    gates.shift()?.()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { run, batches, openNext }
}

describe('batcher', () => {
  it('sends an item at once while a slot is free, and gathers the rest into the next batch', async () => {
    const { run, batches, openNext } = gatedRun()
    const batcher = createBatcher({ run, maxInFlight: 1, maxItems: 10 })
    const results = [1, 2, 3, 4].map((n) => batcher.submit(n))
    expect(batches).toEqual([[1]])
    expect(batcher.load).toEqual({ inFlight: 1, waiting: 3 })
    await openNext()
    expect(batches).toEqual([[1], [2, 3, 4]])
    await openNext()
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40])
    expect(batcher.load).toEqual({ inFlight: 0, waiting: 0 })
  })

  it('runs up to maxInFlight batches at once and caps a batch at maxItems', async () => {
    const { run, batches, openNext } = gatedRun()
    const batcher = createBatcher({ run, maxInFlight: 2, maxItems: 2 })
    const results = [1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n))
    expect(batches).toEqual([[1], [2]])
    await openNext()
    expect(batches).toEqual([[1], [2], [3, 4]])
    for (let i = 0; i < 4; i++) await openNext()
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]])
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50, 60])
  })

  it('runs the items of a failed batch again alone, so only the bad one fails', async () => {
    const { run, batches, openNext } = gatedRun()
    const batcher = createBatcher({ run, maxInFlight: 1, maxItems: 10 })
    const settled = [1, 12, 13, 14].map((n) => batcher.submit(n).then(String, (err: Error) => err.message))
    for (let i = 0; i < 6; i++) await openNext()
    expect(await Promise.all(settled)).toEqual(['10', '120', 'unlucky', '140'])
    expect(batches).toEqual([[1], [12, 13, 14], [12], [13], [14]])
  })
})
