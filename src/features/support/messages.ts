import { i18n } from '@lingui/core'
import type { Lang } from '../../../contract/values/common'
import { addMessages } from '../../i18n/add-messages'

/*
 * The chat's texts are a catalogue of their own (lingui.config.ts), loaded with the chat's button,
 * which itself comes after the page. Loaded here rather than through i18n/feature-messages.ts: that
 * file is in every page's first JavaScript, and the category page has no bytes to spare for two more
 * imports (README, Support chat).
 */
const loaders: Record<Lang, () => Promise<{ messages: Record<string, unknown> }>> = {
  ru: () => import('../../locales/ru/support.po'),
  kk: () => import('../../locales/kk/support.po'),
}

const loaded = new Map<Lang, Promise<void>>()

/** The same promise per language, so `use()` can wait for it in a render. */
export function loadSupportMessages(lang: Lang): Promise<void> {
  let done = loaded.get(lang)
  if (!done) {
    done = loaders[lang]().then(({ messages }) => addMessages(i18n, lang, messages as never))
    done.catch(() => loaded.delete(lang))
    loaded.set(lang, done)
  }
  return done
}
