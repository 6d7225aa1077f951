import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { CatalogIndex } from '../catalog'
import { TextIndexHolder } from './text-index-holder'
import type { TextIndexSource } from './text-index'

const silent = { info: () => {} } as unknown as FastifyBaseLogger
const catalogue = (version: number) => ({ version }) as CatalogIndex

function source(fail: () => boolean) {
  const calls = { lexicon: 0 }
  const src: Omit<TextIndexSource, 'catalogVersion'> = {
    lexicon: async () => {
      calls.lexicon++
      if (fail()) throw new Error('database gone')
      return [{ word: 'холодильник', frequency: 3, stems: 'холодильник' }]
    },
    eachDocumentBatch: async (each) => {
      await each([{ product_id: 7, document: `'холодильник':1A`, model_key: 'rt38' }])
    },
  }
  return { src, calls }
}

describe('text indexes per catalogue index', () => {
  it('builds once per catalogue index, concurrent callers sharing the build', async () => {
    const { src, calls } = source(() => false)
    const holder = new TextIndexHolder(src, silent)
    const index = catalogue(4)
    const [a, b] = await Promise.all([holder.of(index), holder.of(index)])
    expect(a).toBe(b)
    expect(a.version).toBe(4)
    expect(await holder.of(index)).toBe(a)
    expect(calls.lexicon).toBe(1)
    const next = await holder.of(catalogue(5))
    expect(next).not.toBe(a)
    expect(calls.lexicon).toBe(2)
  })

  it('builds again after a failed build', async () => {
    let failing = true
    const { src, calls } = source(() => failing)
    const holder = new TextIndexHolder(src, silent)
    const index = catalogue(1)
    await expect(holder.of(index)).rejects.toThrow('database gone')
    failing = false
    const built = await holder.of(index)
    expect(built.isWord('холодильник')).toBe(true)
    expect(calls.lexicon).toBe(2)
  })
})
