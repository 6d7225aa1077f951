import { msg } from '@lingui/core/macro'
import { registerServiceWorker } from '../pwa/register'
import { i18n } from '../i18n/i18n'
import { toast } from '../ui/toast/toast-store'

const UPDATE_TOAST_ID = 'app-update'

/**
 * Registers the service worker and tells the shopper when a new version is ready: the spec's 'button'
 * toast with "Обновить", which switches to it and reloads. It stays until used or closed (not the usual
 * 5 s), because a missed offer means running the old version until every tab is closed.
 */
export function startServiceWorker(): void {
  registerServiceWorker({
    onNeedRefresh: (reload) => {
      toast.show({
        id: UPDATE_TOAST_ID,
        status: 'button',
        title: i18n._(msg`Доступна новая версия`),
        button: { label: i18n._(msg`Обновить`), onClick: () => void reload() },
        duration: null,
      })
    },
    onOfflineReady: () => {
      toast.success(i18n._(msg`Магазин сохранён и откроется даже без интернета`))
    },
  })
}
