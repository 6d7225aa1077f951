import { atom } from 'jotai'
import type { CityId } from '../../contract/common'

/** Mirrored from the URL's city prefix by the shell; not persisted, because the URL is the state. Almaty by default. */
export const cityIdAtom = atom<CityId>(1)
