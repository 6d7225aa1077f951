import { hydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, markAppReady } from './app/app'
import { applyStoreLocale } from './app/apply-locale'
import { splitPathname } from './app/locale-prefix'
import { createAppRouter } from './app/router'
import { readServerState } from './app/server-state'
import { outbox } from './data/outbox'
import { createQueryClient, restoreQueryCache } from './data/query-client'
import { hydrateInTurns } from './ui/hydrate-in-turn'
import { nextTask } from './ui/next-task'

async function start() {
  performance.mark('store:app-start')
  // The first paint is already in the URL's language: activate it before rendering.
  const { locale } = splitPathname(window.location.pathname)
  await applyStoreLocale(locale)

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  const queryClient = createQueryClient()
  await restoreQueryCache(queryClient)
  const serverState = readServerState()
  if (serverState) hydrate(queryClient, serverState)
  // Changes made offline (or before a reload) are sent now, on reconnection and on Background Sync.
  outbox.start({ queryClient })
  // A server-rendered page is on screen already: from here each step is a task of its own, so none of
  // them keeps a slow phone from answering a tap for long.
  if (serverState) await nextTask()
  const router = createAppRouter(queryClient)
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  )
  if (serverState) {
    await nextTask()
    // The page's code and data are in place before hydrating, so the first render matches the server's;
    // `ssr` tells the router the page came from a server render (no Suspense around the root, as there).
    router.ssr = { manifest: undefined }
    await router.load()
    performance.mark('store:router-loaded')
    await nextTask()
    // The frame hydrates now, the parts wrapped in HydrateInTurn one task each after it.
    await hydrateInTurns(() => hydrateRoot(root, app))
  } else {
    createRoot(root).render(app)
  }
  markAppReady()
  // Registration can wait for the page: the worker only matters for the next visit and for offline use.
  void import('./app/service-worker').then(({ startServiceWorker }) => startServiceWorker())
}

void start()
