import { randomBytes } from 'node:crypto'
import { crc32, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32Combine, fillSplicedGzip, spliceableGzip } from './gzip-splice'

const page = (nonce: string) =>
  `<!doctype html><html lang="kk"><head><script nonce="${nonce}" type="module" src="/assets/boot.js"></script></head>` +
  `<body><main>${'Тоңазытқыш Samsung RB34 — 349 990 ₸. '.repeat(400)}</main>` +
  `<script nonce="${nonce}">self.state={"a":1}</script></body></html>`

describe('a gzipped page with its nonce put in at sending', () => {
  it('combines CRC-32s as zlib does', () => {
    const a = randomBytes(1000)
    const b = randomBytes(70_000)
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])))
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a))
    expect(crc32Combine(0, crc32(b), b.length)).toBe(crc32(b))
  })

  it('decompresses to the page with each answer its own text in every hole', async () => {
    const parts = page('\u0000')
      .split('\u0000')
      .map((part) => Buffer.from(part))
    expect(parts).toHaveLength(3)
    const doc = await spliceableGzip(parts)
    // the kept document is far smaller than the page
    expect(doc.bytes).toBeLessThan(Buffer.byteLength(page('x')) / 10)
    for (const nonce of ['abc', 'nXrrUseK-IzfDs2PUOW_PQ', '']) {
      const sent = fillSplicedGzip(doc, nonce)
      // gunzip checks the trailer's CRC-32 and length
      expect(gunzipSync(sent).toString('utf8')).toBe(page(nonce))
    }
  })

  it('keeps a document without holes, and an empty one', async () => {
    expect(gunzipSync(fillSplicedGzip(await spliceableGzip([Buffer.from('<p>a</p>')]), 'x')).toString()).toBe(
      '<p>a</p>',
    )
    expect(gunzipSync(fillSplicedGzip(await spliceableGzip([Buffer.alloc(0)]), 'x')).length).toBe(0)
  })
})
