/** What the update flow needs from the page and the registration; faked in tests. */
export interface UpdateFlowDeps {
  /** Whether this page is controlled by a service worker right now. */
  isControlled(): boolean
  hasWaitingWorker(): boolean
  /** Tell the waiting worker to take over (workbox-window posts SKIP_WAITING). */
  skipWaiting(): void
  reloadPage(): void
  schedule(run: () => void, ms: number): void
}

export interface UpdateFlow {
  /** A worker reached the waiting state. */
  workerWaiting(worker: object): void
  /** The page's controller changed; `wasControlled` is whether it had one before. */
  controllerChanged(wasControlled: boolean): void
  /** What the update toast's button calls. */
  reload(): Promise<void>
}

/**
 * If the waiting worker has not taken control by then, the page reloads anyway. Chrome lets it take
 * control 0.2-0.25 s after the shopper's tap (five runs of the update journey), but holds it waiting while
 * the old worker still answers the page (a link preloaded under the mouse: why the page turns inert once
 * the shopper agrees, src/app/service-worker.ts); the reload is what frees it then. A newer worker
 * replacing this one, or one failing to activate, also ends here.
 */
export const TAKEOVER_TIMEOUT_MS = 1_500

/**
 * A new version is offered once per waiting worker and only to a page that runs an older one; it takes
 * over when the shopper agrees, and the page reloads once, when the new worker controls it.
 */
export function createUpdateFlow(
  deps: UpdateFlowDeps,
  onNeedRefresh: (reload: () => Promise<void>) => void,
): UpdateFlow {
  const offered = new WeakSet<object>()
  let requested = false
  let reloaded = false
  let reloadTriggered: (() => void) | undefined
  const triggered = new Promise<void>((resolve) => (reloadTriggered = resolve))

  const reloadOnce = () => {
    if (reloaded) return
    reloaded = true
    deps.reloadPage()
    reloadTriggered?.()
  }

  const reload = () => {
    if (!requested) {
      requested = true
      // Another tab may have switched already: this page then only needs to load the new shell.
      if (deps.hasWaitingWorker()) {
        deps.skipWaiting()
        deps.schedule(reloadOnce, TAKEOVER_TIMEOUT_MS)
      } else {
        reloadOnce()
      }
    }
    return triggered
  }

  return {
    workerWaiting(worker) {
      // Without a controller the page already loaded the newest shell from the network.
      if (offered.has(worker) || !deps.isControlled()) return
      offered.add(worker)
      onNeedRefresh(reload)
    },
    controllerChanged(wasControlled) {
      if (requested) reloadOnce()
      // Another tab let the new worker in: this page still runs the old shell, whose lazy chunks the new
      // precache no longer holds, so it is offered the reload too. A first install changes nothing visible.
      else if (wasControlled) onNeedRefresh(reload)
    },
    reload,
  }
}
