import { useEffect, useState, useSyncExternalStore } from 'react'

const READY_EVENT = 'store:app-ready'

function isReady(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.app === 'ready'
}

/**
 * `<html data-app="ready">` once the app has rendered or hydrated the whole page (src/main.tsx): until then a server-rendered
 * page is plain HTML, whose buttons do nothing yet. Journeys wait for it after each navigation.
 */
export function markAppReady() {
  document.documentElement.dataset.app = 'ready'
  performance.mark('store:ready')
  window.dispatchEvent(new Event(READY_EVENT))
}

/**
 * Whether the page has hydrated (or rendered) whole. Parts a shopper does not need at first wait for it
 * (the guest offer opens minutes into a visit), so their code and first render stay out of the start.
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(subscribe, isReady, () => false)
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(READY_EVENT, onChange)
  return () => window.removeEventListener(READY_EVENT, onChange)
}

/** `run` at the first idle moment (or a second later where the browser has no idle callbacks). */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 1000)
  return () => clearTimeout(id)
}

/**
 * True from the browser's first idle moment after the page is ready: for parts nobody needs at first,
 * whose code and first render should not lengthen the start or share its last task.
 */
export function useIdleAfterStart(): boolean {
  const ready = useAppReady()
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!ready || idle) return
    return whenIdle(() => setIdle(true))
  }, [ready, idle])
  return idle
}
