import { useLingui } from '@lingui/react/macro'
import type { AnyRouter } from '@tanstack/react-router'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { Button } from '../../ui/button'
import {
  afterCartAdd,
  afterPage,
  INSTALL_MEMORY_KEY,
  isIosSafari,
  readMemory,
  shouldOffer,
  writeMemory,
  type InstallMemory,
} from './install-moment'
import styles from './offline.module.css'

/** Chrome's install event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function update(change: (memory: InstallMemory) => InstallMemory) {
  const before = readMemory(storage())
  const after = change(before)
  if (after !== before) {
    writeMemory(storage(), after)
    notify()
  }
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

/**
 * Keeps Chrome's install event for the right moment instead of its own mini-infobar on the first
 * visit, and notes an installation however it was made (the browser's menu too).
 */
export function listenForInstall(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    notify()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    update((m) => ({ ...m, installed: true }))
  })
  if (isStandalone()) update((m) => (m.installed ? m : { ...m, installed: true }))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The offer to install the store, once the shopper has looked at a second product or put something in
 * the cart (src/features/offline/install-moment.ts): Chrome's own dialog behind "Установить", or on an
 * iPhone or iPad the steps of Add to Home Screen. "Не сейчас" is remembered for a month.
 */
export function InstallOffer({
  router,
  onCartAdd,
}: {
  router: AnyRouter
  onCartAdd: (listener: () => void) => () => void
}) {
  const { t } = useLingui()
  const [now] = useState(() => Date.now())
  const raw = useSyncExternalStore(
    subscribe,
    () => storage()?.getItem(INSTALL_MEMORY_KEY) ?? null,
    () => null,
  )
  const canPrompt = useSyncExternalStore(
    subscribe,
    () => deferred !== null,
    () => false,
  )
  const ios = isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0)

  useEffect(() => {
    const seen = (pathname: string) => update((m) => afterPage(m, pathname))
    seen(router.state.location.pathname)
    const stopRouter = router.subscribe('onResolved', ({ toLocation }) => seen(toLocation.pathname))
    const stopCart = onCartAdd(() => update(afterCartAdd))
    return () => {
      stopRouter()
      stopCart()
    }
  }, [router, onCartAdd])

  if (!shouldOffer(readMemory({ getItem: () => raw }), now) || (!canPrompt && !ios)) return null

  const dismiss = () => update((m) => ({ ...m, dismissedAt: Date.now() }))
  const install = async () => {
    const event = deferred
    if (!event) return
    deferred = null
    await event.prompt()
    const { outcome } = await event.userChoice
    update((m) => (outcome === 'accepted' ? { ...m, installed: true } : { ...m, dismissedAt: Date.now() }))
  }

  return (
    <section className={styles.sheet} aria-labelledby="install-offer-title" data-testid="install-offer">
      <h2 id="install-offer-title">{t`Установите приложение магазина`}</h2>
      <p>{t`Каталог, корзина и сохранённые страницы открываются с главного экрана, даже без интернета.`}</p>
      {canPrompt ? (
        <div className={styles.actions}>
          <Button onClick={() => void install()} data-testid="install-accept">
            {t`Установить`}
          </Button>
          <Button variant="ghost" onClick={dismiss} data-testid="install-dismiss">
            {t`Не сейчас`}
          </Button>
        </div>
      ) : (
        <>
          <ol data-testid="install-ios-steps">
            <li>{t`Нажмите «Поделиться» внизу экрана (квадрат со стрелкой вверх).`}</li>
            <li>{t`Выберите «На экран „Домой“» и нажмите «Добавить».`}</li>
          </ol>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={dismiss} data-testid="install-dismiss">
              {t`Понятно`}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
