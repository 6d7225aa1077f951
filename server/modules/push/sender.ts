import type { FastifyBaseLogger } from 'fastify'
import type { PushProvider } from '../../providers/push/types'
import { pushMessageOf, pushTopicOf } from './message'
import type { ClaimedDelivery, PushRepo } from './repo'

/** An order's news or a price drop a day late is no news: older messages are dropped, not sent. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60
/** Tries of one delivery before it is given up (the waits between them grow: 30 s, 1, 2, 4, 8 min). */
export const PUSH_MAX_ATTEMPTS = 6
const LEASE_SECONDS = 120
const BATCH = 50

export interface PushSweepResult {
  sent: number
  gone: number
  retried: number
  dropped: number
}

export interface PushSenderDeps {
  repo: PushRepo
  provider: PushProvider
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>
  now?: () => Date
}

/**
 * Sends what the trigger on `notifications` queued, after the change that raised it committed: the push
 * service's answer never holds or fails an order's move. Each delivery is taken with a lease, so sweeps
 * of several processes never send one twice at once; a delivered one is deleted, a 404/410 forgets the
 * subscription, a 429/5xx or no answer is tried again later, anything else is given up and logged.
 */
export function createPushSender({ repo, provider, log, now = () => new Date() }: PushSenderDeps) {
  async function deliver(delivery: ClaimedDelivery, result: PushSweepResult): Promise<'gone' | void> {
    const age = (now().getTime() - new Date(delivery.created_at).getTime()) / 1000
    const message = pushMessageOf(delivery.kind, delivery.payload, delivery.lang, delivery.city_id)
    if (!message || age > PUSH_TTL_SECONDS) {
      await repo.drop(delivery.id)
      result.dropped++
      return
    }
    const outcome = await provider.send(
      { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
      JSON.stringify(message),
      {
        ttlSeconds: Math.max(60, Math.round(PUSH_TTL_SECONDS - age)),
        urgency: delivery.kind === 'order_status' ? 'high' : 'normal',
        topic: pushTopicOf(message.tag),
      },
    )
    switch (outcome.kind) {
      case 'delivered':
        await repo.delivered(delivery)
        result.sent++
        return
      case 'gone':
        await repo.forget(delivery.subscription_id)
        result.gone++
        return 'gone'
      case 'retry':
        if (delivery.attempts < PUSH_MAX_ATTEMPTS) {
          await repo.later(delivery.id, 30 * 2 ** (delivery.attempts - 1))
          result.retried++
          return
        }
        log.warn(
          { reason: outcome.reason, status: outcome.status },
          'push: gave up a message after its tries',
        )
        break
      case 'rejected':
        log.warn(
          { reason: outcome.reason, status: outcome.status },
          'push: the push service refused a message',
        )
        break
    }
    await repo.drop(delivery.id)
    result.dropped++
  }

  return {
    /** Sends every due delivery, a batch at a time, until none is left. */
    async sweep(): Promise<PushSweepResult> {
      const result: PushSweepResult = { sent: 0, gone: 0, retried: 0, dropped: 0 }
      for (;;) {
        const batch = await repo.claim(BATCH, LEASE_SECONDS)
        // a device's messages go in order; different devices at once
        const byDevice = new Map<string, ClaimedDelivery[]>()
        for (const d of batch)
          byDevice.set(d.subscription_id, [...(byDevice.get(d.subscription_id) ?? []), d])
        await Promise.all(
          [...byDevice.values()].map(async (queue) => {
            for (const delivery of queue) if ((await deliver(delivery, result)) === 'gone') return
          }),
        )
        if (batch.length < BATCH) break
      }
      if (result.gone > 0)
        log.info({ gone: result.gone }, 'push: forgot subscriptions their push service ended')
      return result
    },

    dropEnded: () => repo.dropEnded(),
  }
}
export type PushSender = ReturnType<typeof createPushSender>
