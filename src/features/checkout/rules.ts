import type { Cart } from '../../../contract/cart'
import type { CardsResponse, ReceiverInput } from '../../../contract/account-area'
import type { CheckoutRequest, OrderDetail, PaymentMethod, Shipping } from '../../../contract/checkout'
import type {
  DeliveryRequest,
  DeliveryResult,
  PickupPlace,
  ReceiveOption,
  Slot,
} from '../../../contract/inventory'
import { appliedKitParts } from '../../../contract/values/cart'
import {
  CHECKOUT_ERROR_KEYS,
  ORDER_PAYMENT_METHODS,
  type OrderPaymentMethod,
} from '../../../contract/values/checkout'
import type { CityId } from '../../../contract/values/common'
import { CLIENT_ERROR_CODES, isApiError } from '../../data/api-error'
import type { CheckoutForm, CourierKind, PaymentChoice, ReceiveMethod } from './state'

/*
 * The checkout's decisions as plain functions over plain data: which way to receive the goods, what the
 * payment choice becomes, what the request says, which message a failure shows, and what the result page
 * offers. The components only draw what these answer.
 */

// ── Steps (purchase flow 2: `/checkout/{step}`) ────────────────────────────────────────────────────────

export const FORM_STEPS = ['receiver', 'delivery', 'review-and-payments'] as const
export type FormStep = (typeof FORM_STEPS)[number]

// ── The goods and the delivery request ────────────────────────────────────────────────────────────────

/** The cart's delivery as checkout asks it; `products` (the active lines and applied kits' parts) keys it. */
export type CartDeliveryRequest = DeliveryRequest & { city_id: CityId; cart_id: string }

/** Only active lines go to delivery and payment methods (purchase flow 5), with the applied kits' parts. */
export function deliveryRequest(
  cart: Cart,
  cityId: CityId,
  isOrganization: boolean,
): CartDeliveryRequest | null {
  const units = new Map<string, number>()
  const add = (sku: string, quantity: number) => units.set(sku, (units.get(sku) ?? 0) + quantity)
  for (const line of cart.products) if (line.isActive) add(line.sku, line.quantity)
  for (const part of appliedKitParts(cart.promotions)) add(part.sku, 1)
  if (units.size === 0) return null
  return {
    city_id: cityId,
    cart_id: cart.id,
    products: [...units].map(([sku, quantity]) => ({ sku, quantity })),
    grand_total_sum: cart.grandTotalSum,
    is_organization: isOrganization,
    assembly_pc: cart.assemblyPc,
    is_tradein: hasTradein(cart),
  }
}

/**
 * An active line has an old device handed over for it: the order is collected at a shop that takes old
 * devices and paid ahead (the server offers only those shops and methods).
 */
export const hasTradein = (cart: Cart) => cart.products.some((line) => line.isActive && line.tradein !== null)

/** An installation service among the lines: the shopper may name the day for it (optional). */
export function hasInstallation(cart: Cart): boolean {
  const installation = /установк|монтаж|подключ|орнату|ustanovka/i
  return [...cart.services, ...cart.products].some(
    (line) =>
      line.isActive &&
      line.type === 'service' &&
      (installation.test(line.title) || line.categories.some((c) => installation.test(c))),
  )
}

// ── Receiving the goods (purchase flow 4, Shipping method) ────────────────────────────────────────────

/** PICKUP if any store or pickup point exists or a pickup date exists; otherwise the courier. */
export function defaultReceiveMethod(delivery: DeliveryResult): ReceiveMethod {
  const pickup =
    delivery.stores.length > 0 || delivery.pickup_points.length > 0 || delivery.pickup_date !== null
  return pickup ? 'pickup' : 'courier'
}

export interface CourierOption {
  kind: CourierKind
  option: ReceiveOption
}

/** Courier to a date and slot, then express and next-day delivery where offered. */
export function courierOptions(delivery: DeliveryResult): CourierOption[] {
  const out: CourierOption[] = []
  if (delivery.delivery) out.push({ kind: 'COURIER_DELIVERY', option: delivery.delivery })
  for (const option of delivery.deliveries) {
    if (option.deliveryType === 'express') out.push({ kind: 'EXPRESS_DELIVERY', option })
    if (option.deliveryType === 'fast') out.push({ kind: 'FAST_DELIVERY', option })
  }
  return out
}

export interface Place extends PickupPlace {
  kind: 'store' | 'pickup'
}

/** The shops holding the goods first, then the pickup points the goods are brought to. */
export function pickupPlaces(delivery: DeliveryResult): Place[] {
  return [
    ...delivery.stores.map((p) => ({ ...p, kind: 'store' as const })),
    ...delivery.pickup_points.map((p) => ({ ...p, kind: 'pickup' as const })),
  ]
}

/** The shopper's choice where it is still offered, else the rule's default. */
export function receiveMethod(form: Pick<CheckoutForm, 'method'>, delivery: DeliveryResult): ReceiveMethod {
  const pickup = pickupPlaces(delivery).length > 0
  const courier = courierOptions(delivery).length > 0
  if (form.method === 'pickup' && pickup) return 'pickup'
  if (form.method === 'courier' && courier) return 'courier'
  return defaultReceiveMethod(delivery)
}

export function slotsByDate(slots: readonly Slot[]): { date: string; slots: Slot[] }[] {
  const days = new Map<string, Slot[]>()
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot])
  return [...days].map(([date, list]) => ({ date, slots: list }))
}

/** The chosen courier kind where offered, else the first offered. */
export function courierKind(
  form: Pick<CheckoutForm, 'courierKind'>,
  delivery: DeliveryResult,
): CourierKind | null {
  const options = courierOptions(delivery)
  return (options.find((o) => o.kind === form.courierKind) ?? options[0])?.kind ?? null
}

/** A saved address as the courier step reads it. */
export interface SavedAddress {
  id: string
  street: string
  house: string
  apartment: string | null
  floor: string | null
  isDefault: boolean
}

/** The address the shopper types instead of a saved one. */
export const NEW_ADDRESS = 'new'

/**
 * The form with what the shopper has not chosen yet filled in, each default only where it is still
 * offered: the rule's way to receive, the first place, the first courier kind, the default saved
 * address (else a new one), the earliest date and slot.
 */
export function withDeliveryDefaults(
  form: CheckoutForm,
  delivery: DeliveryResult,
  addresses: readonly SavedAddress[],
): CheckoutForm {
  const places = pickupPlaces(delivery)
  const servicePointId = places.some((p) => p.service_point_id === form.servicePointId)
    ? form.servicePointId
    : (places[0]?.service_point_id ?? null)
  const addressId =
    form.addressId === NEW_ADDRESS || addresses.some((a) => a.id === form.addressId)
      ? form.addressId
      : ((addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? NEW_ADDRESS)
  const offered = delivery.slots.find((s) => s.code === form.slotCode && s.date === form.date)
  const slot = offered ?? delivery.slots.find((s) => s.date === form.date) ?? delivery.slots[0]
  return {
    ...form,
    method: receiveMethod(form, delivery),
    courierKind: courierKind(form, delivery) ?? form.courierKind,
    servicePointId,
    addressId,
    date: slot?.date ?? null,
    slotCode: slot?.code ?? null,
  }
}

/**
 * What the order request says about the goods' way, or null while the choice is incomplete: a place
 * for pickup; an address, and for the courier a date and slot that are still offered.
 */
export function shippingFor(
  form: CheckoutForm,
  delivery: DeliveryResult,
  addresses: readonly SavedAddress[],
  installation: boolean,
): Shipping | null {
  const installation_date = installation && form.installationDate ? form.installationDate : null
  if (receiveMethod(form, delivery) === 'pickup') {
    const place = pickupPlaces(delivery).find((p) => p.service_point_id === form.servicePointId)
    if (!place) return null
    const type =
      place.kind === 'store'
        ? (delivery.store?.shipping_type ?? 'STORE')
        : (delivery.pickup?.shipping_type ?? 'PICKUP')
    return { type, service_point_id: place.service_point_id, installation_date }
  }
  const kind = courierKind(form, delivery)
  if (!kind) return null
  const address = courierAddress(form, addresses)
  if (!address) return null
  if (kind !== 'COURIER_DELIVERY') return { type: kind, address, installation_date }
  const slot = delivery.slots.find((s) => s.code === form.slotCode && s.date === form.date)
  if (!slot) return null
  return { type: kind, address, date: slot.date, slot_code: slot.code, installation_date }
}

/** The saved address chosen, or the one typed when it has a street and a house. */
export function courierAddress(
  form: Pick<CheckoutForm, 'addressId' | 'address'>,
  addresses: readonly SavedAddress[],
): Shipping['address'] {
  const saved = form.addressId === NEW_ADDRESS ? undefined : addresses.find((a) => a.id === form.addressId)
  if (saved)
    return {
      street: saved.street,
      house: saved.house,
      apartment: saved.apartment || null,
      floor: saved.floor || null,
    }
  if (form.addressId !== NEW_ADDRESS) return null
  const typed = form.address
  if (!typed.street.trim() || !typed.house.trim()) return null
  return {
    street: typed.street.trim(),
    house: typed.house.trim(),
    apartment: typed.apartment.trim() || null,
    floor: typed.floor.trim() || null,
  }
}

/** The day the goods arrive or can be collected, for the installation date's earliest day. */
export function goodsDate(form: CheckoutForm, delivery: DeliveryResult): string | null {
  if (receiveMethod(form, delivery) === 'pickup')
    return pickupPlaces(delivery).find((p) => p.service_point_id === form.servicePointId)?.pickup_date ?? null
  const kind = courierKind(form, delivery)
  if (kind === 'COURIER_DELIVERY') return form.date
  return courierOptions(delivery).find((o) => o.kind === kind)?.option.min_date ?? null
}

// ── The receiver (purchase flow 5: an organisation needs name, BIN and address) ───────────────────────

export type ReceiverProblem =
  'firstname' | 'lastname' | 'phone' | 'email' | 'bin' | 'organizationName' | 'organizationAddress'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function receiverProblems(
  form: Pick<CheckoutForm, 'buyer' | 'receiver' | 'organization'>,
): ReceiverProblem[] {
  const problems: ReceiverProblem[] = []
  const { receiver, organization } = form
  if (!receiver.firstname.trim()) problems.push('firstname')
  if (!receiver.lastname.trim()) problems.push('lastname')
  if (!/^\d{10}$/.test(receiver.phone)) problems.push('phone')
  if (receiver.email.trim() && !EMAIL.test(receiver.email.trim())) problems.push('email')
  if (form.buyer === 'organization') {
    if (!/^\d{12}$/.test(organization.bin)) problems.push('bin')
    if (!organization.name.trim()) problems.push('organizationName')
    if (!organization.address.trim()) problems.push('organizationAddress')
  }
  return problems
}

export function receiverInput(
  form: Pick<CheckoutForm, 'buyer' | 'receiver' | 'organization'>,
): ReceiverInput {
  const { receiver, organization } = form
  const isOrganization = form.buyer === 'organization'
  return {
    firstname: receiver.firstname.trim(),
    lastname: receiver.lastname.trim(),
    phone: `7${receiver.phone}`,
    email: receiver.email.trim() || null,
    isOrganization,
    organization: isOrganization
      ? { name: organization.name.trim(), bin: organization.bin, address: organization.address.trim() }
      : null,
  }
}

// ── Payment (purchase flow 4, Payment selection) ──────────────────────────────────────────────────────

export const isOrderPaymentMethod = (code: string): code is OrderPaymentMethod =>
  (ORDER_PAYMENT_METHODS as readonly string[]).includes(code)

export type PaymentAction =
  { type: 'method'; method: OrderPaymentMethod } | { type: 'savedCard'; id: string } | { type: 'createCard' }

/**
 * Choosing card payment keeps the card choice it had (the saved cards load); any other method clears
 * the chosen saved card. Choosing a saved card unsets create-new-card; choosing create resets the saved
 * card.
 */
export function choosePayment(current: PaymentChoice, action: PaymentAction): PaymentChoice {
  switch (action.type) {
    case 'method':
      return action.method === 'card_payment'
        ? {
            method: 'card_payment',
            savedCardId: current.method === 'card_payment' ? current.savedCardId : null,
            createCard: current.method === 'card_payment' ? current.createCard : false,
          }
        : { method: action.method, savedCardId: null, createCard: false }
    case 'savedCard':
      return { method: 'card_payment', savedCardId: action.id, createCard: false }
    case 'createCard':
      return { method: 'card_payment', savedCardId: null, createCard: true }
  }
}

/** Paid by a loan the broker's bank signs: the order is placed first, then applied for. */
export const isFinancing = (method: string | null): boolean =>
  method === 'loan/installment' || method === 'loan/installment_initial_payment'

/** The methods an order can be paid with here, in the store's order. */
export const orderMethods = (methods: readonly PaymentMethod[]) =>
  methods.filter((m): m is PaymentMethod & { code: OrderPaymentMethod } => isOrderPaymentMethod(m.code))

/**
 * The choice in effect: the shopper's method while it is offered, else the first offered one; for a
 * card, the chosen saved card while it exists, else the default saved card, else a new card.
 */
export function effectivePayment(
  choice: PaymentChoice,
  methods: readonly PaymentMethod[],
  cards: CardsResponse | undefined,
): PaymentChoice {
  const offered = orderMethods(methods).filter((m) => m.available)
  const method = offered.find((m) => m.code === choice.method)?.code ?? offered[0]?.code ?? null
  if (method !== 'card_payment') return { method, savedCardId: null, createCard: false }
  if (choice.method === 'card_payment' && choice.createCard)
    return { method, savedCardId: null, createCard: true }
  const saved = cards?.cards ?? []
  const chosen =
    saved.find((c) => c.id === choice.savedCardId && choice.method === 'card_payment') ??
    saved.find((c) => c.id === cards?.defaultCard) ??
    saved[0]
  return chosen
    ? { method, savedCardId: chosen.id, createCard: false }
    : { method, savedCardId: null, createCard: true }
}

// ── The request ───────────────────────────────────────────────────────────────────────────────────────

export function checkoutRequest(
  form: CheckoutForm,
  cityId: CityId,
  shipping: Shipping,
  method: OrderPaymentMethod,
): CheckoutRequest {
  return { city_id: cityId, receiver: receiverInput(form), shipping, payment_method: method }
}

/** The same request gives the same text, so an attempt's key is reused exactly while nothing changed. */
export const fingerprint = (body: unknown) => JSON.stringify(body)

// ── Failures (purchase flow 8) ────────────────────────────────────────────────────────────────────────

export type Failure =
  | { kind: 'offline' }
  | { kind: 'signIn' }
  | { kind: 'priceChanged'; sumToPay: number | null }
  | { kind: 'stockChanged'; sku: string | null; count: number | null }
  | { kind: 'alreadyOrdered'; orderId: string }
  /** The server's own message key, to translate. */
  | { kind: 'server'; key: string }
  | { kind: 'generic' }

const detail = (details: unknown, key: string): unknown =>
  typeof details === 'object' && details !== null ? (details as Record<string, unknown>)[key] : undefined

const isNetwork = (code: string) =>
  code === CLIENT_ERROR_CODES.network ||
  code === CLIENT_ERROR_CODES.offline ||
  code === CLIENT_ERROR_CODES.timeout

/**
 * Placing the order: the conflicts the shopper can act on (a new sum, a line short of stock, an order
 * already made), 401 (sign in again), the server's description of a 400 or 422, else "something went
 * wrong". No answer at all is the network's.
 */
export function orderFailure(error: unknown): Failure {
  if (!isApiError(error)) return { kind: 'generic' }
  if (error.status === 0 && isNetwork(error.code)) return { kind: 'offline' }
  if (error.status === 401) return { kind: 'signIn' }
  if (error.status === 409) {
    if (error.messageKey === CHECKOUT_ERROR_KEYS.priceChanged) {
      const sum = detail(error.details, 'sumToPay')
      return { kind: 'priceChanged', sumToPay: typeof sum === 'number' ? sum : null }
    }
    if (error.messageKey === CHECKOUT_ERROR_KEYS.stockChanged) {
      const sku = detail(error.details, 'sku')
      const count = detail(error.details, 'count')
      return {
        kind: 'stockChanged',
        sku: typeof sku === 'string' ? sku : null,
        count: typeof count === 'number' ? count : null,
      }
    }
    if (error.messageKey === CHECKOUT_ERROR_KEYS.cartAlreadyOrdered) {
      const orderId = detail(error.details, 'order_id')
      if (typeof orderId === 'string') return { kind: 'alreadyOrdered', orderId }
    }
    return { kind: 'server', key: error.messageKey }
  }
  if (error.status === 400 || error.status === 422) return { kind: 'server', key: error.messageKey }
  return { kind: 'generic' }
}

/** The calculation: its 400 (and the other refusals of the order as set up) show the server's message. */
export function calculationFailure(error: unknown): Failure {
  if (!isApiError(error)) return { kind: 'generic' }
  if (error.status === 0 && isNetwork(error.code)) return { kind: 'offline' }
  if (error.status === 401) return { kind: 'signIn' }
  if (error.status === 400 || error.status === 409 || error.status === 422)
    return { kind: 'server', key: error.messageKey }
  return { kind: 'generic' }
}

// ── After the order (the result page and the order's own page) ────────────────────────────────────────

export type PaymentOutcome =
  | 'paid'
  /** Nothing to pay now: cash on receipt, or everything paid by gift cards and bonuses. */
  | 'confirmed'
  /** A cashless transfer: the order waits for the money, holding its goods until `reserved_until`. */
  | 'awaitingTransfer'
  /** Back from the bank with success, and the payment not settled yet: asked again shortly. */
  | 'checking'
  /** A card or QR payment not made (yet): the shopper may pay while the order holds its goods. */
  | 'awaitingPayment'
  | 'failed'
  | 'cancelled'
  /** Money came after the order had stopped waiting for it: it goes back. */
  | 'refundDue'
  /** The order was cancelled or returned, and its money went back. */
  | 'refunded'

export function paymentOutcome(order: OrderDetail, returned?: 'success' | 'failure'): PaymentOutcome {
  const { status } = order.payment
  if (status === 'refund_due') return 'refundDue'
  if (status === 'refunded') return 'refunded'
  if (order.status === 'CANCELLED') return 'cancelled'
  if (status === 'paid') return 'paid'
  if (status === 'not_required') return 'confirmed'
  if (status === 'failed') return 'failed'
  if (order.payment.method === 'cashless_payment') return 'awaitingTransfer'
  if (order.payment.method === 'cash_payment') return 'confirmed'
  if (returned === 'failure') return 'failed'
  if (returned === 'success') return 'checking'
  return 'awaitingPayment'
}

/**
 * Pay again is offered after a failed or unfinished card or QR payment, while the order can be paid. An
 * order placed for a loan is paid another way on its application's page, which withdraws the
 * application from the banks first.
 */
export function canPayAgain(order: OrderDetail, outcome: PaymentOutcome): boolean {
  return (
    order.can_pay &&
    !isFinancing(order.payment.method) &&
    (outcome === 'failed' || outcome === 'awaitingPayment')
  )
}
