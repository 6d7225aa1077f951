import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { CART_KINDS } from '../cart/optimistic'
import { activateLocale } from '../i18n/i18n'
import type { ServiceWorkerOptions } from '../pwa/register'
import { toast } from '../ui/toast/toast-store'
import { startServiceWorker } from './service-worker'

const registered = vi.hoisted(() => ({ options: undefined as ServiceWorkerOptions | undefined }))
vi.mock('../pwa/register', () => ({
  registerServiceWorker: (options: ServiceWorkerOptions) => (registered.options = options),
}))
vi.mock('../features/offline/offline-ui', () => ({ startOfflineUi: () => undefined }))

beforeAll(() => activateLocale('ru'))

afterEach(() => {
  toast.clear()
  document.body.inert = false
})

describe('the install offer’s cart signal', () => {
  it('listens for the kind the cart gives an add (spelled out in service-worker.ts)', () => {
    expect(CART_KINDS.add).toBe('cart.add')
  })
})

describe('the update offer', () => {
  it('reloads when the shopper agrees, and the page takes no pointer input from then on', () => {
    startServiceWorker({} as QueryClient, {} as AnyRouter)
    const reload = vi.fn(() => Promise.resolve())
    registered.options!.onNeedRefresh(reload)

    const offer = toast.getSnapshot().find((t) => t.status === 'button')!
    expect(offer.title).toBe('Доступна новая версия')
    expect(document.body.inert).toBe(false)

    offer.button!.onClick()
    expect(reload).toHaveBeenCalledOnce()
    expect(document.body.inert).toBe(true)
  })
})
