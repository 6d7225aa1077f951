import { I18nProvider } from '@lingui/react'
import type { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { createPersistOptions } from '../data/query-client'
import { i18n } from '../i18n/i18n'
import type { createAppRouter } from './router'

/**
 * The providers around every page: TanStack Query with its cache persisted to IndexedDB, lingui, and
 * the router (which gets the query client as context). jotai uses its default store, no provider needed.
 */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
}) {
  const [persistOptions] = useState(() => createPersistOptions())
  useEffect(markAppReady, [])
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </PersistQueryClientProvider>
  )
}

/**
 * `<html data-app="ready">` once the app has rendered or hydrated the page: until then a server-rendered
 * page is plain HTML, whose buttons do nothing yet. Journeys wait for it after each navigation.
 */
export function markAppReady() {
  document.documentElement.dataset.app = 'ready'
}
