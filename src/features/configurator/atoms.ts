import { atomWithStorage, unwrap } from 'jotai/utils'
import { idbStorage } from '../../atoms/storage'
import { isStringOrNull } from '../../atoms/stored-value'

/**
 * The configuration this device is building, kept in IndexedDB like the cart's id, so a reload or a
 * visit without network opens the same one (its answer is in the persisted query cache).
 */
export const configurationIdAtom = atomWithStorage<string | null>(
  'configurationId',
  null,
  idbStorage({ accepts: isStringOrNull }),
  { getOnInit: true },
)

/** `undefined` while IndexedDB has not answered: nothing may create a second configuration meanwhile. */
export const configurationIdValueAtom = unwrap(configurationIdAtom, () => undefined)
