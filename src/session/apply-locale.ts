import { getDefaultStore } from 'jotai'
import { cityIdAtom } from '../atoms/city-id'
import { localeAtom } from '../atoms/locale'
import { setRequestContext } from '../data/request-context'
import { activateLocale } from '../i18n/i18n'
import type { StoreLocale } from '../url/locale-prefix'

/**
 * Makes the URL's city and language the app's: the lingui catalog (and `<html lang>`), the jotai atoms
 * other features read, and the api client's request context (language header, city of reads).
 */
export async function applyStoreLocale(locale: StoreLocale): Promise<void> {
  try {
    await activateLocale(locale.lang)
  } catch (error) {
    // The catalog chunk could not load (offline and not cached yet): keep the language already shown
    // rather than failing the page.
    console.warn('Could not load the language catalog', locale.lang, error)
  }
  setRequestContext({ lang: locale.lang, cityId: locale.cityId })
  const store = getDefaultStore()
  store.set(cityIdAtom, locale.cityId)
  store.set(localeAtom, locale.lang)
}
