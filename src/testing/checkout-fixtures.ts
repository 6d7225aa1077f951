import type { Profile } from '../../contract/account'
import type { CardsResponse } from '../../contract/account-area'
import type {
  CalculationOrder,
  OrderDetail,
  PaymentMethod,
  PaymentMethodsResponse,
  QrPayment,
} from '../../contract/checkout'
import type { DeliveryResult, PickupPlace, ReceiveOption, Slot } from '../../contract/inventory'

/* What the checkout's tests answer for the server, as its contract shapes them. */

export const PROFILE: Profile = {
  id: '11111111-1111-4111-8111-111111111111',
  firstname: 'Дана',
  lastname: 'Серикова',
  phone: '77011112233',
  email: 'dana@example.kz',
  tdid: 'td-1',
  kind: 'full',
  type: 'individual',
}

export const ORDER_ID = '44444444-4444-4444-8444-444444444444'
export const CARD_ID = '55555555-5555-4555-8555-555555555555'

const WEEK = {
  monday: '10:00-21:00',
  tuesday: '10:00-21:00',
  wednesday: '10:00-21:00',
  thursday: '10:00-21:00',
  friday: '10:00-21:00',
  saturday: '10:00-21:00',
  sunday: null,
}

export function aPlace(overrides: Partial<PickupPlace> = {}): PickupPlace {
  return {
    service_point_id: 11,
    type: 'shop',
    title: 'Магазин на Абая',
    address: 'пр. Абая, 10',
    geo_position: { latitude: 43.24, longitude: 76.92 },
    work_hours: '10:00–21:00',
    weekly_work_hours: WEEK,
    pickup_date: '2026-05-02',
    pickup_time: 2,
    is_transfer: false,
    showcase_only: false,
    deliveryCost: 0,
    ...overrides,
  } as PickupPlace
}

export function anOption(overrides: Partial<ReceiveOption> = {}): ReceiveOption {
  return {
    type: 'COURIER',
    deliveryType: 'courier',
    shipping_type: 'COURIER_DELIVERY',
    deliveryCost: 1_500,
    base_cost: 1_500,
    free_from: null,
    deliveryTime: { minDays: 1, maxDays: 2 },
    deliveryHours: null,
    min_date: '2026-05-02',
    max_date: '2026-05-03',
    order_before: null,
    ...overrides,
  }
}

export const SLOTS: Slot[] = [
  { code: 'S10', date: '2026-05-02', time_from: '10:00', time_to: '12:00' },
  { code: 'S12', date: '2026-05-02', time_from: '12:00', time_to: '14:00' },
  { code: 'S10', date: '2026-05-03', time_from: '10:00', time_to: '12:00' },
]

export function aDelivery(overrides: Partial<DeliveryResult> = {}): DeliveryResult {
  return {
    city_id: 1,
    deliveries: [],
    delivery: anOption(),
    pickup: anOption({ type: 'PICKUP', deliveryType: 'pickup', shipping_type: 'PICKUP', deliveryCost: 0 }),
    store: anOption({ type: 'PICKUP', deliveryType: 'store', shipping_type: 'STORE', deliveryCost: 0 }),
    delivery_min_date: '2026-05-02',
    delivery_max_date: '2026-05-03',
    slots: SLOTS,
    pickup_date: '2026-05-02',
    pickup_points: [
      aPlace({
        service_point_id: 21,
        type: 'pickup_point',
        title: 'Пункт выдачи Сайран',
        address: 'ул. Толе би, 200',
        geo_position: { latitude: 43.23, longitude: 76.86 },
      } as Partial<PickupPlace>),
    ],
    stores: [aPlace()],
    products: [{ sku: '100001', quantity: 1, status: 'city', available_quantity: 5, group_id: null }],
    grand_total_sum: 10_000,
    is_exact_cost: false,
    ...overrides,
  }
}

export const aMethod = (
  code: PaymentMethod['code'],
  overrides: Partial<PaymentMethod> = {},
): PaymentMethod => ({
  code,
  group:
    code === 'card_payment'
      ? 'card'
      : code === 'kaspi_qr_payment'
        ? 'qr'
        : code === 'cash_payment'
          ? 'cash'
          : code === 'cashless_payment'
            ? 'cashless'
            : 'benefit',
  available: true,
  reason: null,
  min_sum: 0,
  max_sum: null,
  ...overrides,
})

export const METHODS: PaymentMethodsResponse = {
  methods: [
    aMethod('card_payment'),
    aMethod('kaspi_qr_payment'),
    aMethod('cash_payment'),
    aMethod('cashless_payment', { available: false, reason: 'checkout:methodNotForBuyer' }),
    aMethod('gift_card'),
  ],
  saved_cards: [],
  sum_to_pay: 10_000,
}

export const CARDS: CardsResponse = {
  cards: [{ id: CARD_ID, mask: '411111******1111', brand: 'VISA', expiry: '12/30', isDefault: true }],
  defaultCard: CARD_ID,
}

export function aCalculation(sumToPay = 10_000, overrides: Partial<CalculationOrder> = {}): CalculationOrder {
  return {
    cart_id: '11111111-1111-4111-8111-111111111111',
    city_id: 1,
    products: [
      {
        id: 1,
        sku: '100001',
        uri: 'smartfon-1',
        title: 'Смартфон Alpha',
        quantity: 1,
        price: 10_000,
        totalPrice: 10_000,
        kind: 'product',
        image: null,
      },
    ],
    promotions: [],
    calculation: {
      subTotal: 10_000,
      promoCodeSum: 0,
      tradeinSum: 0,
      tradeins: [],
      giftCardSum: 0,
      bonusSum: 0,
      deliverySum: 0,
      grandTotal: sumToPay,
      sumToPay,
      prepayment: 0,
      economySum: 0,
      cashbackSum: 0,
    },
    bonuses: { amount: 0 },
    marketingUnits: { promocode: null, giftCards: [] },
    shipping: { type: 'STORE', title: 'Магазин на Абая', date: '2026-05-02', slot: null },
    ...overrides,
  }
}

export function anOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const base = aCalculation()
  return {
    order_id: ORDER_ID,
    number: 'A-100200',
    status: 'PAYMENT_PENDING',
    created_at: '2026-05-01T09:30:00.000Z',
    city_id: 1,
    items: base.products,
    calculation: base.calculation,
    shipping: {
      type: 'STORE',
      service_point: { id: 11, title: 'Магазин на Абая', address: 'пр. Абая, 10' },
      address: null,
      date: '2026-05-02',
      slot: null,
      installation_date: null,
    },
    receiver: {
      firstname: 'Дана',
      lastname: 'Серикова',
      phone: '77011112233',
      email: null,
      isOrganization: false,
      organization: null,
    },
    payment: { method: 'card_payment', status: 'pending', card_mask: null, paid_at: null },
    reserved_until: '2026-05-01T09:50:00.000Z',
    can_pay: true,
    is_preorder: false,
    ...overrides,
  }
}

export function aQrPayment(overrides: Partial<QrPayment> = {}): QrPayment {
  return {
    order_id: ORDER_ID,
    amount: 10_000,
    status: 'pending',
    svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    payload: 'http://127.0.0.1/qr/api/v1/sessions/abc',
    expires_at: '2099-01-01T00:00:00.000Z',
    ...overrides,
  }
}
