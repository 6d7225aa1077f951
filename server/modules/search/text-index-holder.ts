import type { FastifyBaseLogger } from 'fastify'
import type { CatalogIndex } from '../catalog'
import { TextIndex, type TextIndexSource } from './text-index'

/**
 * The text index of each catalogue index, built once per catalogue version. The catalogue's holder
 * builds it with every new catalogue index before swapping that in (`IndexHolder.alongside`), so the
 * old pair answers while the new one builds and a search never waits for it after the first start;
 * a catalogue index without one (its build failed) gets it on its first search, concurrent searches
 * sharing the build.
 */
export class TextIndexHolder {
  private readonly built = new WeakMap<CatalogIndex, Promise<TextIndex>>()

  constructor(
    private readonly source: Omit<TextIndexSource, 'catalogVersion'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The text index of `index`, building it if need be. */
  of(index: CatalogIndex): Promise<TextIndex> {
    let pending = this.built.get(index)
    if (!pending) {
      pending = this.build(index.version)
      this.built.set(index, pending)
      // a failed build is tried again by the next caller
      pending.catch(() => this.built.delete(index))
    }
    return pending
  }

  private async build(catalogVersion: number): Promise<TextIndex> {
    const started = Date.now()
    const rssBefore = process.memoryUsage().rss
    const text = await TextIndex.build({ ...this.source, catalogVersion })
    this.log.info(
      {
        version: catalogVersion,
        documents: text.documents,
        lexemes: text.postings.lexemes.length,
        postings: text.postings.size,
        words: text.lexicon.size,
        took_ms: Date.now() - started,
        arrays_mb: Math.round(text.arrayBytes / 1e6),
        rss_delta_mb: Math.round((process.memoryUsage().rss - rssBefore) / 1e6),
      },
      'search text index built',
    )
    return text
  }
}
