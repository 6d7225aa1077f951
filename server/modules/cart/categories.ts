import type { Lang } from '../../../contract/common'
import type { Db } from '../../db/connection'
import type { CategoryRow } from './repo'

export interface CategoryChain {
  /** The category and its ancestors, root first: a condition on a parent category matches. */
  ids: number[]
  names: Record<Lang, string[]>
}

// A category the cache does not know (added since it loaded) reloads it, but not more often than this.
const RELOAD_AFTER_MS = 60_000

/**
 * The category tree, kept in memory: it is a few hundred rows that change with a release of the
 * catalogue, while every cart answer needs the chain of each line's category.
 */
export function createCategoryChains(load: (db: Db) => Promise<CategoryRow[]>) {
  let chains: Map<number, CategoryChain> | undefined
  let loadedAt = 0

  async function reload(db: Db) {
    const all = await load(db)
    const byId = new Map(all.map((c) => [c.id, c]))
    const built = new Map<number, CategoryChain>()
    for (const category of all) {
      const path: CategoryRow[] = []
      for (let c: CategoryRow | undefined = category; c && path.length < 20;) {
        path.unshift(c)
        c = c.parent_id === null ? undefined : byId.get(c.parent_id)
      }
      built.set(category.id, {
        ids: path.map((c) => c.id),
        names: { ru: path.map((c) => c.name_ru), kk: path.map((c) => c.name_kk) },
      })
    }
    chains = built
    loadedAt = Date.now()
  }

  return {
    /**
     * Chains of the given categories; unknown ones come back as just themselves, unnamed. `db` is the
     * connection at hand: inside a transaction on PGlite, another connection would wait for it forever.
     */
    async of(db: Db, ids: Iterable<number>): Promise<(id: number) => CategoryChain> {
      const wanted = [...ids]
      if (!chains || (wanted.some((id) => !chains!.has(id)) && Date.now() - loadedAt > RELOAD_AFTER_MS))
        await reload(db)
      const known = chains!
      return (id) => known.get(id) ?? { ids: [id], names: { ru: [], kk: [] } }
    },
  }
}
export type CategoryChains = ReturnType<typeof createCategoryChains>
