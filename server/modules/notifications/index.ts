/**
 * The information centre's public face: other modules tell a shopper something with `app.notify(userId,
 * kind, payload, { tx })` (register with 'notifications' among the module's dependencies), and read a
 * stored notification's words with `notificationWords` (push sends the same words the bell shows).
 */
import type { Lang } from '../../../contract/common'
import type { NotificationKind } from '../../../contract/values/notifications'
import type { Db } from '../../db/connection'
import { readPayload } from './payloads'
import { createNotificationsRepo } from './repo'
import { createNotificationsService, type Notify } from './service'
import { describe } from './texts'

export { notificationsModule } from './routes'
export type { Notify, NotifyOptions } from './service'

/**
 * `notify` without the app, for a command that moves orders on the store's database (`npm run fulfil`):
 * the same checks and rows as `app.notify`.
 */
export function createNotifier(db: Db): Notify {
  return createNotificationsService(db, createNotificationsRepo(db)).notify
}

/**
 * A stored notification's title, text and page (without the city and language prefix) in a language, or
 * null when its payload no longer fits its kind.
 */
export function notificationWords(
  kind: NotificationKind,
  payload: unknown,
  lang: Lang,
): { title: string; text: string; link: string | null } | null {
  const read = readPayload(kind, payload)
  return read ? describe(kind, read, lang) : null
}
