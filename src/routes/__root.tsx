import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context'
import { RouteErrorScreen } from '../features/shell/error-screen'
import { NotFoundPage } from '../features/shell/not-found'
import { AppShell } from '../features/shell/shell'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // the shell itself failed: the fallback screen alone, without header and footer
  errorComponent: RouteErrorScreen,
  notFoundComponent: NotFoundPage,
})

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
