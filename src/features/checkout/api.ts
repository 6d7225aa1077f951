import { queryOptions } from '@tanstack/react-query'
import type { AuthTokens } from '../../../contract/account'
import type { AutofillResponse } from '../../../contract/account-area'
import type {
  CalculationOrder,
  CheckoutRequest,
  CreatedOrder,
  CreateOrderRequest,
  LeaveReasonRequest,
  OrderDetail,
  PayAgainRequest,
  PaymentMethodsRequest,
  PaymentMethodsResponse,
  PaymentStart,
  QrPayment,
} from '../../../contract/checkout'
import type { PromotionRegistration } from '../../../contract/cart'
import type { OrderDeliverables } from '../../../contract/deliverables'
import type { DeliveryResult } from '../../../contract/inventory'
import { ACCOUNT_V1 } from '../../../contract/values/account'
import { ACCOUNT_V2, ACTIONER_V1, MARKETING_V1, PAYMENT_V1 } from '../../../contract/values/account-area'
import { CHECKOUT_V1 } from '../../../contract/values/cart'
import { OMS_V1 } from '../../../contract/values/checkout'
import type { Lang } from '../../../contract/values/common'
import type { CartDeliveryRequest } from './rules'
import { api, TIMEOUTS } from '../../data/api'
import { assertOnline } from '../../data/assert-online'

/*
 * The checkout's calls (purchase flow 7). Everything here is the shopper's own: the keys start with a
 * root that sign-out clears and the persister never writes (`account`, `cards`, `orders`), or carry
 * `meta.user`. Nothing that starts an order or a payment is queued: each call checks the network first.
 */

const USER = { user: true } as const

export const orderKey = (id: string) => ['orders', 'detail', id] as const

/** Spec 9: the registry may take up to 30 s. */
export const autofillBin = (bin: string) =>
  api.post<AutofillResponse>(`${ACCOUNT_V2}/receivers/autofill`, { bin }, { timeoutMs: TIMEOUTS.binAutofill })

/**
 * The ways to receive the cart's goods in the city, as the order will ship them: the server adds the
 * gifts and kit parts (`POST /checkout/api/v1/delivery`). The goods in the key refetch it when they change.
 */
export const deliveryQuery = (request: CartDeliveryRequest, lang: Lang) =>
  queryOptions({
    queryKey: ['checkout', 'delivery', request, lang],
    meta: USER,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api.post<DeliveryResult>(
        `${CHECKOUT_V1}/delivery`,
        { city_id: request.city_id, cart_id: request.cart_id, is_organization: request.is_organization },
        { signal },
      ),
  })

export const paymentMethodsQuery = (request: PaymentMethodsRequest) =>
  queryOptions({
    queryKey: ['checkout', 'payment-methods', request],
    meta: USER,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      api.post<PaymentMethodsResponse>(`${CHECKOUT_V1}/paymentMethods`, request, { signal }),
  })

/**
 * The calculation of the order as the shopper set it up (`POST /oms/api/v1/orders`), sent with the
 * checkout session's id in the `Uuid` header. Never retried on its own: a 4xx is the answer.
 */
export const calculationQuery = (request: CheckoutRequest, session: string) =>
  queryOptions({
    queryKey: ['checkout', 'calculation', session, request],
    meta: USER,
    staleTime: 0,
    retry: false,
    queryFn: ({ signal }) =>
      api.post<CalculationOrder>(`${OMS_V1}/orders`, request, { signal, headers: { Uuid: session } }),
  })

/**
 * Places the order. The `Idempotency-Key` is the attempt's: a retry or a second click sends the same
 * key and gets the same order back, never a second one.
 */
export function createOrder(request: CreateOrderRequest, idempotencyKey: string) {
  assertOnline()
  return api.post<CreatedOrder>(`${OMS_V1}/orders/checkout`, request, { idempotencyKey })
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => api.get<OrderDetail>(`${OMS_V1}/orders/${encodeURIComponent(id)}`, { signal }),
  })

/** Pays again after a failed or cancelled payment, while the order still holds its goods. */
export function payAgain(orderId: string, request: PayAgainRequest) {
  assertOnline()
  return api.post<PaymentStart>(`${PAYMENT_V1}/orders/${encodeURIComponent(orderId)}/payments`, request)
}

export const qrPaymentQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'qr', orderId],
    queryFn: ({ signal }) =>
      api.get<QrPayment>(`${PAYMENT_V1}/orders/${encodeURIComponent(orderId)}/qr`, { signal }),
  })

/** A new account proven by the `signup` SMS code, without a password (fast sign-up). */
export const signUpFast = (phone: string, token: string, firstname: string) =>
  api.post<AuthTokens>(
    `${ACCOUNT_V1}/auth/signup/fast`,
    { phone, token, firstname: firstname.trim() || undefined },
    { auth: false },
  )

/** Purchase flow 2: why the shopper left the checkout. An event: losing one is harmless. */
export function sendLeaveReason(answer: LeaveReasonRequest): Promise<void> {
  return api
    .post(`${ACTIONER_V1}/events/checkout_leave`, {
      event_type: 'checkout_leave',
      subject: answer.reason,
      affiliation: 'web',
      created_at: new Date().toISOString(),
      ...answer,
    })
    .then(
      () => undefined,
      () => undefined,
    )
}

/** The gift card codes and licence keys a paid order issued (empty until it is paid). */
export const orderDeliverablesQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'deliverables', id],
    queryFn: ({ signal }) =>
      api.get<OrderDeliverables>(`${OMS_V1}/orders/${encodeURIComponent(id)}/deliverables`, { signal }),
  })

/**
 * Marketing's `/promotions/register {orderId}`: a paid order takes part in the promotions of its goods.
 * Idempotent on the server (one registration per order and promotion), so asking again is safe.
 */
export const promotionRegistrationQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'promotions', orderId],
    staleTime: Infinity,
    retry: 1,
    queryFn: ({ signal }) =>
      api.post<PromotionRegistration>(`${MARKETING_V1}/promotions/register`, { orderId }, { signal }),
  })
