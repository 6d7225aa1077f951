import { useLingui } from '@lingui/react/macro'
import { useMatch } from '@tanstack/react-router'
import { lazy, type ComponentType, type ReactNode, Suspense } from 'react'
import { Footer } from './footer'
import { Header, type HeaderProps } from './header'
import { RouteProgress } from './route-progress'
import styles from './shell.module.css'

// Toasts come after something happened: their code comes after the page's.
const Toaster = lazy(() => import('../../ui/toast/toaster').then((module) => ({ default: module.Toaster })))

/** What the shell shows but other features own; the root route composes them in. */
export interface ShellParts {
  SearchBox: HeaderProps['SearchBox']
  Bell: HeaderProps['Bell']
  /** Over any page once it applies (features/account's guest offer, whose code comes lazily). */
  GuestOffer: ComponentType
}

/** Every page: progress bar, header, the page, footer and the toasts. */
export function AppShell({ children, SearchBox, Bell, GuestOffer }: ShellParts & { children: ReactNode }) {
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
        <Header SearchBox={SearchBox} Bell={Bell} />
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
