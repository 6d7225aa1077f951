import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, use, useEffect, useState } from 'react'
import { useHydrated } from '../../ui/use-hydrated'
import { useStoreLocation } from '../../url/store-location'
import { widgetsQuery } from './api'
import { loadSupportMessages } from './messages'
import { chatHidden, partnerSkipped } from './paths'
import styles from './support.module.css'

// The chat itself (socket, window, pictures) comes when the shopper opens it.
const ChatPanel = lazy(() => import('./chat-panel').then((module) => ({ default: module.ChatPanel })))

/** Waits for the browser to be idle (or 2 s at most) after the page is the app's. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: 2_000 })
      return () => cancelIdleCallback(handle)
    }
    const timer = setTimeout(() => setIdle(true), 200)
    return () => clearTimeout(timer)
  }, [])
  return idle
}

/**
 * Spec 2.8: the support chat's button (on every page but the cart, the checkout and the gift cards)
 * and the partner widget (on every page but one configured path). The root route loads this code
 * lazily once the page is the app's; the chat's own code comes when the button is pressed.
 */
export function SupportLauncher() {
  const hydrated = useHydrated()
  const idle = useIdle()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  if (!hydrated || !idle) return null
  return (
    <>
      <PartnerWidget pathname={pathname} />
      {chatHidden(pathname) ? null : (
        <Suspense fallback={null}>
          <ChatButton />
        </Suspense>
      )}
    </>
  )
}

function ChatButton() {
  const { lang } = useStoreLocation()
  use(loadSupportMessages(lang))
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  // once opened the chat stays connected when folded, so an answer shows as a dot on the button
  const [started, setStarted] = useState(false)
  const [unseen, setUnseen] = useState(false)
  return (
    <>
      {started ? (
        <Suspense fallback={null}>
          <ChatPanel
            open={open}
            onClose={() => setOpen(false)}
            onTheirMessage={() => {
              if (!open) setUnseen(true)
            }}
          />
        </Suspense>
      ) : null}
      <button
        type="button"
        className={styles.launcher}
        aria-expanded={open}
        aria-label={open ? t`Свернуть чат поддержки` : t`Чат поддержки`}
        data-testid="support-launcher"
        onClick={() => {
          setOpen(!open)
          setStarted(true)
          setUnseen(false)
        }}
      >
        <svg
          width="26"
          height="26"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 5h16v11H9l-5 4z" />}
        </svg>
        {unseen ? <span className={styles.dot} data-testid="support-unseen" /> : null}
      </button>
    </>
  )
}

/** Loaded once, on a page that is not the skipped one; a script cannot be unloaded, so it stays. */
let partnerLoaded = false

function PartnerWidget({ pathname }: { pathname: string }) {
  const { data } = useQuery(widgetsQuery())
  const url = data?.partner_widget_url ?? null
  const skip = data?.partner_widget_skip_path ?? null
  useEffect(() => {
    if (!url || partnerLoaded || partnerSkipped(pathname, skip)) return
    partnerLoaded = true
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.dataset.partnerWidget = ''
    document.body.append(script)
  }, [url, skip, pathname])
  return null
}
