import type { I18n, Messages } from '@lingui/core'
// The app's shared instance (src/i18n/i18n.ts activates it), taken from lingui itself: importing the
// app's i18n module from here cut it into a chunk of its own.
import { i18n } from '@lingui/core'
import type { Lang } from '../../contract/values/common'
import { addMessages } from './add-messages'

/*
 * Texts that only some pages need are catalogues of their own (lingui.config.ts), so the product and
 * category pages, which load the main catalogue with the app, stay within the JavaScript budget. A page
 * or a part of one loads its catalogue before it renders (a route's loader, or `use()` in a component),
 * into the app's i18n beside the main catalogue.
 */
const loaders = {
  checkout: {
    ru: () => import('../locales/ru/checkout.po'),
    kk: () => import('../locales/kk/checkout.po'),
  },
  orders: {
    ru: () => import('../locales/ru/orders.po'),
    kk: () => import('../locales/kk/orders.po'),
  },
  reviews: {
    ru: () => import('../locales/ru/reviews.po'),
    kk: () => import('../locales/kk/reviews.po'),
  },
  compare: {
    ru: () => import('../locales/ru/compare.po'),
    kk: () => import('../locales/kk/compare.po'),
  },
  account: {
    ru: () => import('../locales/ru/account.po'),
    kk: () => import('../locales/kk/account.po'),
  },
  wishlist: {
    ru: () => import('../locales/ru/wishlist.po'),
    kk: () => import('../locales/kk/wishlist.po'),
  },
  cart: {
    ru: () => import('../locales/ru/cart.po'),
    kk: () => import('../locales/kk/cart.po'),
  },
  auth: {
    ru: () => import('../locales/ru/auth.po'),
    kk: () => import('../locales/kk/auth.po'),
  },
  configurator: {
    ru: () => import('../locales/ru/configurator.po'),
    kk: () => import('../locales/kk/configurator.po'),
  },
} satisfies Record<string, Record<Lang, () => Promise<{ messages: Messages }>>>

export type FeatureCatalogue = keyof typeof loaders

/** Per instance: the browser's shared one, or a server render's own (src/i18n/i18n.ts, createI18n). */
const loaded = new WeakMap<I18n, Map<string, Promise<void>>>()

/**
 * Loads a catalogue into `into`, the instance the texts are read from: in a component the one
 * I18nProvider gives (`useLingui().i18n`). On the server each render has its own instance, and a
 * catalogue loaded into the shared one instead left a render's texts in the source language (a Kazakh
 * product page's reviews tab in Russian, "Uncompiled message detected" in the server's log).
 * The same promise for a catalogue, language and instance every time, so `use()` can wait for it.
 */
export function loadFeatureMessages(name: FeatureCatalogue, lang: Lang, into: I18n = i18n): Promise<void> {
  let byKey = loaded.get(into)
  if (!byKey) loaded.set(into, (byKey = new Map()))
  const key = `${name}:${lang}`
  let done = byKey.get(key)
  if (!done) {
    done = loaders[name][lang]().then(({ messages }) => addMessages(into, lang, messages))
    // A failed load (offline before the chunk was cached) is tried again next time.
    done.catch(() => byKey.delete(key))
    byKey.set(key, done)
  }
  return done
}
