import { atomWithStorage, unwrap } from 'jotai/utils'
import { idbStorage } from '../../atoms/storage'
import type { Guard } from '../../atoms/stored-value'

/** The configuration this device builds, and the owner token a guest changes it with. */
export interface OwnConfiguration {
  id: string
  token: string | null
}

const isOwnConfiguration: Guard<OwnConfiguration | null> = (value): value is OwnConfiguration | null =>
  value === null ||
  (typeof value === 'object' &&
    typeof (value as OwnConfiguration).id === 'string' &&
    ((value as OwnConfiguration).token === null || typeof (value as OwnConfiguration).token === 'string'))

/**
 * Kept in IndexedDB like the cart's id, so a reload or a visit without network opens the same
 * configuration (its answer is in the persisted query cache) and a guest can still change it.
 */
export const ownConfigurationAtom = atomWithStorage<OwnConfiguration | null>(
  'configurator',
  null,
  idbStorage({ accepts: isOwnConfiguration }),
  { getOnInit: true },
)

/** `undefined` while IndexedDB has not answered: nothing may create a second configuration meanwhile. */
export const ownConfigurationValueAtom = unwrap(ownConfigurationAtom, () => undefined)
