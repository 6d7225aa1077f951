/**
 * The information centre's public face: other modules tell a shopper something with `app.notify(userId,
 * kind, payload, { tx })` (register with 'notifications' among the module's dependencies).
 */
export { notificationsModule } from './routes'
export type { Notify, NotifyOptions } from './service'
