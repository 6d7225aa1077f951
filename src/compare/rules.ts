import type { ComparedProduct } from '../atoms/comparison'

/**
 * The comparison's rules (browsing 4 "Comparison", 5): a product already listed is refused (the shopper
 * is offered the list), a product that shares no more than two categories with every listed product is
 * refused (the shopper is offered to clear the list), anything else is added.
 *
 * A product's categories are every category on its path from the catalogue's root, the root included
 * (`/`, `/Смартфоны и гаджеты`, `/Смартфоны и гаджеты/Смартфоны`). The store's tree is two or three levels
 * deep, so counting the root is what lets "more than two" mean "the same leaf or the same third-level
 * branch": two phones share three, a phone and a tablet two, a phone and a fridge one. Each is named by
 * its whole Russian path, so two branches' "Аксессуары" never count as one, and a list made in Kazakh
 * judges the same as one made in Russian.
 */

const ROOT = '/'
/** "More than two" (browsing 5). */
const MIN_SHARED = 3

/** The categories the rule compares, from the product's category titles in Russian (`categories_ru`). */
export function comparisonCategories(categoriesRu: readonly string[]): string[] {
  const paths = [ROOT]
  let path = ''
  for (const title of categoriesRu) {
    path = `${path}/${title}`
    paths.push(path)
  }
  return paths
}

export type ComparisonVerdict = 'added' | 'alreadyListed' | 'notComparable'

function shared(a: readonly string[], b: readonly string[]): number {
  const theirs = new Set(b)
  return new Set(a.filter((category) => theirs.has(category))).size
}

/** Whether the product may join the list, and why not. */
export function judgeAddition(list: readonly ComparedProduct[], product: ComparedProduct): ComparisonVerdict {
  if (list.some((listed) => listed.sku === product.sku)) return 'alreadyListed'
  if (list.length > 0 && !list.some((listed) => shared(listed.categories, product.categories) >= MIN_SHARED))
    return 'notComparable'
  return 'added'
}
