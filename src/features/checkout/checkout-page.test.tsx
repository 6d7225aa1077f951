import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Cart } from '../../../contract/cart'
import type {
  CalculationOrder,
  CreatedOrder,
  OrderDetail,
  PaymentMethodsResponse,
} from '../../../contract/checkout'
import { BANKS } from '../../testing/broker-fixtures'
import { TEST_CHALLENGE } from '../../testing/captcha'
import { cartIdAtom } from '../../atoms/cart-id'
import { setAccessToken, setRefreshToken } from '../../data/auth-tokens'
import { aCart, aLine, GUEST_ID } from '../../testing/cart-fixtures'
import { MENU } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, networkDown, type RecordedCall } from '../../testing/fake-fetch'
import { renderAppAt } from '../../testing/render-app'
import {
  aCalculation,
  aDelivery,
  aMethod,
  anOrder,
  CARD_ID,
  CARDS,
  METHODS,
  ORDER_ID,
  PROFILE,
} from '../../testing/checkout-fixtures'
import { resetCheckoutFormAtom } from './state'

const payment = vi.hoisted(() => ({ goTo: vi.fn<(url: string) => void>() }))
vi.mock('./navigation', () => ({ goToPayment: payment.goTo }))

window.scrollTo = () => undefined

let signedIn: boolean
let cart: Cart
let calculation: CalculationOrder
let createAnswers: (() => Response)[]
let calculationAnswer: (() => Response) | null
let calls: RecordedCall[]
let methods: PaymentMethodsResponse
/** The payment method of the order the page reads once placed. */
let placedMethod: OrderDetail['payment']['method']

const created = (redirect: string | null): CreatedOrder => ({
  order_id: ORDER_ID,
  number: 'A-100200',
  status: 'PAYMENT_PENDING',
  payment: { method: 'card_payment', status: 'pending', redirect_url: redirect },
})

function handler(call: RecordedCall): Response {
  const { path, method } = call
  if (path === '/account/api/v1/profile')
    return signedIn ? json(200, PROFILE) : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
  if (path === '/account/api/v1/auth/refresh')
    return errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
  if (path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (path === '/cart/api/v2/carts' && method === 'GET') return json(200, { ...cart, cartType: 'named' })
  if (path === `/cart/api/v2/carts/${GUEST_ID}` && method === 'GET') return json(200, cart)
  if (path === `/cart/api/v2/carts/merge/${GUEST_ID}`) return json(200, { ...cart, cartType: 'named' })
  if (path === '/checkout/api/v1/delivery') return json(200, aDelivery())
  if (path === '/account/api/v2/addresses') return json(200, [])
  if (path === '/account/api/v2/receivers') return json(200, [])
  if (path === '/checkout/api/v1/paymentMethods') return json(200, methods)
  if (path === `/oms/api/v1/orders/${ORDER_ID}`)
    return json(
      200,
      anOrder({ payment: { method: placedMethod, status: 'pending', card_mask: null, paid_at: null } }),
    )
  if (path === '/payment/api/v1/payment-order/partners') return json(200, BANKS)
  if (path === '/payment/api/v1/payment-order/statement-banks') return json(200, [])
  if (path === '/payment/api/v1/cards') return json(200, CARDS)
  if (path === '/oms/api/v1/orders') return calculationAnswer ? calculationAnswer() : json(200, calculation)
  if (path === '/oms/api/v1/orders/checkout') {
    const next = createAnswers.shift()
    return next ? next() : json(201, created(null))
  }
  if (path === '/actioner/api/v1/events/checkout_leave') return json(202, { id: ORDER_ID, accepted: true })
  if (path === '/api/cpms/v1/products/cart') return json(200, { amount: 0, installments: [], loans: [] })
  if (path === '/account/api/v1/profile/kind') return json(200, { kind: 'fast' })
  if (path === '/account/api/v1/captcha') return json(200, TEST_CHALLENGE)
  if (path === '/account/api/v1/events/verify/phone') return json(200, { penalty: 20 })
  if (path === '/account/api/v1/events/verify/token') {
    signedIn = true
    document.cookie = 'tdid=td-1; path=/'
    return json(200, {
      access_token: 'a'.repeat(43),
      refresh_token: 'r'.repeat(43),
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: PROFILE.id, kind: 'fast', type: 'individual' },
    })
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

function setSignedIn(value: boolean) {
  signedIn = value
  document.cookie = value ? 'tdid=td-1; path=/' : 'tdid=; path=/; max-age=0'
}

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value, configurable: true })
  window.dispatchEvent(new Event(value ? 'online' : 'offline'))
  // TanStack Query keeps what it last heard, also while no client listens.
  onlineManager.setOnline(value)
}

beforeEach(async () => {
  placedMethod = 'card_payment'
  sessionStorage.clear()
  setOnline(true)
  setSignedIn(true)
  cart = aCart([aLine()])
  calculation = aCalculation()
  createAnswers = []
  calculationAnswer = null
  methods = METHODS
  payment.goTo.mockReset()
  calls = fakeFetch(handler).calls
  getDefaultStore().set(resetCheckoutFormAtom)
  await getDefaultStore().set(cartIdAtom, null)
})

afterEach(() => {
  vi.unstubAllGlobals()
  // Forgotten quietly: a sign-out would start a guest cart in the next test.
  setAccessToken(null)
  setRefreshToken(null)
})

const sent = (path: string) => calls.filter((call) => call.path === path)

/** The receiver step, once the profile has filled it in. */
async function atReceiver(path = '/checkout') {
  const router = await renderAppAt(path)
  const firstname = (await screen.findByTestId('receiver-firstname')) as HTMLInputElement
  await waitFor(() => expect(firstname.value).toBe('Дана'))
  expect((screen.getByTestId('receiver-phone') as HTMLInputElement).value).toBe('+7 701 111 22 33')
  return router
}

/** From the receiver step, prefilled from the profile, to the review of the order. */
async function toReview() {
  const router = await atReceiver()
  fireEvent.click(screen.getByTestId('checkout-next'))
  await screen.findByTestId('checkout-delivery')
  fireEvent.click(screen.getByTestId('checkout-next'))
  await screen.findByTestId('checkout-payment')
  return router
}

describe('the checkout', () => {
  it('places an order for financing and opens its application on the payment step', async () => {
    methods = {
      ...METHODS,
      methods: [...METHODS.methods, aMethod('loan/installment', { group: 'financing' })],
    }
    placedMethod = 'loan/installment'
    createAnswers = [
      () =>
        json(201, {
          ...created(null),
          payment: { method: 'loan/installment', status: 'pending', redirect_url: null },
        }),
    ]
    const router = await toReview()
    fireEvent.click(await screen.findByTestId('payment-loan/installment'))
    const place = screen.getByTestId('place-order') as HTMLButtonElement
    await waitFor(() => expect(place.disabled).toBe(false))
    expect(place.textContent).toBe('Оформить и подать заявку в банки')
    fireEvent.click(place)

    expect(await screen.findByTestId('broker-choice')).toBeTruthy()
    expect(sent('/oms/api/v1/orders/checkout')[0]?.body).toMatchObject({ payment_method: 'loan/installment' })
    expect(router.state.location.pathname).toBe('/checkout/review-and-payments')
    expect(router.state.location.search).toEqual({ orderId: ORDER_ID })
    expect(payment.goTo).not.toHaveBeenCalled()
  })

  it('lets a guest confirm the phone by SMS on the page, merges the guest cart and goes on as that shopper', async () => {
    setSignedIn(false)
    await getDefaultStore().set(cartIdAtom, GUEST_ID)
    const router = await renderAppAt('/checkout/receiver')
    await screen.findByTestId('checkout-phone-confirm')
    fireEvent.change(screen.getByTestId('login-phone'), { target: { value: '7011112233' } })
    fireEvent.click(screen.getByTestId('checkout-phone-continue'))
    fireEvent.change(await screen.findByTestId('checkout-phone-code'), { target: { value: '24680' } })
    fireEvent.click(screen.getByTestId('checkout-phone-submit'))

    expect(((await screen.findByTestId('receiver-firstname')) as HTMLInputElement).value).toBe('Дана')
    expect(router.state.location.pathname).toBe('/checkout/receiver')
    expect(sent('/account/api/v1/events/verify/phone')[0]?.body).toEqual({
      phone: '77011112233',
      purpose: 'signin',
    })
    expect(sent('/account/api/v1/events/verify/token')[0]?.body).toEqual({
      phone: '77011112233',
      token: '24680',
    })
    expect(sent(`/cart/api/v2/carts/merge/${GUEST_ID}`)).toHaveLength(1)
  })

  it('picks pickup by default, loads the saved cards for card payment and places the order with the sum seen', async () => {
    createAnswers = [() => json(201, created('/acquirer/api/v1/sessions/s-1'))]
    await toReview()

    // Pickup at the first place, the delivery asked for the cart's goods.
    expect(sent('/checkout/api/v1/delivery')[0]?.body).toEqual({
      city_id: 1,
      cart_id: expect.any(String),
      is_organization: false,
    })
    expect(sent('/checkout/api/v1/paymentMethods')[0]?.body).toEqual({
      city_id: 1,
      delivery_type: 'STORE',
      is_organization: false,
      is_tradein: false,
    })
    // Card is the first method: its saved cards load, the default one is chosen.
    const card = (await screen.findByTestId('saved-card')) as HTMLInputElement
    await waitFor(() => expect(card.checked).toBe(true))
    expect((screen.getByTestId('payment-cashless_payment') as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByText('Недоступно для этого типа покупателя')).toBeTruthy()

    await waitFor(() => expect(sent('/oms/api/v1/orders').length).toBeGreaterThan(0))
    const calc = sent('/oms/api/v1/orders').at(-1)
    expect(calc?.headers.get('uuid')).toMatch(/^[0-9a-f-]{36}$/)
    expect(calc?.body).toMatchObject({
      city_id: 1,
      shipping: { type: 'STORE', service_point_id: 11 },
      payment_method: 'card_payment',
      receiver: { firstname: 'Дана', lastname: 'Серикова', phone: '77011112233', isOrganization: false },
    })

    const place = await screen.findByTestId('place-order')
    await waitFor(() => expect((place as HTMLButtonElement).disabled).toBe(false))
    expect(place.textContent).toBe('Перейти к оплате · 10\u00a0000\u00a0₸')
    fireEvent.click(place)
    await waitFor(() => expect(payment.goTo).toHaveBeenCalledWith('/acquirer/api/v1/sessions/s-1'))
    const order = sent('/oms/api/v1/orders/checkout')[0]
    expect(order?.body).toMatchObject({
      expected_sum_to_pay: 10_000,
      saved_card_id: CARD_ID,
      payment_method: 'card_payment',
    })
    expect(order?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
    // The form is forgotten: the next checkout is a new session.
    expect(sessionStorage.getItem('checkout')).toBeNull()
  })

  it('sends a retry of the same order with the same key, and goes to the result when nothing is to be paid now', async () => {
    createAnswers = [networkDown]
    const router = await toReview()
    fireEvent.click(await screen.findByTestId('payment-cash_payment'))
    const place = screen.getByTestId('place-order') as HTMLButtonElement
    await waitFor(() =>
      expect(sent('/oms/api/v1/orders').at(-1)?.body).toMatchObject({ payment_method: 'cash_payment' }),
    )
    await waitFor(() => expect(place.disabled).toBe(false))
    fireEvent.click(place)
    expect((await screen.findByTestId('checkout-error')).textContent).toContain('Нет соединения с интернетом')

    fireEvent.click(place)
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/result'))
    expect(router.state.location.search).toEqual({ orderId: ORDER_ID, status: 'success' })
    const [first, second] = sent('/oms/api/v1/orders/checkout')
    expect(first?.headers.get('idempotency-key')).toBe(second?.headers.get('idempotency-key'))
    expect(second?.body).toMatchObject({ payment_method: 'cash_payment', saved_card_id: null })
  })

  it('shows a changed price, calculates again and sends the new sum under a new key', async () => {
    createAnswers = [
      () => {
        calculation = aCalculation(12_000)
        return errorAnswer(409, 'conflict', 'checkout:priceChanged', { sumToPay: 12_000 })
      },
    ]
    await toReview()
    const place = (await screen.findByTestId('place-order')) as HTMLButtonElement
    await waitFor(() => expect(place.disabled).toBe(false))
    fireEvent.click(place)
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'Сумма заказа изменилась: теперь 12\u00a0000\u00a0₸. Проверьте её и подтвердите заказ ещё раз',
    )
    await waitFor(() => expect(screen.getByTestId('sum-grand').dataset.amount).toBe('12000'))
    await waitFor(() => expect(place.disabled).toBe(false))
    fireEvent.click(place)
    await waitFor(() => expect(sent('/oms/api/v1/orders/checkout')).toHaveLength(2))
    const [first, second] = sent('/oms/api/v1/orders/checkout')
    expect(second?.body).toMatchObject({ expected_sum_to_pay: 12_000 })
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'))
  })

  it("shows the calculation's 400 in the server's words", async () => {
    calculationAnswer = () => errorAnswer(400, 'bad_request', 'checkout:slotUnavailable')
    await toReview()
    expect((await screen.findByTestId('calculation-error')).textContent).toBe(
      'Выбранное время доставки больше недоступно. Выберите другое',
    )
  })

  it('never places an order offline: it says so and leaves the cart as it is', async () => {
    await toReview()
    const place = (await screen.findByTestId('place-order')) as HTMLButtonElement
    await waitFor(() => expect(place.disabled).toBe(false))
    act(() => setOnline(false))
    expect((await screen.findByTestId('checkout-offline')).textContent).toContain('только онлайн')
    expect(place.disabled).toBe(true)
    fireEvent.click(place)
    expect(sent('/oms/api/v1/orders/checkout')).toHaveLength(0)
    expect(
      calls.filter((call) => call.path.startsWith('/cart/') && call.method !== 'GET').map((c) => c.path),
    ).toEqual([])
  })

  it('courier: chooses a new address, a date and a slot, and the calculation carries them', async () => {
    await atReceiver()
    fireEvent.click(screen.getByTestId('checkout-next'))
    fireEvent.click(await screen.findByTestId('method-courier'))
    fireEvent.click(screen.getByTestId('checkout-next'))
    expect(await screen.findByTestId('delivery-incomplete')).toBeTruthy()
    fireEvent.change(screen.getByTestId('address-street'), { target: { value: 'проспект Абая' } })
    fireEvent.change(screen.getByTestId('address-house'), { target: { value: '150' } })
    fireEvent.click(screen.getByTestId('delivery-date-2026-05-03'))
    const slots = within(screen.getByTestId('delivery-slots')).getAllByTestId('delivery-slot')
    expect(slots).toHaveLength(1)
    fireEvent.click(screen.getByTestId('checkout-next'))
    await screen.findByTestId('checkout-payment')
    await waitFor(() =>
      expect(sent('/oms/api/v1/orders').at(-1)?.body).toMatchObject({
        shipping: {
          type: 'COURIER_DELIVERY',
          address: { street: 'проспект Абая', house: '150' },
          date: '2026-05-03',
          slot_code: 'S10',
        },
      }),
    )
    expect(screen.getByTestId('recap-slot').textContent).toBe('03.05.2026, 10:00–12:00')
  })

  it('asks why when the shopper leaves for another page, without holding the shopper back', async () => {
    const router = await atReceiver('/checkout/receiver')
    await act(() => router.navigate({ to: '/{-$city}/catalog', params: { city: undefined } }))
    expect(router.state.location.pathname).toBe('/catalog')
    const dialog = await screen.findByTestId('leave-reasons')
    fireEvent.click(within(dialog).getByTestId('leave-reason-expensive_delivery'))
    fireEvent.change(within(dialog).getByTestId('leave-comment'), { target: { value: 'Далеко ехать' } })
    fireEvent.click(within(dialog).getByTestId('leave-send'))
    await waitFor(() => expect(sent('/actioner/api/v1/events/checkout_leave')).toHaveLength(1))
    expect(sent('/actioner/api/v1/events/checkout_leave')[0]?.body).toMatchObject({
      event_type: 'checkout_leave',
      reason: 'expensive_delivery',
      comment: 'Далеко ехать',
      step: 'receiver',
    })
    await waitFor(() => expect(screen.queryByTestId('leave-reasons')).toBeNull())
  })

  it('shows the promo code, gift card and bonuses applied in the cart as read-only, in the sums too', async () => {
    calculation = aCalculation(31_000, {
      calculation: {
        ...aCalculation().calculation,
        subTotal: 50_000,
        promoCodeSum: 5_000,
        giftCardSum: 10_000,
        bonusSum: 4_000,
        grandTotal: 31_000,
        sumToPay: 31_000,
      },
      bonuses: { amount: 4_000 },
      marketingUnits: {
        promocode: { code: 'EUPROMO', operationId: 'op-1' },
        giftCards: [{ code: 'GIFT10000', amount: 10_000 }],
      },
    })
    await toReview()
    expect((await screen.findByTestId('benefit-promo-code')).textContent).toBe(
      'Промокод EUPROMO−5\u00a0000\u00a0₸',
    )
    expect(screen.getByTestId('benefit-gift-card').textContent).toBe(
      'Подарочная карта GIFT10000−10\u00a0000\u00a0₸',
    )
    expect(screen.getByTestId('benefit-bonus').textContent).toBe('Бонусы−4\u00a0000\u00a0₸')
    expect(screen.getByTestId('sum-gift-cards').dataset.amount).toBe('10000')
    expect(screen.getByTestId('sum-bonus').dataset.amount).toBe('4000')
    expect(screen.getByTestId('sum-grand').textContent).toContain('31\u00a0000\u00a0₸')
    // Nothing to change here: the way to change them is the cart.
    const benefits = screen.getByTestId('checkout-benefits')
    expect(within(benefits).queryAllByRole('textbox')).toHaveLength(0)
    expect(within(benefits).getByRole('link', { name: 'Изменить в корзине' }).getAttribute('href')).toBe(
      '/cart',
    )
  })

  it('starts at the first step, and knows no other steps than its own', async () => {
    const router = await atReceiver('/astana/checkout')
    expect(router.state.location.pathname).toBe('/astana/checkout/receiver')
    await renderAppAt('/checkout/payment')
    expect(await screen.findByTestId('not-found')).toBeTruthy()
  })

  it('sends a cart with nothing to order back to the cart', async () => {
    cart = aCart([aLine({ isActive: false })])
    await renderAppAt('/checkout/delivery')
    expect(await screen.findByTestId('checkout-empty')).toBeTruthy()
    expect(sent('/checkout/api/v1/delivery')).toHaveLength(0)
  })
})
