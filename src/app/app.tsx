import { I18nProvider } from '@lingui/react'
import type { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { useState } from 'react'
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
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </PersistQueryClientProvider>
  )
}
