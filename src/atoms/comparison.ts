import { atomWithStorage } from 'jotai/utils'
import { z } from 'zod'
import { idbStorage } from './storage'

export const ComparedProduct = z.object({ sku: z.string(), categories: z.array(z.string()) })
export type ComparedProduct = z.infer<typeof ComparedProduct>

/** Products in the comparison; the categories decide whether a new product fits (browsing 4). */
export const comparisonAtom = atomWithStorage<ComparedProduct[]>(
  'comparison',
  [],
  idbStorage({ schema: z.array(ComparedProduct) }),
  { getOnInit: true },
)
