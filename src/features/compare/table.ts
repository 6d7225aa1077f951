import type { Product } from '../../../contract/catalog'

type SpecGroup = Product['spec_groups'][number]

/** What the table needs of a product: its characteristics by group (the product API's `spec_groups`). */
export interface SpecSource {
  spec_groups: readonly SpecGroup[]
}

export interface ComparisonRow {
  code: string
  title: string
  /** One per product, in the list's order; null where a product does not have the characteristic. */
  values: (string | null)[]
  /** Not every product says the same: what "only differences" keeps. */
  differs: boolean
}

export interface ComparisonGroup {
  code: string
  title: string
  rows: ComparisonRow[]
}

/**
 * The products' characteristics side by side, by attribute group (browsing 3 "Comparison product":
 * attributes, each a title with items of title and value). Groups and rows come in the order the
 * products name them, the first product's first; a characteristic only some products have still gets
 * its row, and counts as a difference.
 */
export function comparisonTable(products: readonly (SpecSource | null)[]): ComparisonGroup[] {
  const groups = new Map<string, { title: string; rows: Map<string, string> }>()
  for (const product of products)
    for (const group of product?.spec_groups ?? []) {
      const known = groups.get(group.code) ?? { title: group.title, rows: new Map<string, string>() }
      groups.set(group.code, known)
      for (const item of group.items) if (!known.rows.has(item.code)) known.rows.set(item.code, item.title)
    }

  const valueOf = (product: SpecSource | null, group: string, item: string) =>
    product?.spec_groups.find((g) => g.code === group)?.items.find((i) => i.code === item)?.value ?? null

  return [...groups].map(([groupCode, group]) => ({
    code: groupCode,
    title: group.title,
    rows: [...group.rows].map(([code, title]) => {
      const values = products.map((product) => valueOf(product, groupCode, code))
      return { code, title, values, differs: new Set(values).size > 1 }
    }),
  }))
}

/** Only the rows where the products differ; groups left with none go. */
export function onlyDifferences(groups: readonly ComparisonGroup[]): ComparisonGroup[] {
  return groups
    .map((group) => ({ ...group, rows: group.rows.filter((row) => row.differs) }))
    .filter((group) => group.rows.length > 0)
}
