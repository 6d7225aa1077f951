import { useLingui } from '@lingui/react/macro'
import { useMatch } from '@tanstack/react-router'
import { lazy, Suspense, type ReactNode } from 'react'
import { useIdleAfterStart } from '../../app/app-ready'
import { HydrateInTurn } from '../../ui/hydrate-in-turn'
import { Toaster } from '../../ui/toast/toaster'
import { Footer } from './footer'
import { Header } from './header'
import { RouteProgress } from './route-progress'
import styles from './shell.module.css'

const GuestOffer = lazy(() =>
  import('../account/guest-offer/guest-offer').then((module) => ({ default: module.GuestOffer })),
)

/**
 * The guest offer opens two minutes into a visit at the earliest: its code and first render wait until
 * the page has hydrated and the browser is idle, in tasks of their own. (Not longer: the first page a
 * guest sees must still count as seen, spec 4.)
 */
function LaterGuestOffer() {
  const idle = useIdleAfterStart()
  return idle ? (
    <Suspense fallback={null}>
      <GuestOffer />
    </Suspense>
  ) : null
}

/** Every page: progress bar, header, the page, footer and the toasts. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  // the phone menu already lists everything the footer would
  const onMenu = useMatch({ from: '/{-$city}/menu', shouldThrow: false }) !== undefined
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t`Перейти к содержимому`}
      </a>
      <RouteProgress />
      <HydrateInTurn>
        <Header />
      </HydrateInTurn>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      {onMenu ? null : (
        <HydrateInTurn>
          <Footer />
        </HydrateInTurn>
      )}
      <Toaster />
      <LaterGuestOffer />
    </>
  )
}
