import { randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import {
  ORDER_ACTION_ERROR_KEYS,
  PICKUP_CODE_LENGTH,
  PICKUP_CODE_REFRESH_MAX,
  PICKUP_CODE_REFRESH_WINDOW_SECONDS,
  PICKUP_CODE_STATUSES,
  PICKUP_CODE_TTL_MINUTES,
  PICKUP_SHIPPING_TYPES,
  type PickupCode,
} from '../../../contract/order-pickup'
import type { Db } from '../../db/connection'
import { orderPickupCodes } from '../../db/schema/order-pickup'
import { conflict, unprocessable } from '../../http/errors'
import type { Backoff, RateLimiter } from '../../http/rate-limit'
import { ownedOrder, shippingType, type OwnedOrder } from './owned-order'

/**
 * New codes per order: PICKUP_CODE_REFRESH_MAX at once, then a wait of a minute doubling per further
 * refresh (at most the window); a quiet window starts afresh. A storm of refreshes is refused with 429
 * before any code is made: the attempt is counted and compared under the key's row lock.
 */
export const PICKUP_CODE_REFRESH: Backoff = {
  bucket: 'pickup-code-refresh',
  free: PICKUP_CODE_REFRESH_MAX,
  baseSeconds: 60,
  maxSeconds: PICKUP_CODE_REFRESH_WINDOW_SECONDS,
  forgetSeconds: PICKUP_CODE_REFRESH_WINDOW_SECONDS,
}

export interface PickupCodeDeps {
  db: Db
  limiter: RateLimiter
  qrSvg: (payload: string) => Promise<string>
  now?: () => Date
}

const newCode = () => String(randomInt(0, 10 ** PICKUP_CODE_LENGTH)).padStart(PICKUP_CODE_LENGTH, '0')

/**
 * The pickup one-time code (purchase flow 7, `GET /orders/{id}/otp` and `/otp/refresh`): six random
 * digits the shopper, or the person of the warrant, shows at the point as digits or a QR code. A code is
 * kept with its expiry (PICKUP_CODE_TTL_MINUTES); asking after it expired makes a new one, and a refresh
 * replaces it at once, at most PICKUP_CODE_REFRESH_MAX times per order in the window (the attempt is
 * taken before the code is made, so concurrent refreshes cannot all pass).
 */
export function createPickupCodes({ db, limiter, qrSvg, now = () => new Date() }: PickupCodeDeps) {
  function check(order: OwnedOrder) {
    if (!(PICKUP_SHIPPING_TYPES as readonly string[]).includes(shippingType(order)))
      throw unprocessable(ORDER_ACTION_ERROR_KEYS.notPickup)
    if (!PICKUP_CODE_STATUSES.includes(order.status)) throw conflict(ORDER_ACTION_ERROR_KEYS.wrongStatus)
  }

  async function answer(order: OwnedOrder, code: string, expiresAt: Date): Promise<PickupCode> {
    const payload = `PICKUP:${order.number}:${code}`
    return {
      order_id: order.id,
      number: order.number,
      code,
      payload,
      svg: await qrSvg(payload),
      expires_at: expiresAt.toISOString(),
    }
  }

  /** Writes a fresh code; `onlyExpired` keeps a code still valid (two first reads at once make one). */
  async function issue(orderId: string, onlyExpired: boolean) {
    const at = now()
    const expiresAt = new Date(at.getTime() + PICKUP_CODE_TTL_MINUTES * 60_000)
    const values = { code: newCode(), createdAt: at, expiresAt }
    const [row] = await db
      .insert(orderPickupCodes)
      .values({ orderId, ...values })
      .onConflictDoUpdate({
        target: orderPickupCodes.orderId,
        set: values,
        ...(onlyExpired ? { setWhere: sql`${orderPickupCodes.expiresAt} <= ${at}` } : {}),
      })
      .returning()
    if (row) return row
    const [kept] = await db.select().from(orderPickupCodes).where(eq(orderPickupCodes.orderId, orderId))
    return kept!
  }

  return {
    /** The code in force, or a new one when there is none or it expired. */
    async current(orderId: string, userId: string): Promise<PickupCode> {
      const order = await ownedOrder(db, orderId, userId)
      check(order)
      const [row] = await db.select().from(orderPickupCodes).where(eq(orderPickupCodes.orderId, order.id))
      const valid = row && row.expiresAt > now() ? row : await issue(order.id, true)
      return answer(order, valid.code, valid.expiresAt)
    },

    /** A new code now, replacing the old one; 429 past the limit, with nothing changed. */
    async refresh(orderId: string, userId: string): Promise<PickupCode> {
      const order = await ownedOrder(db, orderId, userId)
      check(order)
      await limiter.attempt(PICKUP_CODE_REFRESH, order.id)
      const row = await issue(order.id, false)
      return answer(order, row.code, row.expiresAt)
    },
  }
}

export type PickupCodes = ReturnType<typeof createPickupCodes>
