import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { outbox } from '../data/outbox'
import { registerServiceWorker } from '../pwa/register'
import { i18n } from '../i18n/i18n'
import { toast } from '../ui/toast/toast-store'

const UPDATE_TOAST_ID = 'app-update'

/**
 * A page about to reload takes no more pointer input. The toast's button vanishes under the mouse, and the
 * link that comes to lie there was preloaded through the old worker just as the new one was told to take
 * over: in 5 of 14 runs of the update journey Chrome then held the new worker waiting, and the reload's
 * request with it, for minutes (README, "Updates"). Inert, the page's links see no hover.
 */
function stopPointerInput(): void {
  document.body.inert = true
}

/**
 * Registers the service worker and tells the shopper when a new version is ready: the spec's 'button'
 * toast with "Обновить", which switches to it and reloads. It stays until used or closed (not the usual
 * 5 s), because a missed offer means running the old version until every tab is closed.
 */
export function startServiceWorker(queryClient: QueryClient, router: AnyRouter): void {
  registerServiceWorker({
    onNeedRefresh: (reload) => {
      toast.show({
        id: UPDATE_TOAST_ID,
        status: 'button',
        title: i18n._(msg`Доступна новая версия`),
        button: {
          label: i18n._(msg`Обновить`),
          onClick: () => {
            stopPointerInput()
            void reload()
          },
        },
        duration: null,
      })
    },
    onOfflineReady: () => {
      toast.success(i18n._(msg`Магазин сохранён и откроется даже без интернета`))
    },
  })
  // The offline banner, the install offer and "save for offline": their own chunk and root.
  void import('../features/offline/offline-ui')
    .then(({ startOfflineUi }) =>
      startOfflineUi({
        queryClient,
        router,
        onCartAdd: (listener) =>
          outbox.subscribe((event) => {
            // CART_KINDS.add of src/cart/optimistic.ts, spelled out (service-worker.test.ts checks it):
            // importing it from here split that module out of the chunk a catalogue page loads, 0.2 KB
            // over the page's budget.
            if (event.type === 'item' && event.state === 'pending' && event.item.kind === 'cart.add')
              listener()
          }),
      }),
    )
    .catch((error: unknown) => console.warn('offline parts failed to start', error))
}
