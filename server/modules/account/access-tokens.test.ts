import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createLocalChannel, type Channel } from '../../db/channel'
import { createAccessTokens } from './access-tokens'
import type { Revocation } from './repo'

const ann = { userId: 'u1', phone: '77010000001', signInId: 's1' }
const ann2 = { userId: 'u1', phone: '77010000001', signInId: 's2' }
const bob = { userId: 'u2', phone: '77010000002', signInId: 's3' }
const rows: Record<string, typeof ann> = { a1: ann, a2: ann2, b1: bob }

/** Two processes' channels over one hub, the second's listening connection switchable. */
function setup(options: { msLeft?: number; ttlMs?: number; maxEntries?: number } = {}) {
  const hub = new EventEmitter()
  let up = true
  const local = createLocalChannel<Revocation>(hub, 'auth_revoked')
  const resyncs: (() => void)[] = []
  const revocations: Channel<Revocation> = {
    ...local,
    listening: () => up,
    onResync: (listener) => {
      resyncs.push(listener)
      return () => {}
    },
  }
  const other = createLocalChannel<Revocation>(hub, 'auth_revoked')
  let clock = 1_000_000
  const asked: string[] = []
  let hold: Promise<void> | null = null
  const tokens = createAccessTokens({
    lookup: async (token) => {
      asked.push(token)
      if (hold) await hold
      const row = rows[token]
      return row && { ...row, msLeft: options.msLeft ?? 3_600_000 }
    },
    revocations,
    ttlMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries,
    now: () => clock,
  })
  return {
    tokens,
    asked,
    other,
    tick: (ms: number) => (clock += ms),
    setUp: (value: boolean) => (up = value),
    resync: () => resyncs.forEach((r) => r()),
    holdLookups: () => {
      let release!: () => void
      hold = new Promise((resolve) => (release = resolve))
      return () => {
        hold = null
        release()
      }
    },
  }
}

const heard = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('access tokens remembered per process', () => {
  it('asks the database once for a token used again, and every time for an unknown one', async () => {
    const { tokens, asked } = setup()
    expect(await tokens.verify('a1')).toEqual(ann)
    expect(await tokens.verify('a1')).toEqual(ann)
    expect(await tokens.verify('nope')).toBeNull()
    expect(await tokens.verify('nope')).toBeNull()
    expect(asked).toEqual(['a1', 'nope', 'nope'])
  })

  it('asks again after the time to remember, or sooner when the token expires first', async () => {
    const s = setup({ ttlMs: 30_000 })
    await s.tokens.verify('a1')
    s.tick(29_999)
    await s.tokens.verify('a1')
    s.tick(2)
    await s.tokens.verify('a1')
    expect(s.asked).toEqual(['a1', 'a1'])

    const soon = setup({ ttlMs: 30_000, msLeft: 5_000 })
    await soon.tokens.verify('a1')
    soon.tick(5_001)
    await soon.tokens.verify('a1')
    expect(soon.asked).toEqual(['a1', 'a1'])
  })

  it('forgets a sign-in ended in another process, and only that one', async () => {
    const { tokens, asked, other } = setup()
    for (const t of ['a1', 'a2', 'b1']) await tokens.verify(t)
    await other.publish({ session: 's1' })
    await heard()
    for (const t of ['a1', 'a2', 'b1']) await tokens.verify(t)
    expect(asked).toEqual(['a1', 'a2', 'b1', 'a1'])
  })

  it('forgets every sign-in of a user whose sessions all ended', async () => {
    const { tokens, asked, other } = setup()
    for (const t of ['a1', 'a2', 'b1']) await tokens.verify(t)
    await other.publish({ user: 'u1' })
    await heard()
    for (const t of ['a1', 'a2', 'b1']) await tokens.verify(t)
    expect(asked).toEqual(['a1', 'a2', 'b1', 'a1', 'a2'])
  })

  it('forgets a sign-in it ended itself at once, before the others hear', async () => {
    const { tokens, asked } = setup()
    await tokens.verify('a1')
    const told = tokens.revoked({ session: 's1' })
    await tokens.verify('a1')
    await told
    expect(asked).toEqual(['a1', 'a1'])
  })

  it('does not remember a check that was under way when a revocation came', async () => {
    const { tokens, asked, other, holdLookups } = setup()
    const release = holdLookups()
    const checking = tokens.verify('a1')
    await other.publish({ session: 's1' })
    await heard()
    release()
    expect(await checking).toEqual(ann)
    await tokens.verify('a1')
    expect(asked).toEqual(['a1', 'a1'])
  })

  it('answers nothing from memory while it cannot hear, and forgets everything once it hears again', async () => {
    const { tokens, asked, setUp, resync } = setup()
    await tokens.verify('a1')
    setUp(false)
    await tokens.verify('a1')
    await tokens.verify('b1')
    await tokens.verify('b1')
    expect(asked).toEqual(['a1', 'a1', 'b1', 'b1'])
    expect(tokens.size()).toBe(0)

    setUp(true)
    await tokens.verify('a1')
    resync()
    expect(tokens.size()).toBe(0)
    await tokens.verify('a1')
    expect(asked).toEqual(['a1', 'a1', 'b1', 'b1', 'a1', 'a1'])
  })

  it('keeps at most its number of tokens, the oldest going first', async () => {
    const { tokens, asked } = setup({ maxEntries: 2 })
    for (const t of ['a1', 'a2', 'b1', 'a1']) await tokens.verify(t)
    expect(tokens.size()).toBe(2)
    expect(asked).toEqual(['a1', 'a2', 'b1', 'a1'])
  })
})
