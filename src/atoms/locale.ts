import { atom } from 'jotai'
import { DEFAULT_LANG, type Lang } from '../../contract/values/common'

/** Mirrored from the URL's `_kk` suffix by the shell; not persisted, because the URL is the state. */
export const localeAtom = atom<Lang>(DEFAULT_LANG)
