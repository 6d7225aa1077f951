import { createHash } from 'node:crypto'
import type { Lang } from '../../../contract/common'
import { CITIES, pagePrefix } from '../../../contract/values/common'
import type { PushMessage } from '../../../contract/values/push'
import type { NotificationKind } from '../../../contract/values/notifications'
import { notificationWords } from '../notifications'

/** A store page with the city-and-language prefix (none for Almaty in Russian). */
export function pageUrl(cityId: number, lang: Lang, path: string): string {
  const slug = CITIES.find((c) => c.id === cityId)?.slug ?? 'almaty'
  const prefix = pagePrefix(slug, lang)
  return prefix ? `/${prefix}${path}` : path
}

const field = (payload: unknown, name: string): unknown =>
  payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[name] : undefined

/**
 * What one notification pushes to one device: the bell's words in the device's language, the page it is
 * about (a wishlist product in the city it was watched in, an order in the device's city), and a tag, so a
 * newer message about the same order or product replaces the older one on the device.
 */
export function pushMessageOf(
  kind: NotificationKind,
  payload: unknown,
  lang: Lang,
  deviceCityId: number,
): PushMessage | null {
  const words = notificationWords(kind, payload, lang)
  if (!words) return null
  const watchedCity = field(payload, 'cityId')
  const cityId = typeof watchedCity === 'number' ? watchedCity : deviceCityId
  const subject = field(payload, 'orderId') ?? field(payload, 'sku') ?? 'store'
  return {
    title: words.title,
    body: words.text,
    url: pageUrl(cityId, lang, words.link ?? '/'),
    tag: `${kind === 'order_status' ? 'order' : 'wishlist'}-${String(subject)}`,
  }
}

/** The RFC 8030 topic for a tag: at most 32 URL-safe characters, the same for the same tag. */
export const pushTopicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32)
