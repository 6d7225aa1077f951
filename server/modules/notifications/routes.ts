import { ErrorBody } from '../../../contract/common'
import {
  MarkReadBody,
  NotificationDeleted,
  NotificationList,
  NotificationParams,
  NOTIFICATIONS_V1,
  NotificationsQuery,
  UnreadCount,
} from '../../../contract/notifications'
import { requireUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { createNotificationsRepo } from './repo'
import { createNotificationsService, type Notify } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells a shopper something in the information centre (the module's public face, `index.ts`). */
    notify: Notify
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody }
const tags = ['notifications']
const security = [{ bearer: [] }]

/**
 * The information centre (spec 3 "Notification", 7.10): the signed-in shopper's own notifications, newest
 * first and paged, the unread count (status NEW), marking read and deleting. Another shopper's id is a
 * 404 that changes nothing.
 */
export const notificationsModule: ModuleRegistration = (app, { database }) => {
  const service = createNotificationsService(database.db, createNotificationsRepo(database.db))
  app.decorate('notify', service.notify)

  app.get(
    `${NOTIFICATIONS_V1}/notes`,
    {
      schema: {
        tags,
        security,
        summary: "The signed-in shopper's notifications, newest first",
        querystring: NotificationsQuery,
        response: { 200: NotificationList, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return service.list(userId, req.query.page, req.query.limit, req.lang)
    },
  )

  app.get(
    `${NOTIFICATIONS_V1}/notes/unread`,
    {
      schema: {
        tags,
        security,
        summary: 'How many notifications are unread (status NEW)',
        response: { 200: UnreadCount, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return service.unread(userId)
    },
  )

  app.post(
    `${NOTIFICATIONS_V1}/notes/read`,
    {
      schema: {
        tags,
        security,
        summary: 'Marks notifications read, all of them or none',
        body: MarkReadBody,
        response: { 200: UnreadCount, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return service.markRead(userId, req.body.ids)
    },
  )

  app.post(
    `${NOTIFICATIONS_V1}/notes/:id/read`,
    {
      schema: {
        tags,
        security,
        summary: 'Marks one notification read',
        params: NotificationParams,
        response: { 200: UnreadCount, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return service.markRead(userId, [req.params.id])
    },
  )

  app.delete(
    `${NOTIFICATIONS_V1}/notes/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Deletes one notification',
        params: NotificationParams,
        response: { 200: NotificationDeleted, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return service.remove(userId, req.params.id)
    },
  )
}
