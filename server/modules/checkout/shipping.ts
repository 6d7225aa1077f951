import type { Shipping } from '../../../contract/checkout'
import { CHECKOUT_ERROR_KEYS } from '../../../contract/checkout'
import type { DeliveryResult, PickupPlace, ReceiveOption, Slot } from '../../../contract/inventory'
import { unprocessable } from '../../http/errors'

/** The delivery the shopper chose, checked against what the delivery calculation offers now. */
export interface ChosenShipping {
  type: Shipping['type']
  cost: number
  /** The pickup point or shop, for pickup. */
  place: PickupPlace | null
  /** When the goods arrive or can be collected. */
  date: string
  slot: Slot | null
  installationDate: string | null
}

/** Days after the goods arrive within which an installation can be booked. */
export const INSTALLATION_WINDOW_DAYS = 30

/**
 * Days the installers do not work (purchase flow 5: "an excluded date list"): the public holidays of
 * Kazakhstan, as data the store updates each year. Sundays are excluded as well.
 */
export const INSTALLATION_EXCLUDED_DATES: readonly string[] = [
  '2026-01-01', '2026-01-02', '2026-01-07', '2026-03-08', '2026-03-20', '2026-03-21', '2026-03-22',
  '2026-03-23', '2026-05-01', '2026-05-07', '2026-05-09', '2026-05-27', '2026-07-06', '2026-08-30',
  '2026-10-25', '2026-12-16', '2027-01-01', '2027-01-02', '2027-01-07', '2027-03-08', '2027-03-21',
  '2027-03-22', '2027-03-23', '2027-05-01', '2027-05-07', '2027-05-09', '2027-05-16', '2027-07-06',
  '2027-08-30', '2027-10-25', '2027-12-16',
] // prettier-ignore

const DAY_MS = 86_400_000

function installationRefusal(date: string, goodsDate: string): boolean {
  const day = Date.parse(`${date}T00:00:00Z`)
  const from = Date.parse(`${goodsDate}T00:00:00Z`)
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== date) return true
  if (day < from || day > from + INSTALLATION_WINDOW_DAYS * DAY_MS) return true
  return new Date(day).getUTCDay() === 0 || INSTALLATION_EXCLUDED_DATES.includes(date)
}

const optionOf = (delivery: DeliveryResult, type: Shipping['type']): ReceiveOption | null => {
  if (type === 'COURIER_DELIVERY') return delivery.delivery
  const kind = type === 'EXPRESS_DELIVERY' ? 'express' : 'fast'
  return delivery.deliveries.find((d) => d.deliveryType === kind) ?? null
}

/** 422 with the spec's keys when the choice is not offered now; the cost is the calculation's, never the client's. */
export function chooseShipping(shipping: Shipping, delivery: DeliveryResult): ChosenShipping {
  let chosen: Omit<ChosenShipping, 'installationDate'>
  if (shipping.type === 'PICKUP' || shipping.type === 'SHOP' || shipping.type === 'STORE') {
    const places = [...delivery.pickup_points, ...delivery.stores]
    const place = places.find((p) => p.service_point_id === shipping.service_point_id)
    if (places.length === 0) throw unprocessable(CHECKOUT_ERROR_KEYS.deliveryUnavailable)
    if (!place) throw unprocessable(CHECKOUT_ERROR_KEYS.servicePointUnavailable)
    chosen = { type: shipping.type, cost: place.deliveryCost, place, date: place.pickup_date, slot: null }
  } else {
    const option = optionOf(delivery, shipping.type)
    if (!option) throw unprocessable(CHECKOUT_ERROR_KEYS.deliveryUnavailable)
    if (!shipping.address) throw unprocessable(CHECKOUT_ERROR_KEYS.addressRequired)
    let slot: Slot | null = null
    if (shipping.type === 'COURIER_DELIVERY') {
      slot = delivery.slots.find((s) => s.code === shipping.slot_code && s.date === shipping.date) ?? null
      if (!slot) throw unprocessable(CHECKOUT_ERROR_KEYS.slotUnavailable)
    }
    chosen = {
      type: shipping.type,
      cost: option.deliveryCost,
      place: null,
      date: slot?.date ?? option.min_date,
      slot,
    }
  }
  const installationDate = shipping.installation_date ?? null
  if (installationDate !== null && installationRefusal(installationDate, chosen.date))
    throw unprocessable(CHECKOUT_ERROR_KEYS.installationDateInvalid, {
      excluded: INSTALLATION_EXCLUDED_DATES.join(','),
    })
  return { ...chosen, installationDate }
}
