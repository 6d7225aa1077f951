import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { i18n } from '../i18n/i18n'
import type { createAppRouter } from './router'

/**
 * The providers around every page: TanStack Query (its cache restored from IndexedDB before the first
 * render and saved there after, src/main.tsx), lingui, and
 * the router (which gets the query client as context). jotai uses its default store, no provider needed.
 */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  )
}

/**
 * `<html data-app="ready">` once the app has rendered or hydrated the whole page (src/main.tsx): until then a server-rendered
 * page is plain HTML, whose buttons do nothing yet. Journeys wait for it after each navigation.
 */
export function markAppReady() {
  document.documentElement.dataset.app = 'ready'
  performance.mark('store:ready')
}
