import { createRootRouteWithContext, Outlet, Scripts } from '@tanstack/react-router'
import type { RouterContext } from '../url/router-context'
import { ErrorScreen, NotFoundScreen } from '../features/shell/screens'
import { Suspense } from 'react'
import { optionalPart } from '../ui/optional-part'
import { CartButtonsProvider } from '../cart/add-to-cart'
import { WishlistButtonsProvider } from '../wishlist/wishlist-buttons'
import { SearchBox } from '../features/search/search-box'
import { AppShell } from '../features/shell/shell'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // the shell itself failed: the fallback screen alone, without header and footer
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
})

// The guest offer opens two minutes into a visit at the earliest: its code need not hold up the first page.
const GuestOffer = optionalPart(() =>
  import('../features/account/guest-offer/guest-offer').then((module) => module.GuestOffer),
)

// The bell is a signed-in shopper's, shown once the page is the app's: its code need not hold up any page.
const NotificationBell = optionalPart(() =>
  import('../features/notifications/bell').then((module) => module.NotificationBell),
)

// The chat's button and the partner widget (spec 2.8) come after the page, when the browser is idle.
const SupportLauncher = optionalPart(() =>
  import('../features/support/launcher').then((module) => module.SupportLauncher),
)

function RootLayout() {
  return (
    <>
      {/* Every buy button and heart of the page reads the cart and the wishlist through a provider, once. The shell frames every
          page; the parts other features own are composed in here. */}
      <CartButtonsProvider>
        <WishlistButtonsProvider>
          <AppShell SearchBox={SearchBox} Bell={NotificationBell} GuestOffer={GuestOffer}>
            <Outlet />
          </AppShell>
          <Suspense>
            <SupportLauncher />
          </Suspense>
        </WishlistButtonsProvider>
      </CartButtonsProvider>
      {/* On the server: the router's state and the queries the page was rendered from, as inline
          scripts with the request's nonce (they remove themselves once run, so the browser, which has
          no scripts of its own to add here, renders nothing and leaves its code out). */}
      {import.meta.env.SSR ? <Scripts /> : null}
    </>
  )
}
