import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core'
import { DEFAULT_LANG, type Lang } from '../../contract/values/common'

/**
 * Lingui with Russian as the source language and Kazakh beside it. Each catalog is its own chunk,
 * loaded when the shopper first needs that language (the service worker precaches both for offline use).
 *
 * The browser has one shopper and one language at a time: it activates the shared `i18n`. The server
 * renders pages in both languages at once: each render gets its own instance (`createI18n`), handed to
 * the page through I18nProvider, and never activates the shared one.
 */
const loaders: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../locales/ru/messages.po'),
  kk: () => import('../locales/kk/messages.po'),
}

/**
 * Numbers inside texts are grouped the way Kazakhstan writes them (1 047) in both languages: browsers
 * without full Kazakh locale data would write 1,047, and the server and browser must agree.
 */
const NUMBER_LOCALES = ['ru-RU']
const catalogs = new Map<Lang, Promise<Messages>>()

/** A language's messages, loaded once (they never change while the process runs). */
function catalog(lang: Lang): Promise<Messages> {
  let messages = catalogs.get(lang)
  if (!messages) {
    messages = loaders[lang]().then((module) => module.messages)
    // A failed load (offline, say) is tried again next time.
    messages.catch(() => catalogs.delete(lang))
    catalogs.set(lang, messages)
  }
  return messages
}

const loadedIntoShared = new Set<Lang>()

/** The browser's language: loads its catalog into the shared instance and activates it. */
export async function activateLocale(lang: Lang): Promise<void> {
  if (!loadedIntoShared.has(lang)) {
    i18n.load(lang, await catalog(lang))
    loadedIntoShared.add(lang)
  }
  if (i18n.locale !== lang) i18n.activate(lang, NUMBER_LOCALES)
  if (typeof document !== 'undefined') document.documentElement.lang = lang
}

/** An instance of its own in one language, for one server render. */
export async function createI18n(lang: Lang): Promise<I18n> {
  return setupI18n({ locale: lang, locales: NUMBER_LOCALES, messages: { [lang]: await catalog(lang) } })
}

export function activeLang(): Lang {
  return i18n.locale === 'kk' ? 'kk' : DEFAULT_LANG
}

export { i18n }
