import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { Lang } from '../../../contract/values/common'
import { addMessages } from '../../i18n/add-messages'
import { InstallOffer, listenForInstall } from './install-offer'
import { OfflineBanner } from './offline-banner'
import { SaveCategorySlot } from './save-category-slot'

export interface OfflineUiContext {
  queryClient: QueryClient
  router: AnyRouter
  /** Counts a product put in the cart (the install offer's moment); returns how to stop listening. */
  onCartAdd: (listener: () => void) => () => void
}

const catalogues: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/offline.po'),
  kk: () => import('../../locales/kk/offline.po'),
}
const loaded = new Set<string>()

/** This part's texts in the page's language (a catalogue of its own: none of it is in the first load). */
async function loadMessages(): Promise<boolean> {
  const lang: Lang = i18n.locale === 'kk' ? 'kk' : 'ru'
  if (loaded.has(lang)) return false
  const { messages } = await catalogues[lang]()
  addMessages(i18n, lang, messages)
  loaded.add(lang)
  return true
}

/**
 * The store's offline parts, which no page needs to show itself: the offline banner with the time of
 * the data on screen, the install offer (or iOS's Add to Home Screen steps), and "save for offline" on
 * a category page. A root of their own beside the app's, started with the service worker once the page
 * is the app's, so none of their code is in what a catalogue page loads first.
 */
export async function startOfflineUi(context: OfflineUiContext): Promise<void> {
  if (document.getElementById('offline-ui')) return
  listenForInstall()
  await loadMessages()
  // A switch of language loads this catalogue too; lingui's provider re-renders once it is in.
  i18n.on('change', () => {
    loadMessages()
      .then((added) => added && i18n.emit('change'))
      .catch(() => undefined)
  })
  const host = document.createElement('div')
  host.id = 'offline-ui'
  document.body.append(host)
  createRoot(host).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <OfflineBanner queryClient={context.queryClient} />
        <InstallOffer router={context.router} onCartAdd={context.onCartAdd} />
        <SaveCategorySlot router={context.router} />
      </I18nProvider>
    </StrictMode>,
  )
}
