import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createLocalChannel } from './channel'

const heard = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a local channel', () => {
  it('is heard by every channel of that name over the database', async () => {
    const hub = new EventEmitter()
    const [one, two, elsewhere] = [
      createLocalChannel<number>(hub, 'a'),
      createLocalChannel<number>(hub, 'a'),
      createLocalChannel<number>(hub, 'b'),
    ]
    const got: string[] = []
    one.subscribe((n) => got.push(`one ${n}`))
    two.subscribe((n) => got.push(`two ${n}`))
    elsewhere.subscribe((n) => got.push(`b ${n}`))
    await two.publish(1)
    await heard()
    expect(got).toEqual(['one 1', 'two 1'])
  })

  it('closes only its own subscriptions', async () => {
    const hub = new EventEmitter()
    const one = createLocalChannel<number>(hub, 'a')
    const two = createLocalChannel<number>(hub, 'a')
    const got: string[] = []
    one.subscribe((n) => got.push(`one ${n}`))
    two.subscribe((n) => got.push(`two ${n}`))
    await one.close()
    await two.publish(2)
    await heard()
    expect(got).toEqual(['two 2'])
  })
})
