import { i18n, type Messages } from '@lingui/core'
import type { Lang } from '../../../contract/values/common'
import { setAdminApiLang } from './api'

const KEY = 'admin-lang'

// The back office's texts (lingui.config.ts: the `admin` catalogue), loaded by the back office alone.
const catalogues: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/admin.po'),
  kk: () => import('../../locales/kk/admin.po'),
}
const loaded = new Set<Lang>()

/** The back office's language: Russian first, Kazakh when the staff member chose it on this device. */
export function savedAdminLang(): Lang {
  try {
    return localStorage.getItem(KEY) === 'kk' ? 'kk' : 'ru'
  } catch {
    return 'ru'
  }
}

/** Loads the back office's texts in `lang` and makes it the language of the page and of every call. */
export async function applyAdminLang(lang: Lang): Promise<void> {
  if (!loaded.has(lang)) {
    i18n.load(lang, (await catalogues[lang]()).messages)
    loaded.add(lang)
  }
  i18n.activate(lang)
  document.documentElement.lang = lang
  setAdminApiLang(lang)
  try {
    localStorage.setItem(KEY, lang)
  } catch {
    // private mode: the choice lasts this visit
  }
}
