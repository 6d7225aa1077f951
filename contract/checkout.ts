import { z } from 'zod'
import { Id, OrderStatus, ReceiverInput } from './account-area'
import { CartPromotion } from './cart'
import { CityId, text } from './common'
import { ShippingType, Slot } from './inventory'
import {
  ORDER_PAYMENT_METHODS,
  PAYMENT_GROUPS,
  PAYMENT_METHOD_CODES,
  PAYMENT_STATUSES,
} from './values/checkout'

export * from './values/checkout'

/*
 * Checkout, orders and payments (purchase flow 3, 4, 7). The server prices every order from its own
 * tables: totals and prices a client sends are never used, only compared (`expected_sum_to_pay`).
 */

const Money = z.number().int()
const IsoDate = z.iso.date()

export const PaymentMethodCode = z.enum(PAYMENT_METHOD_CODES)
export const OrderPaymentMethod = z.enum(ORDER_PAYMENT_METHODS)
export type OrderPaymentMethodValue = z.infer<typeof OrderPaymentMethod>
export const PaymentStatus = z.enum(PAYMENT_STATUSES)

// ── Where the goods go ────────────────────────────────────────────────────────────────────────────────

export const ShippingAddress = z.object({
  street: text().trim().min(1).max(200),
  house: text().trim().min(1).max(20),
  apartment: text().trim().max(10).nullish(),
  floor: text().trim().max(10).nullish(),
  geo: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).nullish(),
})
/** An order's address as it answers it. */
export const OrderAddress = z.object({
  street: z.string(),
  house: z.string(),
  apartment: z.string().nullish(),
  floor: z.string().nullish(),
  geo: z.object({ lat: z.number(), lng: z.number() }).nullish(),
})
export type ShippingAddress = z.infer<typeof ShippingAddress>

/** Purchase flow 3, Shipping: pickup at a point or shop, or a courier to an address on a date and slot. */
export const Shipping = z.object({
  type: ShippingType,
  service_point_id: z.number().int().positive().nullish(),
  address: ShippingAddress.nullish(),
  /** Courier: the date and the slot `code` from the delivery answer. */
  date: IsoDate.nullish(),
  slot_code: text().max(40).nullish(),
  /** When the shopper wants the goods installed (not on an excluded date). */
  installation_date: IsoDate.nullish(),
})
export type Shipping = z.infer<typeof Shipping>

/**
 * POST /checkout/api/v1/delivery: the delivery options of a cart's goods as the order will ship them
 * (its lines with their gifts and kit parts), the `DeliveryResult` of `POST v3 /delivery`.
 */
export const DeliveryForCartRequest = z.object({
  city_id: CityId,
  cart_id: Id.nullish(),
  is_organization: z.boolean().default(false),
})
export type DeliveryForCartRequest = z.input<typeof DeliveryForCartRequest>

// ── Payment methods (POST /checkout/api/v1/paymentMethods) ──────────────────────────────────────────

export const PaymentMethodsRequest = z.object({
  city_id: CityId,
  /** A guest's cart; a signed-in shopper's named cart when absent. */
  cart_id: Id.nullish(),
  delivery_type: ShippingType.default('PICKUP'),
  is_organization: z.boolean().default(false),
  /**
   * Judge the methods for an order with a trade-in line. The cart's own trade-in lines count whatever
   * this says: the rules follow the order the cart would make.
   */
  is_tradein: z.boolean().default(false),
})
export type PaymentMethodsRequest = z.input<typeof PaymentMethodsRequest>

export const PaymentMethod = z.object({
  code: PaymentMethodCode,
  group: z.enum(PAYMENT_GROUPS),
  /** Offered for this cart, delivery and buyer; otherwise `reason` says why (an i18n key). */
  available: z.boolean(),
  reason: z.string().nullable(),
  min_sum: Money,
  max_sum: Money.nullable(),
})
export type PaymentMethod = z.infer<typeof PaymentMethod>

export const SavedCardChoice = z.object({ id: Id, mask: z.string(), brand: z.string() })

export const PaymentMethodsResponse = z.object({
  methods: z.array(PaymentMethod),
  /** The shopper's saved cards for `card_payment` (empty for a guest). */
  saved_cards: z.array(SavedCardChoice),
  /** The sum the methods were judged against (goods and delivery, after benefits). */
  sum_to_pay: Money,
})
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>

// ── Calculation (POST /orders with a Uuid header) and order creation ─────────────────────────────────

export const CheckoutRequest = z.object({
  city_id: CityId,
  cart_id: Id.nullish(),
  receiver: ReceiverInput,
  shipping: Shipping,
  payment_method: OrderPaymentMethod,
})
export type CheckoutRequest = z.input<typeof CheckoutRequest>

export const CalculationLine = z.object({
  id: z.number().int(),
  sku: z.string(),
  uri: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  price: Money,
  totalPrice: Money,
  /** `kit` and `gift` lines come with a promotion; `service` lines with their product. */
  kind: z.enum(['product', 'service', 'kit', 'gift']),
  image: z.string().nullable(),
})
export type CalculationLine = z.infer<typeof CalculationLine>

/** An old device handed over for a line of the order, and the credit it took off. */
export const OrderTradein = z.object({
  sku: z.string(),
  /** The new product's title. */
  title: z.string(),
  deviceKind: z.string(),
  /** The kind of old device, in the language of the order's shopper at the time. */
  deviceTitle: z.string(),
  condition: z.enum(['working', 'damaged']),
  credit: Money,
})
export type OrderTradein = z.infer<typeof OrderTradein>

export const Calculation = z.object({
  subTotal: Money,
  promoCodeSum: Money,
  /** The credits of the old devices handed over at the shop (trade-in). */
  tradeinSum: Money.default(0),
  tradeins: z.array(OrderTradein).default([]),
  giftCardSum: Money,
  bonusSum: Money,
  deliverySum: Money,
  /** Goods and delivery after promotions, codes, trade-in credits, gift cards and bonuses. */
  grandTotal: Money,
  /** What the shopper pays with the chosen method now (0 for cash on receipt). */
  sumToPay: Money,
  /** Paid before the goods are handed over (purchase flow 5: defaults to 0). */
  prepayment: Money,
  economySum: Money,
  cashbackSum: Money,
})
export type Calculation = z.infer<typeof Calculation>

export const CalculationOrder = z.object({
  cart_id: Id,
  city_id: z.number().int(),
  products: z.array(CalculationLine),
  promotions: z.array(CartPromotion),
  calculation: Calculation,
  bonuses: z.object({ amount: Money }),
  marketingUnits: z.object({
    promocode: z.object({ code: z.string(), operationId: z.string() }).nullable(),
    giftCards: z.array(z.object({ code: z.string(), amount: Money })),
  }),
  shipping: z.object({
    type: ShippingType,
    title: z.string().nullable(),
    date: IsoDate.nullable(),
    slot: Slot.nullable(),
  }),
})
export type CalculationOrder = z.infer<typeof CalculationOrder>

export const CreateOrderRequest = CheckoutRequest.extend({
  /** The sum the shopper was shown: an order costing anything else is refused (409 priceChanged). */
  expected_sum_to_pay: Money.min(0),
  /** Pay with this saved card (its owner only); a new card on the acquirer's page when absent. */
  saved_card_id: Id.nullish(),
})
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>

export const PaymentStart = z.object({
  method: OrderPaymentMethod,
  status: PaymentStatus,
  /** Where the browser goes to pay: the acquirer's page, or the store's QR page; null when nothing to pay now. */
  redirect_url: z.string().nullable(),
})
export type PaymentStart = z.infer<typeof PaymentStart>

/** Purchase flow 3, Order creation response. */
export const CreatedOrder = z.object({
  order_id: Id,
  number: z.string(),
  status: OrderStatus,
  payment: PaymentStart,
})
export type CreatedOrder = z.infer<typeof CreatedOrder>

export const PayAgainRequest = z.object({
  payment_method: z.enum(['card_payment', 'kaspi_qr_payment']),
  saved_card_id: Id.nullish(),
})
export type PayAgainRequest = z.input<typeof PayAgainRequest>

/** The receiver as an order keeps it (the request's `ReceiverInput` once checked). */
export const OrderReceiver = z.object({
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  isOrganization: z.boolean(),
  organization: z.object({ name: z.string(), bin: z.string(), address: z.string() }).nullable(),
})

// ── An order (GET /oms/api/v1/orders/{id}) ───────────────────────────────────────────────────────────

export const OrderDetail = z.object({
  order_id: Id,
  number: z.string(),
  status: OrderStatus,
  created_at: z.string(),
  city_id: z.number().int(),
  items: z.array(CalculationLine),
  calculation: Calculation,
  shipping: z.object({
    type: ShippingType,
    service_point: z.object({ id: z.number().int(), title: z.string(), address: z.string() }).nullable(),
    address: OrderAddress.nullable(),
    date: IsoDate.nullable(),
    slot: Slot.nullable(),
    installation_date: IsoDate.nullable(),
  }),
  receiver: OrderReceiver,
  payment: z.object({
    method: OrderPaymentMethod,
    status: PaymentStatus,
    /** Card payments: the card's mask once paid. */
    card_mask: z.string().nullable(),
    paid_at: z.string().nullable(),
  }),
  /** Until when an unpaid order holds its goods; null when it holds them until it is received. */
  reserved_until: z.string().nullable(),
  /**
   * The order may be paid by card or QR now, while the goods are held: a failed or unfinished card or QR
   * payment, or an order waiting for its loan (its applications are withdrawn first; with a signed loan
   * only its initial payment, by card).
   */
  can_pay: z.boolean(),
  /** A pre-order: the prepayment is paid now (`calculation.prepayment`), the rest at pickup. */
  is_preorder: z.boolean(),
})
export type OrderDetail = z.infer<typeof OrderDetail>

export const OrderIdParams = z.object({ id: Id })

/** The local QR provider's payment for an order, as the /kaspi-qr page polls it. */
export const QrPayment = z.object({
  order_id: Id,
  amount: Money,
  status: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  /** The QR code as an SVG document. */
  svg: z.string(),
  /** What the code encodes: the provider's page to scan and pay. */
  payload: z.string(),
  expires_at: z.string(),
})
export type QrPayment = z.infer<typeof QrPayment>

/** The leave-checkout reasons modal (purchase flow 2): logged as an event. */
export const LeaveReasonRequest = z.object({
  reason: z.enum(['expensive_delivery', 'no_suitable_payment', 'changed_mind', 'comparing', 'other']),
  comment: text().trim().max(500).nullish(),
  step: text().max(40),
  cart_id: Id.nullish(),
})
export type LeaveReasonRequest = z.infer<typeof LeaveReasonRequest>
