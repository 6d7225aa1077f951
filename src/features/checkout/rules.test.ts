import { describe, expect, it } from 'vitest'
import { ApiError } from '../../data/api-error'
import { aCart, aLine } from '../../testing/cart-fixtures'
import {
  aDelivery,
  anOption,
  anOrder,
  aMethod,
  CARD_ID,
  CARDS,
  METHODS,
} from '../../testing/checkout-fixtures'
import {
  canPayAgain,
  choosePayment,
  courierOptions,
  defaultReceiveMethod,
  deliveryRequest,
  effectivePayment,
  fingerprint,
  hasInstallation,
  NEW_ADDRESS,
  orderFailure,
  calculationFailure,
  paymentOutcome,
  receiveMethod,
  receiverInput,
  receiverProblems,
  shippingFor,
  withDeliveryDefaults,
} from './rules'
import { emptyForm, type CheckoutForm, type PaymentChoice } from './state'

const apiError = (status: number, messageKey: string, details?: unknown, code = 'conflict') =>
  new ApiError({ status, code, messageKey, details })

const filled = (changes: Partial<CheckoutForm> = {}): CheckoutForm => ({
  ...emptyForm(),
  receiver: { firstname: 'Дана', lastname: 'Серикова', phone: '7011112233', email: '' },
  ...changes,
})

describe('the way to receive the goods (purchase flow 4, Shipping method)', () => {
  it('is pickup whenever a shop, a pickup point or a pickup date exists', () => {
    expect(defaultReceiveMethod(aDelivery())).toBe('pickup')
    expect(defaultReceiveMethod(aDelivery({ stores: [] }))).toBe('pickup')
    expect(defaultReceiveMethod(aDelivery({ stores: [], pickup_points: [] }))).toBe('pickup')
    expect(defaultReceiveMethod(aDelivery({ stores: [], pickup_points: [], pickup_date: null }))).toBe(
      'courier',
    )
  })

  it("keeps the shopper's choice only while it is offered", () => {
    expect(receiveMethod({ method: 'courier' }, aDelivery())).toBe('courier')
    expect(receiveMethod({ method: 'courier' }, aDelivery({ delivery: null }))).toBe('pickup')
    expect(
      receiveMethod({ method: 'pickup' }, aDelivery({ stores: [], pickup_points: [], pickup_date: null })),
    ).toBe('courier')
  })

  it('fills the first place, the default address and the earliest slot the shopper has not chosen', () => {
    const addresses = [
      { id: 'a1', street: 'Абая', house: '1', apartment: null, floor: null, isDefault: false },
      { id: 'a2', street: 'Сатпаева', house: '2', apartment: '5', floor: null, isDefault: true },
    ]
    const form = withDeliveryDefaults(filled(), aDelivery(), addresses)
    expect(form).toMatchObject({
      method: 'pickup',
      servicePointId: 11,
      addressId: 'a2',
      date: '2026-05-02',
      slotCode: 'S10',
    })
    const moved = withDeliveryDefaults(
      filled({ servicePointId: 99, date: '2026-05-03', slotCode: 'S12' }),
      aDelivery(),
      [],
    )
    expect(moved).toMatchObject({
      servicePointId: 11,
      addressId: NEW_ADDRESS,
      date: '2026-05-03',
      slotCode: 'S10',
    })
  })

  it('says pickup at a shop is STORE, at a pickup point PICKUP, and a courier needs an address and a slot', () => {
    const delivery = aDelivery()
    expect(shippingFor(filled({ servicePointId: 11 }), delivery, [], false)).toEqual({
      type: 'STORE',
      service_point_id: 11,
      installation_date: null,
    })
    expect(shippingFor(filled({ servicePointId: 21 }), delivery, [], false)?.type).toBe('PICKUP')
    expect(shippingFor(filled({ servicePointId: 99 }), delivery, [], false)).toBeNull()

    const courier = filled({ method: 'courier', addressId: NEW_ADDRESS, date: '2026-05-02', slotCode: 'S12' })
    expect(shippingFor(courier, delivery, [], false)).toBeNull()
    const typed = { ...courier, address: { street: ' Абая ', house: '10', apartment: '', floor: '3' } }
    expect(shippingFor(typed, delivery, [], true)).toEqual({
      type: 'COURIER_DELIVERY',
      address: { street: 'Абая', house: '10', apartment: null, floor: '3' },
      date: '2026-05-02',
      slot_code: 'S12',
      installation_date: null,
    })
    expect(shippingFor({ ...typed, slotCode: 'S99' }, delivery, [], false)).toBeNull()
  })

  it('offers express and next-day delivery beside the courier, which need no slot', () => {
    const delivery = aDelivery({
      deliveries: [anOption({ deliveryType: 'express', shipping_type: 'EXPRESS_DELIVERY', type: 'EXPRESS' })],
    })
    expect(courierOptions(delivery).map((o) => o.kind)).toEqual(['COURIER_DELIVERY', 'EXPRESS_DELIVERY'])
    const form = filled({
      method: 'courier',
      courierKind: 'EXPRESS_DELIVERY',
      addressId: 'a1',
    })
    const addresses = [
      { id: 'a1', street: 'Абая', house: '1', apartment: null, floor: null, isDefault: true },
    ]
    expect(shippingFor(form, delivery, addresses, false)).toMatchObject({
      type: 'EXPRESS_DELIVERY',
      address: { street: 'Абая' },
    })
  })

  it('asks delivery for the active lines and the applied kit parts, for the buyer', () => {
    const cart = aCart([aLine(), aLine({ id: 2, sku: '100002', isActive: false })], { assemblyPc: true })
    expect(deliveryRequest(cart, 2, true)).toEqual({
      city_id: 2,
      cart_id: cart.id,
      products: [{ sku: '100001', quantity: 1 }],
      grand_total_sum: 10_000,
      is_organization: true,
      assembly_pc: true,
      is_tradein: false,
    })
    const traded = aCart([
      aLine({
        tradein: { deviceKind: 'smartphone', condition: 'working', title: 'Смартфон', credit: 45_000 },
      }),
    ])
    expect(deliveryRequest(traded, 1, false)?.is_tradein).toBe(true)
    expect(deliveryRequest(aCart([aLine({ isActive: false })]), 1, false)).toBeNull()
  })

  it('knows an installation service among the lines', () => {
    expect(hasInstallation(aCart([aLine()]))).toBe(false)
    const service = aLine({ id: 3, sku: '900001', type: 'service', title: 'Установка стиральной машины' })
    expect(hasInstallation(aCart([aLine()], { services: [service] }))).toBe(true)
  })
})

describe('the receiver (purchase flow 5)', () => {
  it('needs a name, a surname and a whole phone; an organisation also its name, BIN and address', () => {
    expect(receiverProblems(filled())).toEqual([])
    expect(receiverProblems(emptyForm())).toEqual(['firstname', 'lastname', 'phone'])
    expect(receiverProblems(filled({ buyer: 'organization' }))).toEqual([
      'bin',
      'organizationName',
      'organizationAddress',
    ])
    expect(receiverProblems({ ...filled(), receiver: { ...filled().receiver, email: 'nope' } })).toEqual([
      'email',
    ])
  })

  it('sends the phone as 7 and ten digits, and the organisation only for an organisation', () => {
    const organization = { bin: '070540010017', name: 'ТОО «Алатау»', address: 'Абая, 1' }
    expect(receiverInput(filled({ organization }))).toMatchObject({
      phone: '77011112233',
      isOrganization: false,
      organization: null,
    })
    expect(receiverInput(filled({ buyer: 'organization', organization }))).toMatchObject({
      isOrganization: true,
      organization,
    })
  })
})

describe('payment selection (purchase flow 4)', () => {
  const none: PaymentChoice = { method: null, savedCardId: null, createCard: false }

  it('clears the chosen saved card when another method is chosen', () => {
    const card = choosePayment(none, { type: 'savedCard', id: CARD_ID })
    expect(card).toEqual({ method: 'card_payment', savedCardId: CARD_ID, createCard: false })
    expect(choosePayment(card, { type: 'method', method: 'kaspi_qr_payment' })).toEqual({
      method: 'kaspi_qr_payment',
      savedCardId: null,
      createCard: false,
    })
  })

  it('unsets create-new-card when a saved card is chosen, and resets the saved card when create is chosen', () => {
    const create = choosePayment(none, { type: 'createCard' })
    expect(create).toEqual({ method: 'card_payment', savedCardId: null, createCard: true })
    const saved = choosePayment(create, { type: 'savedCard', id: CARD_ID })
    expect(saved).toEqual({ method: 'card_payment', savedCardId: CARD_ID, createCard: false })
    expect(choosePayment(saved, { type: 'createCard' })).toEqual(create)
    // Choosing card again keeps the card choice it had.
    expect(choosePayment(saved, { type: 'method', method: 'card_payment' })).toEqual(saved)
  })

  it('takes the first offered method, then the default saved card, else a new card', () => {
    expect(effectivePayment(none, METHODS.methods, CARDS)).toEqual({
      method: 'card_payment',
      savedCardId: CARD_ID,
      createCard: false,
    })
    expect(effectivePayment(none, METHODS.methods, { cards: [], defaultCard: null })).toEqual({
      method: 'card_payment',
      savedCardId: null,
      createCard: true,
    })
    // A method no longer offered falls back; benefits are never the order's method.
    const cashless = { method: 'cashless_payment' as const, savedCardId: null, createCard: false }
    expect(effectivePayment(cashless, METHODS.methods, CARDS).method).toBe('card_payment')
    expect(effectivePayment(none, [aMethod('gift_card'), aMethod('cash_payment')], undefined).method).toBe(
      'cash_payment',
    )
    expect(effectivePayment(none, [], undefined).method).toBeNull()
  })

  it('gives the same text for the same request, so a retry reuses its key', () => {
    expect(fingerprint({ a: 1, b: [2] })).toBe(fingerprint({ a: 1, b: [2] }))
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }))
  })
})

describe('which failure the shopper is told (purchase flow 8)', () => {
  it('reads the conflicts the shopper can act on', () => {
    expect(orderFailure(apiError(409, 'checkout:priceChanged', { sumToPay: 12_000 }))).toEqual({
      kind: 'priceChanged',
      sumToPay: 12_000,
    })
    expect(orderFailure(apiError(409, 'checkout:stockChanged', { sku: '100001', count: 1 }))).toEqual({
      kind: 'stockChanged',
      sku: '100001',
      count: 1,
    })
    expect(orderFailure(apiError(409, 'checkout:cartAlreadyOrdered', { order_id: 'o-1' }))).toEqual({
      kind: 'alreadyOrdered',
      orderId: 'o-1',
    })
  })

  it("shows the server's description of a 400 or 422, asks to sign in on 401, and else something went wrong", () => {
    expect(orderFailure(apiError(400, 'errors:pleaseVerifyInputData'))).toEqual({
      kind: 'server',
      key: 'errors:pleaseVerifyInputData',
    })
    expect(orderFailure(apiError(422, 'checkout:slotUnavailable'))).toEqual({
      kind: 'server',
      key: 'checkout:slotUnavailable',
    })
    expect(orderFailure(apiError(401, 'errors:pleaseLogInAgain'))).toEqual({ kind: 'signIn' })
    expect(orderFailure(apiError(500, 'errors:somethingWentWrong'))).toEqual({ kind: 'generic' })
    expect(orderFailure(new Error('boom'))).toEqual({ kind: 'generic' })
    expect(
      orderFailure(new ApiError({ status: 0, code: 'network', messageKey: 'errors:noConnection' })),
    ).toEqual({
      kind: 'offline',
    })
    expect(
      orderFailure(new ApiError({ status: 0, code: 'offline', messageKey: 'errors:offlineCheckout' })),
    ).toEqual({
      kind: 'offline',
    })
  })

  it("shows the calculation's 400 as the server says, and other failures as no calculation", () => {
    expect(calculationFailure(apiError(400, 'checkout:addressRequired'))).toEqual({
      kind: 'server',
      key: 'checkout:addressRequired',
    })
    expect(calculationFailure(apiError(503, 'errors:tryLater'))).toEqual({ kind: 'generic' })
  })
})

describe('after the order: the result and pay again', () => {
  it('tells paid, on receipt, waiting for a transfer, checking, failed and cancelled apart', () => {
    expect(
      paymentOutcome(
        anOrder({ payment: { method: 'card_payment', status: 'paid', card_mask: null, paid_at: null } }),
      ),
    ).toBe('paid')
    expect(
      paymentOutcome(
        anOrder({
          payment: { method: 'cash_payment', status: 'not_required', card_mask: null, paid_at: null },
        }),
      ),
    ).toBe('confirmed')
    expect(
      paymentOutcome(
        anOrder({
          payment: { method: 'cashless_payment', status: 'pending', card_mask: null, paid_at: null },
        }),
      ),
    ).toBe('awaitingTransfer')
    expect(paymentOutcome(anOrder(), 'success')).toBe('checking')
    expect(paymentOutcome(anOrder(), 'failure')).toBe('failed')
    expect(paymentOutcome(anOrder())).toBe('awaitingPayment')
    expect(paymentOutcome(anOrder({ status: 'CANCELLED', can_pay: false }))).toBe('cancelled')
    expect(
      paymentOutcome(
        anOrder({
          status: 'CANCELLED',
          payment: { method: 'card_payment', status: 'refund_due', card_mask: null, paid_at: null },
        }),
      ),
    ).toBe('refundDue')
  })

  it('offers pay again after a failed or unfinished payment only while the order can be paid', () => {
    const failed = anOrder({
      payment: { method: 'card_payment', status: 'failed', card_mask: null, paid_at: null },
    })
    expect(canPayAgain(failed, paymentOutcome(failed))).toBe(true)
    expect(canPayAgain({ ...failed, can_pay: false }, 'failed')).toBe(false)
    expect(canPayAgain(anOrder(), 'awaitingPayment')).toBe(true)
    expect(canPayAgain(anOrder(), 'checking')).toBe(false)
    expect(canPayAgain(anOrder({ status: 'CANCELLED', can_pay: false }), 'cancelled')).toBe(false)
  })
})
