/**
 * The information centre's public face: other modules tell a shopper something with `app.notify(userId,
 * kind, payload, { tx })` (register with 'notifications' among the module's dependencies).
 */
import type { Db } from '../../db/connection'
import { createNotificationsRepo } from './repo'
import { createNotificationsService, type Notify } from './service'

export { notificationsModule } from './routes'
export type { Notify, NotifyOptions } from './service'

/**
 * `notify` without the app, for a command that moves orders on the store's database (`npm run fulfil`):
 * the same checks and rows as `app.notify`.
 */
export function createNotifier(db: Db): Notify {
  return createNotificationsService(db, createNotificationsRepo(db)).notify
}
