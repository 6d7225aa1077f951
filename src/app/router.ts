import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { ErrorScreen, NotFoundScreen } from '../features/shell/screens'
import { routeTree } from '../routeTree.gen'

export function createAppRouter(
  queryClient: QueryClient,
  options: { history?: RouterHistory; scrollRestoration?: boolean; nonce?: string } = {},
) {
  return createRouter({
    routeTree,
    ...(options.history && { history: options.history }),
    context: { queryClient },
    // hovering or focusing a link loads its route's code and data
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router always asks it
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: options.scrollRestoration ?? true,
    // The server's render: the inline scripts it writes (the router's and the query cache's state) carry
    // the request's CSP nonce.
    ...(options.nonce && { ssr: { nonce: options.nonce } }),
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
