import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { useEffect } from 'react'
import { i18n } from '../i18n/i18n'
import type { createAppRouter } from './router'

/**
 * The providers around every page: TanStack Query (its cache restored from IndexedDB before the first
 * render and saved there after, src/main.tsx), lingui, and the router (which gets the query client as
 * context). On a server-rendered page the router is `RouterClient`, which first takes the server's
 * state (its matches, the queries) and the page's code, so the first render matches the server's HTML.
 * jotai uses its default store in the browser, no provider needed (the server gives each render one).
 */
export function App({
  queryClient,
  router,
  hydrate = false,
  onReady,
}: {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
  hydrate?: boolean
  onReady?: () => void
}) {
  useEffect(() => {
    if (!onReady) return
    // After the commit that hydrated (or rendered) the page, once React has had a task to finish the
    // Suspense boundaries it hydrates after the frame.
    const timer = setTimeout(onReady, 0)
    return () => clearTimeout(timer)
  }, [onReady])
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        {hydrate ? <RouterClient router={router} /> : <RouterProvider router={router} />}
      </I18nProvider>
    </QueryClientProvider>
  )
}

/**
 * `<html data-app="ready">` once the app has rendered or hydrated the whole page (src/main.tsx): until
 * then a server-rendered page is plain HTML, whose buttons do nothing yet. Journeys wait for it after
 * each navigation.
 */
export function markAppReady() {
  document.documentElement.dataset.app = 'ready'
  performance.mark('store:ready')
}
