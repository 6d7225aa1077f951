import type { Messages } from '@lingui/core'
import type { Lang } from '../../../contract/values/common'
// The app's shared instance (src/i18n/i18n.ts activates it), taken from lingui itself: this module is in
// every page's bundle, and importing the app's i18n module here cut it into a chunk of its own.
import { i18n } from '@lingui/core'

/*
 * The checkout's texts are a catalogue of their own (lingui.config.ts), so the product and category
 * pages do not carry them: the checkout, QR and order pages load it with their code, before they render,
 * into the app's i18n beside the main catalogue.
 */
const loaders: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/checkout.po'),
  kk: () => import('../../locales/kk/checkout.po'),
}

const loaded = new Map<Lang, Promise<void>>()

export function loadCheckoutMessages(lang: Lang): Promise<void> {
  let done = loaded.get(lang)
  if (!done) {
    done = loaders[lang]().then(({ messages }) => i18n.load(lang, messages))
    // A failed load (offline before the chunk was cached) is tried again next time.
    done.catch(() => loaded.delete(lang))
    loaded.set(lang, done)
  }
  return done
}
