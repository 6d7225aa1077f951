import { atom } from 'jotai'
import { unwrap } from 'jotai/utils'
import { comparisonAtom, type ComparedProduct } from '../atoms/comparison'
import { judgeAddition, type ComparisonVerdict } from './rules'

/** Adds a product when the rules let it; answers what the rules said. */
export const addToComparisonAtom = atom(
  null,
  async (get, set, product: ComparedProduct): Promise<ComparisonVerdict> => {
    const list = await get(comparisonAtom)
    const verdict = judgeAddition(list, product)
    if (verdict === 'added') await set(comparisonAtom, [...list, product])
    return verdict
  },
)

/** The refused product's way in: the list is cleared and it starts a new one. */
export const replaceComparisonAtom = atom(null, async (_get, set, product: ComparedProduct) => {
  await set(comparisonAtom, [product])
})

export const removeFromComparisonAtom = atom(null, async (get, set, sku: string) => {
  const list = await get(comparisonAtom)
  await set(
    comparisonAtom,
    list.filter((listed) => listed.sku !== sku),
  )
})

export const clearComparisonAtom = atom(null, async (_get, set) => {
  await set(comparisonAtom, [])
})

/** The list as it is now; null until IndexedDB has answered (the page shows it loading, not empty). */
export const comparisonListAtom = unwrap(comparisonAtom, (previous) => previous ?? null)
