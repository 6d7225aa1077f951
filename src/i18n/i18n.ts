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

const loaded = new Set<Lang>()

export async function activateLocale(lang: Lang): Promise<void> {
  if (!loaded.has(lang)) {
    const { messages } = await loaders[lang]()
    i18n.load(lang, messages)
    loaded.add(lang)
  }
  if (i18n.locale !== lang) i18n.activate(lang)
  if (typeof document !== 'undefined') document.documentElement.lang = lang
}

export function activeLang(): Lang {
  return i18n.locale === 'kk' ? 'kk' : DEFAULT_LANG
}

export { i18n }
