import { createRootRouteWithContext, Outlet, Scripts } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context'
import { ErrorScreen, NotFoundScreen } from '../app/screens'
import { CartButtonsProvider } from '../cart/add-to-cart'
import { AppShell } from '../features/shell/shell'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // the shell itself failed: the fallback screen alone, without header and footer
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
})

function RootLayout() {
  return (
    <>
      {/* every buy button of the page reads the cart through it, once */}
      <CartButtonsProvider>
        <AppShell>
          <Outlet />
        </AppShell>
      </CartButtonsProvider>
      {/* On the server: the router's state and the queries the page was rendered from, as inline
          scripts with the request's nonce (they remove themselves once run, so the browser, which has
          no scripts of its own to add here, renders nothing and leaves its code out). */}
      {import.meta.env.SSR ? <Scripts /> : null}
    </>
  )
}
