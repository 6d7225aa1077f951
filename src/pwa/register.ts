import { Workbox } from 'workbox-window'
import { createUpdateFlow } from './update-flow'

export interface ServiceWorkerOptions {
  /** A new version is installed and waiting: show the toast; `reload` switches to it and reloads the page. */
  onNeedRefresh: (reload: () => Promise<void>) => void
  /** The shell is stored for the first time: from now on the store opens offline. */
  onOfflineReady?: () => void
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
// A shopper switching tabs back and forth should not refetch sw.js every time.
const UPDATE_CHECK_MIN_GAP_MS = 5 * 60 * 1000

export function registerServiceWorker(options: ServiceWorkerOptions): void {
  // The development server has no built worker; a stale production one there would serve old code.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const container = navigator.serviceWorker

  const wb = new Workbox('/sw.js', { scope: '/' })
  let registration: ServiceWorkerRegistration | undefined
  let controlled = container.controller !== null

  const flow = createUpdateFlow(
    {
      isControlled: () => container.controller !== null,
      hasWaitingWorker: () => Boolean(registration?.waiting),
      skipWaiting: () => wb.messageSkipWaiting(),
      reloadPage: () => window.location.reload(),
      schedule: (run, ms) => window.setTimeout(run, ms),
    },
    options.onNeedRefresh,
  )

  wb.addEventListener('waiting', (event) => {
    if (event.sw) flow.workerWaiting(event.sw)
  })
  wb.addEventListener('controlling', () => {
    const wasControlled = controlled
    controlled = true
    flow.controllerChanged(wasControlled)
  })
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) options.onOfflineReady?.()
  })

  void wb
    .register()
    .then((reg) => {
      if (!reg) return
      registration = reg
      // workbox-window stops following updates after the first one it did not start itself (our hourly
      // checks), so later versions are watched on the registration directly; offers are per worker.
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && reg.waiting) flow.workerWaiting(reg.waiting)
        })
      })
      if (reg.waiting) flow.workerWaiting(reg.waiting)
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error))

  let lastCheck = Date.now()
  const checkForUpdate = () => {
    if (!navigator.onLine || Date.now() - lastCheck < UPDATE_CHECK_MIN_GAP_MS) return
    lastCheck = Date.now()
    wb.update().catch(() => undefined)
  }
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate()
  })
}
