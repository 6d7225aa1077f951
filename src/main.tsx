import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, markAppReady } from './app/app'
import { applyStoreLocale } from './session/apply-locale'
import { splitPathname } from './url/locale-prefix'
import { createAppRouter } from './app/router'
import { isServerRenderedPage } from './app/server-rendered-page'
import { outbox } from './data/outbox'
import { createQueryClient, restoreQueryCache } from './data/query-client'
import type { startServiceWorker } from './app/service-worker'

async function start() {
  performance.mark('store:app-start')
  // The first paint is already in the URL's language: activate it before rendering.
  const { locale } = splitPathname(window.location.pathname)
  await applyStoreLocale(locale)

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  const queryClient = createQueryClient()
  const serverRendered = isServerRenderedPage()
  // The cache this device kept (a page seen once opens offline). A server-rendered page first hydrates
  // from the server's data alone: a query kept here that the server did not render (reviews, the
  // carousels) would make the first render differ from the server's markup. It comes in after.
  if (!serverRendered) await restoreQueryCache(queryClient)
  // Changes made offline (or before a reload) are sent now, on reconnection and on Background Sync.
  outbox.start({ queryClient })
  const router = createAppRouter(queryClient)
  // On a server-rendered page the queries it was rendered from (and those that answered while it
  // streamed) come with the router's state, and go into this cache as the router hydrates.
  setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false })
  const onHydrated = () => {
    markAppReady()
    void restoreQueryCache(queryClient, undefined, { saveNow: true })
    startServiceWorkerWhenIdle(queryClient, router)
  }
  const onRendered = () => {
    markAppReady()
    startServiceWorkerWhenIdle(queryClient, router)
  }
  if (serverRendered) {
    // The router takes the server's state and the page's code, then React hydrates the HTML as it is,
    // each Suspense boundary (header widgets, filters, cards, gallery, tabs) when React gets to it or
    // sooner when the shopper touches it. In a transition the hydration is time-sliced: React yields
    // to the browser every few milliseconds instead of hydrating the page in one long task.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} router={router} hydrate onReady={onHydrated} />
        </StrictMode>,
      )
    })
  } else {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} onReady={onRendered} />
      </StrictMode>,
    )
  }
}

/**
 * Registration waits for the page: the worker only matters for the next visit and for offline use, and
 * loading workbox-window and registering took a slow phone's main thread for some 100 ms in the middle
 * of hydration. It starts once the page is the app's and the browser has a moment.
 */
function startServiceWorkerWhenIdle(...app: Parameters<typeof startServiceWorker>) {
  const start = () => void import('./app/service-worker').then((module) => module.startServiceWorker(...app))
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 })
  else setTimeout(start, 200)
}

// The back office (`/admin`, README) is an app of its own, rendered in the browser only: none of its
// code is the store's, and the store's pages carry only this branch.
if (/^\/admin(\/|$)/.test(location.pathname)) void import('./admin/main')
else void start()
