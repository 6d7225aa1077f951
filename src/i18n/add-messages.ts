import type { I18n, Messages } from '@lingui/core'
import type { Lang } from '../../contract/values/common'

/**
 * Adds a part's own catalogue to `into` without telling the page. `i18n.load` emits 'change', on which
 * lingui's I18nProvider hands every `useLingui` a new context and React re-renders the whole page at
 * once: on the home page the support chat's and the offline parts' catalogues, arriving after
 * hydration, re-rendered every header, card and footer two or three times, tasks of 94-151 ms at 4×
 * CPU throttling (Lighthouse's blocking time 824 ms where it had been under 450). A part's catalogue
 * only adds texts that nothing on screen shows yet (the part waits for it before it renders), so
 * nobody needs telling.
 *
 * Into the active language only, and only when that language's catalogue is there (`messages` answers
 * a fresh empty object otherwise); anything else goes through `load`, which tells.
 */
export function addMessages(into: I18n, lang: Lang, messages: Messages): void {
  const current = into.messages
  if (into.locale === lang && current === into.messages) Object.assign(current, messages)
  else into.load(lang, messages)
}
