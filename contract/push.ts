import { z } from 'zod'
import { Lang, text } from './common'
import { PUSH_TOPICS, type PushTopics } from './values/push'

export { PUSH_ERROR_KEYS, PUSH_TOPICS, PUSH_V1, type PushMessage, type PushTopic } from './values/push'

/**
 * Web push (`/notifications/api/v1/push`): the store's VAPID public key, and the signed-in shopper's
 * push subscriptions, one per browser, each with its topics and the language its messages are written
 * in. A subscription is made only with the shopper's explicit consent (`consent: true`).
 */

export const VapidPublicKey = z.object({
  /** The application server key for `pushManager.subscribe`, base64url of the uncompressed P-256 point. */
  public_key: z.string(),
})
export type VapidPublicKey = z.infer<typeof VapidPublicKey>

const base64url = (bytes: number) =>
  text()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine((s) => s.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), `must be ${bytes} bytes`)

/** `PushSubscription.toJSON()` as the browser gives it. Push services are reached over https only. */
export const BrowserSubscription = z.object({
  endpoint: text()
    .max(1000)
    .refine((s) => URL.canParse(s) && new URL(s).protocol === 'https:', 'must be an https URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
})

const topicFlags = Object.fromEntries(PUSH_TOPICS.map((t) => [t, z.boolean()])) as Record<
  keyof PushTopics,
  z.ZodBoolean
>
export const PushTopicsSchema = z.object(topicFlags)
export const PushTopicsPatch = PushTopicsSchema.partial()

export const PushSubscribeBody = z.object({
  /** The shopper pressed the button that asks for push: no subscription is stored without it. */
  consent: z.literal(true),
  subscription: BrowserSubscription,
  /** Unset topics are on. */
  topics: PushTopicsPatch.optional(),
})
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>

export const PushSubscriptionPatch = z
  .object({ topics: PushTopicsPatch.optional(), lang: Lang.optional() })
  .refine((p) => p.topics !== undefined || p.lang !== undefined, 'nothing to change')
export type PushSubscriptionPatch = z.infer<typeof PushSubscriptionPatch>

export const PushSubscriptionParams = z.object({ id: z.uuid() })

export const PushSubscriptionView = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  topics: PushTopicsSchema,
  /** The language its messages are written in: the one the shopper subscribed or last chose in. */
  lang: Lang,
  created_at: z.iso.datetime({ offset: true }),
})
export type PushSubscriptionView = z.infer<typeof PushSubscriptionView>

export const PushSubscriptionList = z.object({ subscriptions: z.array(PushSubscriptionView) })
export type PushSubscriptionList = z.infer<typeof PushSubscriptionList>

export const PushSubscriptionDeleted = z.object({ deleted: z.literal(true) })
export type PushSubscriptionDeleted = z.infer<typeof PushSubscriptionDeleted>

/** `GET /dev/push-outbox?endpoint=`: what the local push provider would have posted, newest first. */
export const PushOutboxQuery = z.object({ endpoint: text().max(1000) })
export const PushOutboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      endpoint: z.string(),
      /** The JSON the store encrypted, for reading. */
      payload: z.string(),
      /** The aes128gcm body the push service would get (RFC 8291), base64. */
      body: z.string(),
      headers: z.record(z.string(), z.string()),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
})
