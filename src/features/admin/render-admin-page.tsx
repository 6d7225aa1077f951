import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router'
import { AdminLayout } from './layout'

/** For the back office's page tests: one page inside the frame, at `url`, as src/admin/router.tsx routes it. */
export function renderAdminPage(path: string, component: RouteComponent, url: string = path) {
  window.history.replaceState(null, '', url)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRootRoute({ component: Outlet })
  const framed = createRoute({ getParentRoute: () => root, id: 'framed', component: AdminLayout })
  const page = createRoute({ getParentRoute: () => framed, path, component })
  const router = createRouter({ routeTree: root.addChildren([framed.addChildren([page])]) })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
}
