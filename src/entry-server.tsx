import { I18nProvider } from '@lingui/react'
import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import type { VNode } from 'preact'
import { renderToStringAsync } from 'preact-render-to-string'
import { StrictMode, type ReactElement } from 'react'
import { applyStoreLocale } from './app/apply-locale'
import { highPriorityImagePreloads } from './app/image-preloads'
import { splitPathname } from './app/locale-prefix'
import { createAppRouter } from './app/router'
import { isServerRendered } from './app/server-rendered-paths'
import { takeServerHead } from './app/server-head'
import { setServerOrigin } from './app/site-origin'
import { createQueryClient, shouldPersistQuery } from './data/query-client'
import { setTransport, type Transport } from './data/transport'
import { i18n } from './i18n/i18n'

export type PageMeta = Partial<Record<'title' | 'description' | 'robots' | 'canonical', string>>

export type ServerPage =
  | {
      kind: 'page'
      status: 200 | 404
      /** Preloads of the page's high-priority images, for the document's head. */
      head: string
      /** The page's title and meta texts, as usePageHead sets them in the browser. */
      meta: PageMeta
      html: string
      state: DehydratedState
      lang: 'ru' | 'kk'
    }
  | { kind: 'redirect'; status: number; location: string }
  /** Not a page the server renders (the shopper's own pages): the client renders it from the shell. */
  | { kind: 'shell' }

/**
 * The catalogue, product and content pages rendered on the server, so the shopper sees the page before
 * any script has run. The API calls the pages make are answered in-process by `transport`.
 *
 * lingui's `t` and the city atoms are module-wide, so renders take turns: one page is rendered from its
 * first loader to its last byte before the next starts. A render takes a few milliseconds.
 */
export function createPageRenderer(transport: Transport) {
  setTransport(transport)
  let queue: Promise<unknown> = Promise.resolve()
  return (url: string): Promise<ServerPage> => {
    const turn = queue.then(() => renderPage(url))
    queue = turn.catch(() => undefined)
    return turn
  }
}

const MAX_RENDER_PASSES = 3

/** Until the queries a render pass left running (a loader's prefetch it did not wait for) have answered. */
async function settle(queryClient: QueryClient): Promise<void> {
  while (queryClient.isFetching() > 0) {
    await new Promise<void>((resolve) => {
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() > 0) return
        unsubscribe()
        resolve()
      })
    })
  }
}

/**
 * The page's markup once every part has its data and code: preact-render-to-string waits for a part that
 * suspends (useSuspenseQuery, a lazy component) and renders it again when its promise settles, so the
 * page the browser hydrates is complete. The build renders with preact (vite.config.ts points react at
 * preact/compat), where a React element is a preact VNode.
 */
async function renderMarkup(page: ReactElement): Promise<string> {
  return renderToStringAsync(page as unknown as VNode)
}

/** `url` is absolute: its origin is the one the shopper asked, for the page's absolute links. */
async function renderPage(url: string): Promise<ServerPage> {
  const { origin, pathname, search, hash } = new URL(url)
  if (!isServerRendered(pathname)) return { kind: 'shell' }
  setServerOrigin(origin)
  const { locale } = splitPathname(pathname)
  await applyStoreLocale(locale)

  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [pathname + search + hash] }),
    // The browser restores scroll itself; on the server this would be an inline script, which CSP forbids.
    scrollRestoration: false,
  })
  await router.load()
  const result = router._serverResult
  if (result?.type === 'redirect') {
    return {
      kind: 'redirect',
      status: result.redirect.status,
      location: result.redirect.headers.get('Location') ?? '/',
    }
  }
  const page = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>
  )
  // A loader may start a query it does not wait for (the product's delivery options): its part renders
  // a placeholder, so once the query has answered the page is rendered again with the answer in place.
  takeServerHead()
  let html = await renderMarkup(page)
  for (let pass = 1; pass < MAX_RENDER_PASSES && queryClient.isFetching() > 0; pass++) {
    await settle(queryClient)
    takeServerHead()
    html = await renderMarkup(page)
  }
  const { title, frameTitle, description, robots, canonical } = takeServerHead()
  // A not-found thrown by a loader (an unknown category or product) is the router's 404.
  const notFound = result?.type === 'render' && result.status === 404
  return {
    kind: 'page',
    status: notFound ? 404 : 200,
    head: highPriorityImagePreloads(html),
    meta: { title: title ?? frameTitle, description, robots, canonical },
    html,
    state: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
    lang: locale.lang,
  }
}
export { serializeServerState } from './app/server-state'
