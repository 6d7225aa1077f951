import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { i18n } from '@lingui/core'

/*
 * The back office's own router (README, The back office): its routes are code, apart from the store's
 * file-based route tree, so nothing of them is in the store's pages' JavaScript. Each page is a chunk
 * of its own. A new part of the back office adds its route here and its link to
 * src/features/admin/sections.ts.
 */
const root = createRootRoute({ component: Outlet })

const signIn = createRoute({
  getParentRoute: () => root,
  path: '/admin/sign-in',
  component: lazyRouteComponent(() => import('../features/admin/sign-in'), 'AdminSignIn'),
})

/** Every page behind the staff sign-in, inside the frame with the navigation. */
const framed = createRoute({
  getParentRoute: () => root,
  id: 'framed',
  component: lazyRouteComponent(() => import('../features/admin/layout'), 'AdminLayout'),
})

const page = (path: string, load: Parameters<typeof lazyRouteComponent>[0], name: string) =>
  createRoute({ getParentRoute: () => framed, path, component: lazyRouteComponent(load, name) })

const routeTree = root.addChildren([
  signIn,
  framed.addChildren([
    page('/admin', () => import('../features/admin/home'), 'AdminHome'),
    page('/admin/orders', () => import('../features/admin/orders-page'), 'AdminOrdersPage'),
    page('/admin/orders/$id', () => import('../features/admin/order-page'), 'AdminOrderPage'),
    page('/admin/catalog', () => import('../features/admin/catalog-page'), 'AdminCatalogPage'),
    page('/admin/promotions', () => import('../features/admin/promotions-page'), 'AdminPromotionsPage'),
    page('/admin/reviews', () => import('../features/admin/reviews-page'), 'AdminReviewsPage'),
    page('/admin/support', () => import('../features/admin/support-page'), 'AdminSupportPage'),
  ]),
])

export function createAdminRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent' })
}

export function AdminApp({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createAdminRouter>
  queryClient: QueryClient
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  )
}
