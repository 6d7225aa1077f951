import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { RouteErrorScreen } from '../features/shell/error-screen'
import { NotFoundPage } from '../features/shell/not-found'
import { routeTree } from '../routeTree.gen'

export function createAppRouter(
  queryClient: QueryClient,
  options: { history?: RouterHistory; scrollRestoration?: boolean } = {},
) {
  return createRouter({
    routeTree,
    ...(options.history && { history: options.history }),
    context: { queryClient },
    // hovering or focusing a link loads its route's code and data
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router always asks it
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: options.scrollRestoration ?? true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
