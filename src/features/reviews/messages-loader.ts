import type { Messages } from '@lingui/core'
import { i18n } from '@lingui/core'
import type { Lang } from '../../../contract/values/common'

/*
 * The reviews' texts are a catalogue of their own (lingui.config.ts), like the checkout's: the product
 * and category pages load the main catalogue with the app and stay within the JavaScript budget, and
 * the reviews tab and the account's reviews pages load this one before they render.
 */
const loaders: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/reviews.po'),
  kk: () => import('../../locales/kk/reviews.po'),
}

const loaded = new Map<Lang, Promise<void>>()

/** The same promise for a language every time, so `use()` can wait for it during a render. */
export function loadReviewsMessages(lang: Lang): Promise<void> {
  let done = loaded.get(lang)
  if (!done) {
    done = loaders[lang]().then(({ messages }) => i18n.load(lang, messages))
    // A failed load (offline before the chunk was cached) is tried again next time.
    done.catch(() => loaded.delete(lang))
    loaded.set(lang, done)
  }
  return done
}
