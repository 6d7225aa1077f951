import { describe, expect, it } from 'vitest'
import { createKeyedQueue } from './keyed-queue'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('keyed queue', () => {
  it('runs the work of one key one after another, in order', async () => {
    const queue = createKeyedQueue()
    const log: string[] = []
    let running = 0
    const work = (name: string) => async () => {
      running++
      expect(running).toBe(1)
      log.push(`start ${name}`)
      await tick()
      log.push(`end ${name}`)
      running--
      return name
    }
    const results = await Promise.all(['a', 'b', 'c'].map((n) => queue.run('cart', work(n))))
    expect(results).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
    expect(queue.size).toBe(0)
  })

  it('runs different keys side by side', async () => {
    const queue = createKeyedQueue()
    let running = 0
    let most = 0
    const work = async () => {
      running++
      most = Math.max(most, running)
      await tick()
      running--
    }
    await Promise.all([queue.run('one', work), queue.run('two', work), queue.run('three', work)])
    expect(most).toBe(3)
  })

  it('goes on with the next work after one fails, and hands the failure to its caller', async () => {
    const queue = createKeyedQueue()
    const failed = queue.run('cart', async () => {
      await tick()
      throw new Error('refused')
    })
    const next = queue.run('cart', async () => 'done')
    await expect(failed).rejects.toThrow('refused')
    await expect(next).resolves.toBe('done')
    await tick()
    expect(queue.size).toBe(0)
  })
})
