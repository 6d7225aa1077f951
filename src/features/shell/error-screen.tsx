import { useLingui } from '@lingui/react/macro'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useDocumentTitle } from '../../head/document-title'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { HomeIcon } from '../../ui/icons'
import { SadCat } from '../../ui/sad-cat'
import styles from './error-screen.module.css'

interface ErrorScreenViewProps {
  onHome: () => void
  busy?: boolean
}

/** The fallback screen of a render failure (spec 2.8): a sad cat, the service is unavailable, go home. */
export function ErrorScreenView({ onHome, busy = false }: ErrorScreenViewProps) {
  const { t } = useLingui()
  const title = t`Сервис временно недоступен`
  useDocumentTitle(title)
  return (
    <section className={`page-container ${styles.screen}`} data-testid="error-screen" role="alert">
      <SadCat size={160} />
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>
        {t`Что-то пошло не так, и страница не открылась. Мы уже разбираемся — попробуйте вернуться на главную.`}
      </p>
      <Button onClick={onHome} disabled={busy} icon={<HomeIcon size="M" />} data-testid="error-home">
        {t`На главную`}
      </Button>
    </section>
  )
}

/**
 * The router's error component (every route's default and the root's): shows the fallback screen and
 * reports the error. The button navigates to the home page of the current city and language, then clears
 * the error boundary (`reset`), so the state goes back from error to normal (spec 4, Error boundary).
 */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const location = useStoreLocation()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    reportError(error)
  }, [error])

  const goHome = async () => {
    setBusy(true)
    try {
      await router.navigate({ href: location.href('/') })
      reset()
      await router.invalidate()
    } finally {
      setBusy(false)
    }
  }

  return <ErrorScreenView onHome={() => void goHome()} busy={busy} />
}

/** Where a render failure is reported; the console until an error-reporting service is configured. */
function reportError(error: unknown): void {
  console.error('Render failure', error)
}
