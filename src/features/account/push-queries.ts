import { queryOptions } from '@tanstack/react-query'
import type { CityId } from '../../../contract/values/common'
import type { PushSubscriptionList, PushSubscriptionView, VapidPublicKey } from '../../../contract/push'
import { PUSH_V1, type PushTopic } from '../../../contract/values/push'
import { api } from '../../data/api'

/** Why this browser cannot take push, or null when it can. */
export type PushUnavailable = 'unsupported' | 'ios-not-installed' | 'denied' | null

export function pushUnavailable(): PushUnavailable {
  if (typeof window === 'undefined') return 'unsupported'
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent)
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches === true
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  // Safari on iPhone and iPad offers push only to the store added to the home screen
  if (ios && !standalone && !supported) return 'ios-not-installed'
  if (!supported) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  return null
}

/** This browser's push subscription, if it has one (never waits for a worker that is not there). */
async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

export interface PushState {
  /** The store's record of this browser's subscription, when this shopper has one. */
  subscription: PushSubscriptionView | null
}

/** Under the account root: cleared on sign-out, never persisted. */
export const pushStateKey = ['account', 'push'] as const

export const pushStateQuery = () =>
  queryOptions({
    queryKey: pushStateKey,
    queryFn: async ({ signal }): Promise<PushState> => {
      const [browser, list] = await Promise.all([
        browserSubscription(),
        api.get<PushSubscriptionList>(`${PUSH_V1}/subscriptions`, { signal }),
      ])
      const subscription = browser
        ? list.subscriptions.find((s) => s.endpoint === browser.endpoint)
        : undefined
      return { subscription: subscription ?? null }
    },
  })

const keyBytes = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

const WORKER_WAIT_MS = 10_000

/**
 * The shopper's opt-in: asks the browser's permission, subscribes this browser with the store's VAPID
 * key (replacing a subscription made with another key) and hands the subscription to the store.
 */
export async function enablePush(cityId: CityId): Promise<PushSubscriptionView | 'denied'> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return 'denied'
  const [registration, { public_key }] = await Promise.all([
    Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the service worker is not running')), WORKER_WAIT_MS),
      ),
    ]),
    api.get<VapidPublicKey>(`${PUSH_V1}/vapid-public-key`),
  ])
  const key = keyBytes(public_key)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  return api.post<PushSubscriptionView>(
    `${PUSH_V1}/subscriptions`,
    { consent: true, subscription: subscription.toJSON() },
    { cityId },
  )
}

export const updatePush = (
  id: string,
  change: { topics?: Partial<Record<PushTopic, boolean>>; lang?: 'ru' | 'kk' },
  cityId: CityId,
) => api.patch<PushSubscriptionView>(`${PUSH_V1}/subscriptions/${id}`, change, { cityId })

/** Ends the subscription at the store, then in the browser. */
export async function disablePush(id: string): Promise<void> {
  await api.delete(`${PUSH_V1}/subscriptions/${id}`)
  await (await browserSubscription())?.unsubscribe()
}
