import type { OrderStatus } from './account-area'

/**
 * What a shopper may do with an order after placing it (purchase flow 7, Orders): move a courier
 * delivery to another date, let another person collect a pickup order (a warrant), and show the pickup
 * one-time code. Plain values both sides need; the schemas are in contract/order-pickup.ts.
 */

export const BOOKING_V3 = '/oms/api/v3/booking/delivery'

/** A courier delivery may be moved this many times; the next try is refused (422). */
export const RESCHEDULE_LIMIT = 2

/** Shipping types collected by the shopper at a point or shop. */
export const PICKUP_SHIPPING_TYPES = ['PICKUP', 'SHOP', 'STORE'] as const
/** The shipping type a courier brings on a chosen date and slot: the only one that can be moved. */
export const COURIER_SHIPPING_TYPE = 'COURIER_DELIVERY'

/** A courier delivery can be moved until the goods leave with the courier. */
export const RESCHEDULABLE_STATUSES: readonly OrderStatus[] = ['NEW', 'PAYMENT_PENDING', 'PROCESSING']
/** Another person may be named to collect the order until it is collected or cancelled. */
export const WARRANT_STATUSES: readonly OrderStatus[] = [
  'NEW',
  'PAYMENT_PENDING',
  'PROCESSING',
  'READY_FOR_PICKUP',
]
/**
 * The pickup code exists once nothing stands between the order and its collection but the goods being
 * brought to the point: paid (or paid on receipt) and not yet collected or cancelled.
 */
export const PICKUP_CODE_STATUSES: readonly OrderStatus[] = ['NEW', 'PROCESSING', 'READY_FOR_PICKUP']

/** The pickup code: six digits, valid this long; this many refreshes at once, then a wait (a quiet window forgets them). */
export const PICKUP_CODE_LENGTH = 6
export const PICKUP_CODE_TTL_MINUTES = 30
export const PICKUP_CODE_REFRESH_MAX = 5
export const PICKUP_CODE_REFRESH_WINDOW_SECONDS = 15 * 60

export const ORDER_ACTION_ERROR_KEYS = {
  /** 422: the order is not delivered by a courier on a date and slot. */
  notCourier: 'orders:notCourier',
  /** 422: the order is collected by the shopper: no warrant or pickup code for a delivery. */
  notPickup: 'orders:notPickup',
  /** 409: the order's state does not allow this (received, cancelled, on its way). */
  wrongStatus: 'orders:wrongStatus',
  /** 422: the delivery was moved RESCHEDULE_LIMIT times already; details.limit. */
  rescheduleLimit: 'orders:rescheduleLimit',
  /** 422: the date or slot is not among those offered now. */
  slotUnavailable: 'orders:slotUnavailable',
  /** 422: the city is not the order's. */
  wrongCity: 'orders:wrongCity',
  /** 422: the IIN is not 12 digits with a valid birth date and check digit. */
  iinInvalid: 'orders:iinInvalid',
  /** 404: no warrant was written for the order. */
  warrantNotFound: 'orders:warrantNotFound',
} as const

/*
 * Kazakhstan's IIN: twelve digits, YYMMDD of birth, a digit for century and sex (1-2: 1800s, 3-4:
 * 1900s, 5-6: 2000s), four of a serial, and a check digit: the weighted sum of the first eleven modulo
 * 11 with weights 1..11; when that gives 10, with weights 3..11,1,2; a second 10 is never issued.
 */
const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]
const weighted = (digits: readonly number[], weights: readonly number[]) =>
  digits.reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0) % 11

/** The check digit of eleven leading digits, or null when none exists. */
export function iinCheckDigit(first11: string): number | null {
  if (!/^\d{11}$/.test(first11)) return null
  const digits = [...first11].map(Number)
  const first = weighted(digits, FIRST_WEIGHTS)
  if (first !== 10) return first
  const second = weighted(digits, SECOND_WEIGHTS)
  return second === 10 ? null : second
}

/** True for an IIN with a real birth date, a century digit 1-6 and the right check digit. */
export function isValidIin(iin: string): boolean {
  if (!/^\d{12}$/.test(iin)) return false
  const century = Number(iin[6])
  if (century < 1 || century > 6) return false
  const year = 1800 + 100 * Math.floor((century - 1) / 2) + Number(iin.slice(0, 2))
  const month = Number(iin.slice(2, 4))
  const day = Number(iin.slice(4, 6))
  const born = new Date(Date.UTC(year, month - 1, day))
  if (born.getUTCFullYear() !== year || born.getUTCMonth() !== month - 1 || born.getUTCDate() !== day)
    return false
  return iinCheckDigit(iin.slice(0, 11)) === Number(iin[11])
}
