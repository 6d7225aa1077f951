import { i18n, type Messages } from '@lingui/core'
import { DEFAULT_LANG, type Lang } from '../../contract/values/common'

/**
 * Lingui with Russian as the source language and Kazakh beside it. Each catalog is its own chunk,
 * loaded when the shopper first needs that language (the service worker precaches both for offline use).
 */
const loaders: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../locales/ru/messages.po'),
  kk: () => import('../locales/kk/messages.po'),
}

const NUMBER_LOCALE = 'ru-RU'
const loaded = new Set<Lang>()

export async function activateLocale(lang: Lang): Promise<void> {
  if (!loaded.has(lang)) {
    const { messages } = await loaders[lang]()
    i18n.load(lang, messages)
    loaded.add(lang)
  }
  // Numbers inside texts are grouped the way Kazakhstan writes them (1 047) in both languages: browsers
  // without full Kazakh locale data would write 1,047, and the server and browser must agree.
  if (i18n.locale !== lang) i18n.activate(lang, [NUMBER_LOCALE])
  if (typeof document !== 'undefined') document.documentElement.lang = lang
}

export function activeLang(): Lang {
  return i18n.locale === 'kk' ? 'kk' : DEFAULT_LANG
}

export { i18n }
