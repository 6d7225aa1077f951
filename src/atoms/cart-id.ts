import { atomWithStorage } from 'jotai/utils'
import { idbStorage } from './storage'
import { isStringOrNull } from './stored-value'

/** The anonymous cart's id; cleared after sign-in merges it into the named cart (purchase flow 4). */
export const cartIdAtom = atomWithStorage<string | null>(
  'cartId',
  null,
  idbStorage({ accepts: isStringOrNull }),
  { getOnInit: true },
)
