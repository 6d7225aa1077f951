import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readRows } from './read'

describe('reading an uploaded file', () => {
  it('lets other work run while it parses a large chunk of the request', async () => {
    const lines = ['sku,city_id,price']
    for (let i = 0; i < 3000; i++) lines.push(`${100_000 + i},${1 + (i % 4)},${10_000 + i}`)
    const body = Readable.from([Buffer.from(`${lines.join('\n')}\n`)])
    const { rows, tally } = readRows(body, 'csv')
    let read = 0
    let readWhenOtherWorkRan = -1
    setImmediate(() => (readWhenOtherWorkRan = read))
    for await (const row of rows) {
      expect(row.rowNo).toBe(read + 2)
      read++
    }
    expect(read).toBe(3000)
    // one 64 KB chunk is parsed a slice at a time, with turns of the event loop in between
    expect(readWhenOtherWorkRan).toBeGreaterThan(0)
    expect(readWhenOtherWorkRan).toBeLessThan(1000)
    expect(tally.bytes()).toBe(Buffer.byteLength(`${lines.join('\n')}\n`))
  })
})
