import type { Lang } from '../../../contract/common'
import type { CategoryNode } from './catalog-index'

/** A category and its ancestors, root first: a condition on a parent category matches its products. */
export interface CategoryChain {
  ids: number[]
  names: Record<Lang, string[]>
}

/**
 * The category tree as the cart, pricing and promotions read it. It is the catalogue index's own tree,
 * so it changes when the index does (a new catalogue version), and no module keeps a copy.
 */
export interface CategoryTree {
  /** Every category, depth first, siblings in their shelf order (the menu is drawn from it). */
  readonly nodes: readonly CategoryNode[]
  /** The category and its ancestors, root first; one the catalogue does not know is just itself, unnamed. */
  chain(id: number): CategoryChain
  /** The category and its ancestors, the category first. */
  pathUp(id: number): number[]
  /** These categories and every category under them. */
  withDescendants(ids: Iterable<number>): number[]
}

function chainOf(node: CategoryNode): CategoryChain {
  return {
    ids: node.chain.map((c) => c.id),
    names: { ru: node.chain.map((c) => c.nameRu), kk: node.chain.map((c) => c.nameKk) },
  }
}

/** The tree over these nodes (depth first, as `categoryNodes` orders them). */
export function categoryTreeOf(ordered: readonly CategoryNode[]): CategoryTree {
  const byId = new Map(ordered.map((node) => [node.id, node]))
  // every cart answer asks for its lines' chains: each is built once per tree
  const chains = new Map<number, CategoryChain>()
  return {
    nodes: ordered,
    chain(id) {
      let chain = chains.get(id)
      if (!chain) {
        const node = byId.get(id)
        if (!node) return { ids: [id], names: { ru: [], kk: [] } }
        chains.set(id, (chain = chainOf(node)))
      }
      return chain
    },
    pathUp(id) {
      return [...this.chain(id).ids].reverse()
    },
    withDescendants(ids) {
      const out = new Set<number>()
      const visit = (node: CategoryNode) => {
        if (out.has(node.id)) return
        out.add(node.id)
        for (const child of node.children) visit(child)
      }
      for (const id of ids) {
        const node = byId.get(id)
        if (node) visit(node)
        else out.add(id)
      }
      return [...out]
    },
  }
}
