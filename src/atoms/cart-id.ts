import { atomWithStorage } from 'jotai/utils'
import { z } from 'zod'
import { idbStorage } from './storage'

/** The anonymous cart's id; cleared after sign-in merges it into the named cart (purchase flow 4). */
export const cartIdAtom = atomWithStorage<string | null>(
  'cartId',
  null,
  idbStorage({ schema: z.string().nullable() }),
  { getOnInit: true },
)
