import { useLingui } from '@lingui/react/macro'
import { useMatch } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import { Footer } from './footer'
import { Header } from './header'
import { RouteProgress } from './route-progress'
import styles from './shell.module.css'

// Toasts come after something happened: their code comes after the page's.
const Toaster = lazy(() => import('../../ui/toast/toaster').then((module) => ({ default: module.Toaster })))
// The guest offer opens two minutes into a visit at the earliest: its code need not hold up the first page.
const GuestOffer = lazy(() =>
  import('../account/guest-offer/guest-offer').then((module) => ({ default: module.GuestOffer })),
)

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
      <Suspense>
        <Header />
      </Suspense>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      {onMenu ? null : (
        <Suspense>
          <Footer />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <Toaster />
        <GuestOffer />
      </Suspense>
    </>
  )
}
