import { z } from 'zod'
import { Id, Phone } from './account-area'
import { CityId, text } from './common'
import { Slot } from './inventory'

export * from './values/order-pickup'

/*
 * After the order (purchase flow 7, Orders): moving a courier delivery (`GET v3
 * /booking/delivery/reschedule_count/{id}`, `POST v3 /booking/delivery/reschedule`), a warrant for
 * another person to collect a pickup order (`POST /orders/{id}/warrant`, `GET /orders/warrant/{id}`) and
 * the pickup one-time code (`GET /orders/{id}/otp`, `/otp/refresh`). Every route answers the order's
 * owner only: another shopper's order is 404.
 */

const IsoDate = z.iso.date()

/** Why a delivery cannot be moved now, or null when it can. */
export const RESCHEDULE_BLOCKS = ['notCourier', 'wrongStatus', 'limit'] as const

/** GET …/reschedule_count/{id}: how often the delivery was moved, and the dates it may move to now. */
export const OrderRescheduleState = z.object({
  order_id: Id,
  count: z.number().int(),
  limit: z.number().int(),
  /** Moves still allowed. */
  left: z.number().int(),
  blocked: z.enum(RESCHEDULE_BLOCKS).nullable(),
  /** The delivery as it stands: its date and slot. */
  date: IsoDate.nullable(),
  slot: Slot.nullable(),
  /** Courier dates after the current one with their slots; empty when the delivery cannot move. */
  dates: z.array(z.object({ date: IsoDate, slots: z.array(Slot) })),
})
export type OrderRescheduleState = z.infer<typeof OrderRescheduleState>

/** POST …/booking/delivery/reschedule (purchase flow 7: city_guid, city_id, order_id, date, slot_code, slot_time). */
export const OrderRescheduleRequest = z.object({
  /** The city's 1C guid, as the spec's clients send it; the order's city is `city_id`. */
  city_guid: text().max(64).nullish(),
  city_id: CityId,
  order_id: Id,
  date: IsoDate,
  slot_code: text().min(1).max(40),
  /** '10:00-12:00': when sent, it must be the slot's window. */
  slot_time: text().max(20).nullish(),
})
export type OrderRescheduleRequest = z.input<typeof OrderRescheduleRequest>

// ── The warrant: another person collects a pickup order ────────────────────────────────────────────────

export const WarrantInput = z.object({
  firstname: text().trim().min(1).max(100),
  lastname: text().trim().min(1).max(100),
  phone: Phone,
  /** Checked by the server: 12 digits, a real birth date, the check digit (422 `orders:iinInvalid`). */
  iin: text().trim().max(32),
})
export type WarrantInput = z.input<typeof WarrantInput>

export const Warrant = z.object({
  order_id: Id,
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  iin: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Warrant = z.infer<typeof Warrant>

// ── The pickup one-time code ────────────────────────────────────────────────────────────────────────────

export const PickupCode = z.object({
  order_id: Id,
  number: z.string(),
  /** What the shopper (or the warrant's holder) tells or shows at the point. */
  code: z.string(),
  /** What the QR code holds: the order's number and the code, for the point's scanner. */
  payload: z.string(),
  /** The QR code as an SVG document. */
  svg: z.string(),
  expires_at: z.string(),
})
export type PickupCode = z.infer<typeof PickupCode>
