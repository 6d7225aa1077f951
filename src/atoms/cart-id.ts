import { atomWithStorage, unwrap } from 'jotai/utils'
import { idbStorage } from './storage'
import { isStringOrNull } from './stored-value'

/** The anonymous cart's id; cleared after sign-in merges it into the named cart (purchase flow 4). */
export const cartIdAtom = atomWithStorage<string | null>(
  'cartId',
  null,
  idbStorage({ accepts: isStringOrNull }),
  { getOnInit: true },
)

/**
 * The id for rendering: IndexedDB answers asynchronously, and until it has `undefined` says "not known
 * yet" (a component must not create a second cart while the first one's id is still being read).
 */
export const cartIdValueAtom = unwrap(cartIdAtom, () => undefined)
