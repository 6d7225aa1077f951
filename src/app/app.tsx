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
