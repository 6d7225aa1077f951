import { createECDH } from 'node:crypto'
import type { Lang } from '../../../contract/common'
import {
  PUSH_ERROR_KEYS,
  type PushSubscribeBody,
  type PushSubscriptionList,
  type PushSubscriptionPatch,
  type PushSubscriptionView,
} from '../../../contract/push'
import { notFound, unprocessable } from '../../http/errors'
import type { AuthUser } from '../../http/auth'
import type { PushRepo, SubscriptionRow } from './repo'

export interface PushServiceDeps {
  repo: PushRepo
  publicKey: () => Promise<string>
  /**
   * Whether the store may post to this endpoint. In production a subscription must name a push service
   * on the internet: an address on this machine or the private network is refused, so nobody can make
   * the store post to its own neighbours.
   */
  endpointAllowed: (url: URL) => boolean
}

const view = (row: SubscriptionRow): PushSubscriptionView => ({
  id: row.id,
  endpoint: row.endpoint,
  topics: { order_status: row.orderStatus, price_drop: row.priceDrop, back_in_stock: row.backInStock },
  lang: row.lang,
  created_at: row.createdAt.toISOString(),
})

/** A P-256 public key the payload can be encrypted to: a point on the curve. */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'))
    return true
  } catch {
    return false
  }
}

/** Literal loopback, private, link-local and unspecified addresses, and `localhost`. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (/^(127|10|0)\./.test(host) || /^169\.254\./.test(host) || /^192\.168\./.test(host)) return true
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(host)) return true
  if (host.includes(':'))
    return (
      host === '::' ||
      host === '::1' ||
      /^f[cd]/.test(host) ||
      /^fe80:/.test(host) ||
      host.startsWith('::ffff:')
    )
  return false
}

/**
 * The signed-in shopper's push subscriptions: made only with their consent, one per browser, each with
 * its topics, language and city. Another shopper's subscription id is a 404 that changes nothing.
 */
export function createPushService({ repo, publicKey, endpointAllowed }: PushServiceDeps) {
  return {
    async vapidPublicKey() {
      return { public_key: await publicKey() }
    },

    async subscribe(user: AuthUser, body: PushSubscribeBody, lang: Lang, cityId: number) {
      const { endpoint, keys } = body.subscription
      if (!endpointAllowed(new URL(endpoint)))
        throw unprocessable(PUSH_ERROR_KEYS.badSubscription, { field: 'subscription.endpoint' })
      if (!isP256Point(keys.p256dh))
        throw unprocessable(PUSH_ERROR_KEYS.badSubscription, { field: 'subscription.keys.p256dh' })
      const row = await repo.upsert({
        userId: user.userId,
        signInId: user.signInId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        lang,
        cityId,
        topics: { order_status: true, price_drop: true, back_in_stock: true, ...body.topics },
      })
      return view(row)
    },

    async list(userId: string): Promise<PushSubscriptionList> {
      return { subscriptions: (await repo.list(userId)).map(view) }
    },

    async update(userId: string, id: string, patch: PushSubscriptionPatch, cityId: number | undefined) {
      const row = await repo.update(userId, id, { topics: patch.topics, lang: patch.lang, cityId })
      if (!row) throw notFound(PUSH_ERROR_KEYS.subscriptionNotFound)
      return view(row)
    },

    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw notFound(PUSH_ERROR_KEYS.subscriptionNotFound)
      return { deleted: true as const }
    },
  }
}
export type PushService = ReturnType<typeof createPushService>
