import type { PushMessage } from '../../contract/values/push'

/** What the worker needs of a window (a `WindowClient`), so the handlers are testable with fakes. */
export interface PageWindow {
  readonly url: string
  focus(): Promise<unknown>
  navigate(url: string): Promise<unknown>
}

export interface PageWindows {
  matchAll(options: { type: 'window' }): Promise<readonly PageWindow[]>
  openWindow(url: string): Promise<unknown>
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null

/**
 * The store's push message (contract/values/push.ts), or null for anything else. The page to open must
 * be a path of this store: a message never sends the shopper to another site.
 */
export function readPushMessage(data: unknown): PushMessage | null {
  if (!data || typeof data !== 'object') return null
  const m = data as Record<string, unknown>
  const title = text(m.title, 300)
  const body = text(m.body, 1000)
  const url = text(m.url, 2000)
  const tag = text(m.tag, 200)
  if (!title || !body || !url || !tag || !url.startsWith('/') || url.startsWith('//')) return null
  return { title, body, url, tag }
}

/**
 * A tapped notification's page: the window already showing it comes to the front; otherwise a window of
 * the store goes there and comes to the front; with none open, a new one opens on it.
 */
export async function openPage(windows: PageWindows, origin: string, path: string): Promise<void> {
  const url = new URL(path, origin).href
  const open = await windows.matchAll({ type: 'window' })
  const showing = open.find((w) => w.url === url)
  if (showing) {
    await showing.focus()
    return
  }
  const other = open[0]
  if (other) {
    await other.navigate(url)
    // navigating needs no permission; focusing does, which only a tap the browser itself dispatched gives
    await other.focus().catch(() => undefined)
    return
  }
  await windows.openWindow(url)
}

/** The worker's `push` and `notificationclick` handlers (src/sw/sw.ts registers them). */
export function registerPushHandlers(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    let data: unknown
    try {
      data = event.data?.json()
    } catch {
      return // not the store's message: nothing to show
    }
    const message = readPushMessage(data)
    if (!message) return
    event.waitUntil(
      worker.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: message.url },
      }),
    )
  })

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const url = readPushMessage({
      title: '-',
      body: '-',
      tag: '-',
      ...(event.notification.data as object),
    })?.url
    event.waitUntil(openPage(worker.clients, worker.location.origin, url ?? '/'))
  })
}
