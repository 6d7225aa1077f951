import type { Cart } from '../../../contract/cart'
import {
  CHECKOUT_ERROR_KEYS,
  CASHLESS_PAYMENT_HOLD_HOURS,
  MAX_ORDER_SUM,
  FINANCING_PAYMENT_HOLD_MINUTES,
  ONLINE_PAYMENT_HOLD_MINUTES,
  type Calculation,
  type CalculationOrder,
  type OrderTradein,
  type CreatedOrder,
  type OrderDetail,
  type PaymentMethodsResponse,
  type PaymentStart,
  type QrPayment,
} from '../../../contract/checkout'
import type {
  CheckoutRequest,
  CreateOrderRequest,
  DeliveryForCartRequest,
  PayAgainRequest,
  PaymentMethodsRequest,
} from '../../../contract/checkout'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { Lang } from '../../../contract/common'
import type { DeliveryResult } from '../../../contract/inventory'
import type { z } from 'zod'
import type { Db } from '../../db/connection'
import type { OrderSpending, PaymentStatus } from '../../db/schema'
import { conflict, HttpError, notFound, unauthorized, unprocessable } from '../../http/errors'
import {
  sometimesPurgeIdempotencyKeys,
  storedAnswer,
  type Answer,
  type IdempotencyRequest,
} from '../../http/idempotency'
import { createProviderGuard, type ProviderGuard } from '../../providers/guard'
import type { CardAcquirer, PaymentCallback } from '../../providers/card-acquirer/provider'
import type { QrProvider } from '../../providers/qr/provider'
import { recordAudit } from '../audit'
import type { Actor, CartCheckout, CartRef } from '../cart'
import type { Notify } from '../notifications'
import { orderLines, stockedUnits, type OrderLine } from './order-lines'
import { judgeMethods, type PaymentMethodRule } from './payment-methods'
import type { CheckoutRepo, OrderRow, PaymentRow } from './repo'
import { chooseShipping, type ChosenShipping } from './shipping'

type CheckoutInput = z.output<typeof CheckoutRequest>
type CreateInput = z.output<typeof CreateOrderRequest>
type MethodsInput = z.output<typeof PaymentMethodsRequest>
type PayAgainInput = z.output<typeof PayAgainRequest>
type DeliveryForCartInput = z.output<typeof DeliveryForCartRequest>

export interface DeliveryAsk {
  cityId: number
  products: { sku: string; quantity: number }[]
  grandTotalSum?: number
  isOrganization: boolean
  assemblyPc: boolean
  isTradein: boolean
  exactCost: boolean
  /** False when the courier's slots are not wanted. */
  slots?: boolean
}

/** The addresses the providers and the shopper's browser are sent to. */
export interface CheckoutUrls {
  /** Where the acquirer's page sends the shopper back (the store then asks the acquirer). */
  cardReturn(paymentId: string): string
  /** Where a provider posts its signed result. */
  callback(provider: 'card' | 'qr'): string
  /** The checkout's result page of an order, in the order's city and the shopper's language. */
  result(order: { id: string; cityId: number }, lang: Lang, ok: boolean): string
  /** The store's page showing an order's QR code. */
  qrPage(order: { id: string; cityId: number }, lang: Lang): string
}

export interface CheckoutServiceDeps {
  db: Db
  repo: CheckoutRepo
  carts: CartCheckout
  delivery: (ask: DeliveryAsk, lang: Lang) => Promise<DeliveryResult>
  cards: {
    list(userId: string): Promise<{ cards: { id: string; mask: string; brand: string }[] }>
    token(userId: string, id: string): Promise<{ token: string; mask: string } | null>
  }
  acquirer: CardAcquirer
  qr: QrProvider
  /** Draws a QR code's payload as an SVG document. */
  qrSvg: (payload: string) => Promise<string>
  urls: CheckoutUrls
  /** Tells the shopper in the information centre; called in the transaction of the change it tells of. */
  notify: Notify
  /**
   * An order was paid (by card, QR, or wholly by gift cards and bonuses): called once, in the transaction
   * that records it, so what the payment gives the shopper (gift card codes, keys) comes with it or not at all.
   */
  paid?: (tx: Db, order: PaidOrder) => Promise<void>
  now?: () => Date
  /** How long a provider call may take before the shopper is told it failed (unless `guard` is given). */
  providerTimeoutMs?: number
  /** Every call to the acquirer and the QR provider goes through it (deadline, JSON 502/504, log). */
  guard?: ProviderGuard
  /** Payment rules are read at most this often (marketing's edits show within it). */
  rulesTtlMs?: number
}

/**
 * What checkout asks of financing (the broker module attaches it): an order placed for a loan may be
 * paid another way only once no application of it can pay it any more, and a loan that paid a
 * cancelled order is cancelled through the broker.
 */
export interface FinancingPort {
  /** Stops the order's open applications at the broker; `signed` when a signed loan pays (or paid) it. */
  release(orderId: string, reason: 'abandoned' | 'order_cancelled'): Promise<'released' | 'signed'>
  /** Cancels the loan of this contract that paid the order; the note for the order's timeline. */
  cancelLoan(orderId: string, contractNumber: string): Promise<{ cancelled: boolean; note: string | null }>
}

/** What the `paid` listeners learn of an order. */
export interface PaidOrder {
  orderId: string
  number: string
  userId: string | null
}

interface Prepared {
  cart: Cart
  lines: OrderLine[]
  shipping: ChosenShipping
  calculation: Calculation
}

const ONLINE = new Set(['card_payment', 'kaspi_qr_payment'])
/** Paid by a loan the broker's bank signs (server/modules/broker), never by a provider page of checkout. */
const FINANCED = new Set(['loan/installment', 'loan/installment_initial_payment'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const providerOfMethod = (method: string) => (method === 'card_payment' ? 'card' : 'qr')

/**
 * A payment's outcome in the audit log, under its order: paid, refused or refunded, by whom (the
 * provider that told the store, or the shopper whose gift cards and bonuses paid it all), how much.
 */
function auditPayment(
  db: Db,
  action: 'payment.paid' | 'payment.refused' | 'payment.refunded',
  order: { id: string; number?: string },
  payment: { id?: string; provider: string; method: string | null; amount: number },
  more: Record<string, unknown> = {},
  actor: { kind: 'shopper' | 'system'; id: string | null } = {
    kind: 'system',
    id: `provider:${payment.provider}`,
  },
) {
  return recordAudit(db, {
    actorKind: actor.kind,
    actorId: actor.id,
    action,
    subjectKind: 'order',
    subjectId: order.id,
    details: {
      ...(order.number ? { number: order.number } : {}),
      ...(payment.id ? { paymentId: payment.id } : {}),
      provider: payment.provider,
      method: payment.method,
      amount: payment.amount,
      ...more,
    },
  })
}

/** An active line of the cart has an old device handed over for it. */
const hasTradein = (cart: Cart) => cart.products.some((p) => p.isActive && p.tradein !== null)

/** The old devices of the order's lines, with the credits they take off. */
const tradeinsOf = (cart: Cart): OrderTradein[] =>
  cart.products.flatMap((p) =>
    p.isActive && p.tradein
      ? [
          {
            sku: p.sku,
            title: p.title,
            deviceKind: p.tradein.deviceKind,
            deviceTitle: p.tradein.title,
            condition: p.tradein.condition,
            credit: p.tradein.credit,
          },
        ]
      : [],
  )

/**
 * A trade-in order is collected where the old device is handed over: at one of the shops of the city
 * that take old devices (the delivery calculation offers only those for it), never by courier or at a
 * pickup point.
 */
function tradeinShop(shipping: CheckoutInput['shipping'], delivery: DeliveryResult) {
  const atShop = shipping.type === 'SHOP' || shipping.type === 'STORE' || shipping.type === 'PICKUP'
  if (!atShop || !delivery.stores.some((s) => s.service_point_id === shipping.service_point_id))
    throw unprocessable(CHECKOUT_ERROR_KEYS.tradeinNeedsShop)
}

function spendingOf(cart: Cart, personalPromoCode: boolean): OrderSpending {
  const promo = cart.marketingUnits.find((u) => u.type === 'promo_code' && u.amount > 0)
  return {
    giftCards: cart.marketingUnits
      .filter((u) => u.type === 'gift_card' && u.amount > 0)
      .map((u) => ({ code: u.code, amount: u.amount })),
    bonus: cart.bonusSum,
    promoCode: promo?.code ?? null,
    personalPromoCode: promo ? personalPromoCode : false,
  }
}

/**
 * Purchase flow 3-7: from a priced cart to an order and its payment. The order's transaction closes
 * the cart, takes the goods from stock and spends the gift cards, bonuses and code, all or nothing;
 * the payment then runs outside it against the goods held until `reserved_until`, and the provider's
 * signed result (or the store asking it) settles the attempt once.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db, repo, carts, urls, notify } = deps
  const now = deps.now ?? (() => new Date())
  const guard = deps.guard ?? createProviderGuard({ timeoutMs: deps.providerTimeoutMs })
  const message = CHECKOUT_ERROR_KEYS.providerUnavailable
  const rulesTtlMs = deps.rulesTtlMs ?? 5_000
  let rules: { at: number; rows: Promise<PaymentMethodRule[]> } | null = null
  let financing: FinancingPort | null = null

  /** After an order placed for a loan is cancelled: its applications are stopped at the broker. */
  async function releaseFinancing(orderIds: string[]) {
    for (const id of orderIds) await financing?.release(id, 'order_cancelled').catch(() => undefined)
  }

  function paymentRules(): Promise<PaymentMethodRule[]> {
    const at = Date.now()
    if (!rules || at - rules.at > rulesTtlMs) {
      const rows = repo.paymentRules()
      rows.catch(() => (rules = null))
      rules = { at, rows }
    }
    return rules.rows
  }

  const refOf = (cartId: string | null | undefined): CartRef => (cartId ? { id: cartId } : 'named')

  function situation(
    cart: Cart,
    sum: number,
    deliveryType: string,
    isOrganization: boolean,
    actor: Actor,
    tradein = hasTradein(cart),
  ) {
    return {
      tradein,
      sum,
      cityId: cart.cityId,
      deliveryType,
      isOrganization,
      signedIn: actor.userId !== null,
      prepaymentOnly: cart.products.some((p) => p.isActive && p.onlyPrepayment),
    }
  }

  /** Delivery of everything the order ships: its lines' goods with their gifts and kit parts. */
  function deliveryOf(cart: Cart, lines: OrderLine[], isOrganization: boolean, lang: Lang, slots = true) {
    const goods = new Map<string, number>()
    for (const l of lines) if (l.kind !== 'service') goods.set(l.sku, (goods.get(l.sku) ?? 0) + l.quantity)
    return deps.delivery(
      {
        cityId: cart.cityId,
        products: [...goods].map(([sku, quantity]) => ({ sku, quantity })),
        grandTotalSum: cart.grandTotalSum,
        isOrganization,
        assemblyPc: cart.assemblyPc,
        isTradein: hasTradein(cart),
        exactCost: true,
        slots,
      },
      lang,
    )
  }

  async function prepare(input: CheckoutInput, actor: Actor): Promise<Prepared> {
    const cart = await carts.priced(refOf(input.cart_id), input.city_id, actor)
    const lines = orderLines(cart)
    if (!lines.some((l) => l.kind === 'product')) {
      // lines there but none can be ordered because they sold out: say so, as the reservation would
      const soldOut = cart.products.find((p) => !p.isAvailable)
      if (soldOut)
        throw conflict(CHECKOUT_ERROR_KEYS.stockChanged, {
          sku: soldOut.sku,
          count: soldOut.availableQuantity,
        })
      throw unprocessable(CHECKOUT_ERROR_KEYS.cartEmpty)
    }
    const isOrganization = input.receiver.isOrganization
    // only a courier order picks a slot
    const slots = input.shipping.type === 'COURIER_DELIVERY'
    const delivery = await deliveryOf(cart, lines, isOrganization, actor.lang, slots)
    // goods sold out since the cart was shown: the same answer the order's own reservation gives
    const short = delivery.products.find((p) => p.status === 'unavailable')
    if (short)
      throw conflict(CHECKOUT_ERROR_KEYS.stockChanged, { sku: short.sku, count: short.available_quantity })
    if (hasTradein(cart)) tradeinShop(input.shipping, delivery)
    const shipping = chooseShipping(input.shipping, delivery)
    const grandTotal = cart.grandTotalSum + shipping.cost
    if (grandTotal > MAX_ORDER_SUM)
      throw unprocessable(CHECKOUT_ERROR_KEYS.maxOrderSum, { max: MAX_ORDER_SUM })
    const verdict = judgeMethods(
      await paymentRules(),
      situation(cart, grandTotal, input.shipping.type, isOrganization, actor),
    ).find((m) => m.code === input.payment_method)
    if (!verdict?.available)
      throw unprocessable(CHECKOUT_ERROR_KEYS.paymentMethodUnavailable, { reason: verdict?.reason ?? null })
    const sumToPay = input.payment_method === 'cash_payment' ? 0 : grandTotal
    return {
      cart,
      lines,
      shipping,
      calculation: {
        subTotal: cart.subTotalSum,
        promoCodeSum: cart.promoCodeSum,
        tradeinSum: cart.tradeinSum,
        tradeins: tradeinsOf(cart),
        giftCardSum: cart.giftCardSum,
        bonusSum: cart.bonusSum,
        deliverySum: shipping.cost,
        grandTotal,
        sumToPay,
        prepayment: sumToPay,
        economySum: cart.economySum,
        cashbackSum: cart.cashbackSum,
      },
    }
  }

  const publicLine = ({ stocked: _stocked, ...line }: OrderLine) => line

  async function calculate(input: CheckoutInput, actor: Actor): Promise<CalculationOrder> {
    const { cart, lines, shipping, calculation } = await prepare(input, actor)
    const promo = cart.marketingUnits.find((u) => u.type === 'promo_code')
    return {
      cart_id: cart.id,
      city_id: cart.cityId,
      products: lines.map(publicLine),
      promotions: cart.promotions,
      calculation,
      bonuses: { amount: cart.bonusSum },
      marketingUnits: {
        promocode: promo ? { code: promo.code, operationId: promo.operationId } : null,
        giftCards: cart.marketingUnits
          .filter((u) => u.type === 'gift_card')
          .map((u) => ({ code: u.code, amount: u.amount })),
      },
      shipping: {
        type: shipping.type,
        title: shipping.place?.title ?? null,
        date: shipping.date,
        slot: shipping.slot,
      },
    }
  }

  async function paymentMethods(input: MethodsInput, actor: Actor): Promise<PaymentMethodsResponse> {
    const cart = await carts.priced(refOf(input.cart_id), input.city_id, actor)
    const sum = cart.grandTotalSum
    const methods = judgeMethods(
      await paymentRules(),
      situation(
        cart,
        sum,
        input.delivery_type,
        input.is_organization,
        actor,
        input.is_tradein || hasTradein(cart),
      ),
    )
    const saved = actor.userId ? (await deps.cards.list(actor.userId)).cards : []
    return {
      methods,
      saved_cards: saved.map((c) => ({ id: c.id, mask: c.mask, brand: c.brand })),
      sum_to_pay: sum,
    }
  }

  function providerOf(provider: string) {
    return provider === 'card' ? deps.acquirer : deps.qr
  }

  const providerName = (provider: string) => (provider === 'card' ? 'card' : 'qr')

  /** Ends a session at its provider, within the deadline. */
  const cancelSession = (provider: string, sessionId: string) =>
    guard({ provider: providerName(provider), operation: 'cancelPayment', message }, () =>
      providerOf(provider).cancelPayment(sessionId),
    )

  /**
   * Opens the provider's session for the order's pending attempt, once: a racing second start (a
   * replayed checkout) cancels its own session and answers the first one's page.
   */
  async function startPayment(orderId: string, lang: Lang, cardToken?: string): Promise<string | null> {
    const [payment] = await repo.pendingPayments(orderId)
    if (!payment) return null
    if (payment.redirectUrl) return payment.redirectUrl
    const order = (await repo.order(orderId))!
    // A start that timed out leaves the attempt without a session: the shopper's retry opens one for the
    // same attempt (same reference), and a session the late answer brings is cancelled at once, so no
    // page the shopper never saw can take the money.
    let session: { sessionId: string; redirectUri: string }
    if (payment.provider === 'card') {
      session = await guard(
        {
          provider: 'card',
          operation: 'createPayment',
          message,
          onLate: (late) => deps.acquirer.cancelPayment(late.sessionId),
        },
        () =>
          deps.acquirer.createPayment({
            merchantRef: payment.id,
            amount: payment.amount,
            successUrl: urls.cardReturn(payment.id),
            failUrl: urls.cardReturn(payment.id),
            callbackUrl: urls.callback('card'),
            language: lang,
            cardToken,
          }),
      )
    } else {
      const qr = await guard(
        {
          provider: 'qr',
          operation: 'createPayment',
          message,
          onLate: (late) => deps.qr.cancelPayment(late.sessionId),
        },
        () =>
          deps.qr.createPayment({
            merchantRef: payment.id,
            amount: payment.amount,
            callbackUrl: urls.callback('qr'),
            language: lang,
          }),
      )
      session = { sessionId: qr.sessionId, redirectUri: urls.qrPage(order, lang) }
    }
    const attached = await repo.attachSession(payment.id, session.sessionId, session.redirectUri)
    if (attached) return session.redirectUri
    await cancelSession(payment.provider, session.sessionId)
    return (await repo.payment(payment.id))?.redirectUrl ?? null
  }

  async function savedCardToken(userId: string, cardId: string | null | undefined) {
    if (!cardId) return undefined
    const card = await deps.cards.token(userId, cardId)
    if (!card) throw unprocessable(CHECKOUT_ERROR_KEYS.cardNotFound)
    return card.token
  }

  async function withPayment(answer: Answer<CreatedOrder>, lang: Lang, token?: string) {
    const body = answer.body
    if (answer.status !== 201 || body.payment.status !== 'pending' || !ONLINE.has(body.payment.method))
      return answer
    const redirect = await startPayment(body.order_id, lang, token)
    return { ...answer, body: { ...body, payment: { ...body.payment, redirect_url: redirect } } }
  }

  /** How the order starts: what it waits for and how long it holds its goods. */
  function opening(method: string, sumToPay: number, at: Date) {
    if (method === 'cash_payment')
      return { status: 'NEW', paymentStatus: 'not_required' as PaymentStatus, reservedUntil: null }
    if (sumToPay === 0)
      return { status: 'PROCESSING', paymentStatus: 'not_required' as PaymentStatus, reservedUntil: null }
    const hold =
      method === 'cashless_payment'
        ? CASHLESS_PAYMENT_HOLD_HOURS * 3_600_000
        : FINANCED.has(method)
          ? FINANCING_PAYMENT_HOLD_MINUTES * 60_000
          : ONLINE_PAYMENT_HOLD_MINUTES * 60_000
    return {
      status: 'PAYMENT_PENDING',
      paymentStatus: 'pending' as PaymentStatus,
      reservedUntil: new Date(at.getTime() + hold),
    }
  }

  async function createOrder(
    input: CreateInput,
    actor: Actor,
    idem: IdempotencyRequest,
  ): Promise<Answer<CreatedOrder> & { replayed: boolean }> {
    const userId = actor.userId
    if (!userId) throw unauthorized()
    const token = await savedCardToken(userId, input.saved_card_id)
    let prepared: Prepared
    try {
      prepared = await prepare(input, actor)
      if (prepared.calculation.sumToPay !== input.expected_sum_to_pay)
        throw conflict(CHECKOUT_ERROR_KEYS.priceChanged, { sumToPay: prepared.calculation.sumToPay })
    } catch (err) {
      // A replay answers what the first request answered, whatever became of the cart since (the first
      // closed it). Looked for only when the order cannot be made: a first request saves the round trip,
      // and a replay that gets this far finds its answer under the key's lock in the transaction.
      const stored = await storedAnswer<CreatedOrder>(db, idem)
      if (stored) return { ...(await withPayment(stored, actor.lang, token)), replayed: true }
      throw err
    }
    const { cart, lines, shipping, calculation } = prepared
    const promo = cart.marketingUnits.find((u) => u.type === 'promo_code' && u.amount > 0)
    const spent = spendingOf(cart, promo ? await repo.isPersonalCode(promo.code) : false)
    const at = now()
    const start = opening(input.payment_method, calculation.sumToPay, at)

    const paidNow = start.status === 'PROCESSING' && input.payment_method !== 'cash_payment'
    const attempt = start.paymentStatus === 'pending' && ONLINE.has(input.payment_method)
    const spends = spent.giftCards.length > 0 || spent.bonus > 0 || spent.promoCode !== null
    const placeIn = async (tx: Db): Promise<Answer<CreatedOrder> & { replayed: boolean }> => {
      const placed = await repo.place(tx, {
        idem,
        answer: {
          status: 201,
          body: {
            payment: { method: input.payment_method, status: start.paymentStatus, redirect_url: null },
          },
        },
        order: {
          userId,
          cartId: cart.id,
          cityId: cart.cityId,
          ...start,
          paymentMethod: input.payment_method,
          deliveryType: shipping.type,
          isOrganization: input.receiver.isOrganization,
          receiver: input.receiver,
          address: input.shipping.address ?? null,
          calculation,
          shipping: {
            type: shipping.type,
            servicePointId: shipping.place?.service_point_id ?? null,
            date: shipping.date,
            slot: shipping.slot,
            installationDate: shipping.installationDate,
          },
          spent,
        },
        lines,
        units: stockedUnits(lines),
        point: shipping.place?.service_point_id ?? null,
        // the delivery's stock may be seconds old: a point offered for holding the goods must still hold them
        pointOnly: shipping.place !== null && !shipping.place.is_transfer,
        cashback: cart.cashbackSum,
        cartVersion: cart.version,
      })
      if (placed.replayed) return placed
      const order = placed.body
      if (spends) await repo.spend(tx, order.order_id, userId, spent, at)
      // wholly paid by gift cards and bonuses: paid now
      if (paidNow) {
        await deps.paid?.(tx, { orderId: order.order_id, number: order.number, userId })
        await auditPayment(
          tx,
          'payment.paid',
          { id: order.order_id, number: order.number },
          { provider: 'store', method: input.payment_method, amount: calculation.sumToPay },
          { giftCards: spent.giftCards.length, bonus: spent.bonus },
          { kind: 'shopper', id: userId },
        )
      }
      if (attempt)
        await repo.insertPayment(tx, {
          orderId: order.order_id,
          method: input.payment_method,
          provider: providerOfMethod(input.payment_method),
          amount: calculation.sumToPay,
        })
      return placed
    }
    // an order that only takes its goods (cash on receipt, nothing spent) is one statement on its own
    const answer = spends || paidNow || attempt ? await db.transaction(placeIn) : await placeIn(db)
    if (!answer.replayed) await sometimesPurgeIdempotencyKeys(db)
    return { ...(await withPayment(answer, actor.lang, token)), replayed: answer.replayed }
  }

  /**
   * Settles one attempt with the provider's outcome, once: a replayed callback or the shopper's return
   * after the callback changes nothing. Money that arrives for an order that stopped waiting (it
   * expired meanwhile) is recorded as owed back, never lost.
   */
  async function settle(
    payment: PaymentRow,
    outcome: { status: 'approved' | 'declined'; reason: string | null; mask: string | null; amount: number },
  ): Promise<void> {
    if (outcome.status === 'approved' && outcome.amount !== payment.amount)
      throw conflict(CHECKOUT_ERROR_KEYS.paymentMismatch)
    const at = now()
    await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, payment.orderId)
      if (!order) return
      const approved = outcome.status === 'approved'
      const moved = await repo.settlePayment(
        tx,
        payment.id,
        approved ? 'paid' : 'failed',
        { reason: outcome.reason, mask: outcome.mask },
        at,
        approved,
      )
      if (!moved) return
      const ref = { orderId: order.id, number: order.number }
      await auditPayment(
        tx,
        approved ? 'payment.paid' : 'payment.refused',
        { id: order.id, number: order.number },
        { id: payment.id, provider: payment.provider, method: payment.method, amount: payment.amount },
        approved
          ? { mask: outcome.mask, ...(order.status === 'PAYMENT_PENDING' ? {} : { refundDue: true }) }
          : { reason: outcome.reason },
      )
      if (!approved) {
        const waiting = await repo.updateOrder(
          tx,
          order.id,
          { status: ['PAYMENT_PENDING'] },
          { paymentStatus: 'failed' },
        )
        if (waiting?.userId)
          await notify(waiting.userId, 'payment_failed', { ...ref, reason: outcome.reason }, { tx })
        return
      }
      if (order.status === 'PAYMENT_PENDING') {
        await repo.actAs(tx, 'payment')
        await repo.updateOrder(
          tx,
          order.id,
          {},
          {
            status: 'PROCESSING',
            paymentStatus: 'paid',
            paymentMethod: payment.method,
            paidAt: at,
            reservedUntil: null,
            cardMask: outcome.mask,
          },
        )
        if (order.userId)
          await notify(order.userId, 'payment_succeeded', { ...ref, amount: payment.amount }, { tx })
        await deps.paid?.(tx, { ...ref, userId: order.userId })
      } else await repo.updateOrder(tx, order.id, {}, { paymentStatus: 'refund_due' })
    })
  }

  /**
   * A loan signed at its bank pays the order, once: the loan is recorded as a paid attempt (one per
   * contract), then the order is paid, or, for `loan/installment_initial_payment`, a card attempt for
   * the initial payment is opened and its page is where the shopper goes next. An order that no longer
   * waits for financing takes nothing.
   */
  async function financed(
    orderId: string,
    loan: { amount: number; contractNumber: string; initialPayment: number },
    lang: Lang,
  ): Promise<{ outcome: 'paid' | 'initial_payment' | 'not_waiting'; redirect: string | null }> {
    const at = now()
    const outcome = await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId)
      if (!order || order.status !== 'PAYMENT_PENDING' || !FINANCED.has(order.paymentMethod ?? ''))
        return 'not_waiting' as const
      if (await repo.hasPaidAttempts(tx, orderId)) return 'initial_payment' as const
      const method = order.paymentMethod!
      await repo.insertLoanPayment(tx, {
        orderId,
        method,
        amount: loan.amount,
        contractNumber: loan.contractNumber,
        at,
      })
      if (loan.initialPayment > 0) {
        await repo.insertPayment(tx, { orderId, method, provider: 'card', amount: loan.initialPayment })
        return 'initial_payment' as const
      }
      await repo.actAs(tx, 'payment')
      await repo.updateOrder(
        tx,
        orderId,
        {},
        { status: 'PROCESSING', paymentStatus: 'paid', paidAt: at, reservedUntil: null },
      )
      await auditPayment(
        tx,
        'payment.paid',
        { id: orderId, number: order.number },
        { provider: 'broker', method, amount: loan.amount },
        { contractNumber: loan.contractNumber },
      )
      const ref = { orderId, number: order.number }
      if (order.userId)
        await notify(order.userId, 'payment_succeeded', { ...ref, amount: loan.amount }, { tx })
      await deps.paid?.(tx, { ...ref, userId: order.userId })
      return 'paid' as const
    })
    if (outcome !== 'initial_payment') return { outcome, redirect: null }
    return { outcome, redirect: await startPayment(orderId, lang) }
  }

  /** An order as its page shows it. */
  async function orderDetail(
    order: OrderRow,
    pointOf: (id: number) => Promise<{ title: string; address: string } | null>,
  ): Promise<OrderDetail> {
    const items = await repo.items(order.id)
    const shipping = order.shipping
    const pointId = shipping?.servicePointId ?? null
    const point = pointId !== null ? await pointOf(pointId) : null
    const calc = order.calculation
    return {
      order_id: order.id,
      number: order.number,
      status: order.status as OrderDetail['status'],
      created_at: order.createdAt.toISOString(),
      city_id: order.cityId,
      items: items.map((i) => ({
        id: i.productId ?? 0,
        sku: i.sku,
        uri: i.uri,
        title: i.title,
        quantity: i.quantity,
        price: i.price,
        totalPrice: i.price * i.quantity,
        kind: i.kind,
        image: i.image,
      })),
      calculation: calc
        ? { tradeinSum: 0, tradeins: [], ...calc }
        : {
            subTotal: order.total,
            promoCodeSum: 0,
            tradeinSum: 0,
            tradeins: [],
            giftCardSum: 0,
            bonusSum: 0,
            deliverySum: 0,
            grandTotal: order.total,
            sumToPay: order.total,
            prepayment: 0,
            economySum: 0,
            cashbackSum: 0,
          },
      shipping: {
        type: (shipping?.type ?? order.deliveryType) as OrderDetail['shipping']['type'],
        service_point: pointId !== null && point ? { id: pointId, ...point } : null,
        address: (order.address as OrderDetail['shipping']['address']) ?? null,
        date: shipping?.date ?? null,
        slot: shipping?.slot ?? null,
        installation_date: shipping?.installationDate ?? null,
      },
      receiver: order.receiver as OrderDetail['receiver'],
      payment: {
        method: (order.paymentMethod ?? 'cash_payment') as OrderDetail['payment']['method'],
        status: order.paymentStatus,
        card_mask: order.cardMask,
        paid_at: order.paidAt?.toISOString() ?? null,
      },
      reserved_until: order.reservedUntil?.toISOString() ?? null,
      can_pay: canPay(order, now()),
      is_preorder: order.isPreorder,
    }
  }

  async function ownOrder(id: string, actor: Actor): Promise<OrderRow> {
    if (!actor.userId) throw unauthorized()
    const order = await repo.order(id)
    if (!order || order.userId !== actor.userId) throw notFound(CHECKOUT_ERROR_KEYS.orderNotFound)
    return order
  }

  /**
   * Paying again by card or QR: an order waiting for its card or QR payment, and one placed for a loan
   * (the shopper pays another way once the banks refused, or gives the application up).
   */
  const canPay = (order: OrderRow, at: Date) =>
    order.status === 'PAYMENT_PENDING' &&
    (ONLINE.has(order.paymentMethod ?? '') || FINANCED.has(order.paymentMethod ?? '')) &&
    order.reservedUntil !== null &&
    order.reservedUntil.getTime() > at.getTime() &&
    (order.paymentStatus === 'failed' || order.paymentStatus === 'pending')

  /** What the provider says of an attempt now (the QR provider answers a status, the acquirer a result). */
  async function providerOutcome(p: PaymentRow) {
    if (!p.providerRef) return null
    if (p.provider === 'card') {
      const ref = p.providerRef
      const r = await guard({ provider: 'card', operation: 'paymentResult', message }, () =>
        deps.acquirer.paymentResult(ref),
      )
      if (r.status === 'approved')
        return { status: 'approved' as const, amount: r.amount, mask: r.mask, reason: null }
      if (r.status === 'declined')
        return { status: 'declined' as const, amount: p.amount, mask: null, reason: r.reason }
      return null
    }
    const ref = p.providerRef
    const s = await guard({ provider: 'qr', operation: 'session', message }, () => deps.qr.session(ref))
    if (!s || s.status === 'pending') return null
    if (s.status === 'paid')
      return { status: 'approved' as const, amount: s.amount, mask: null, reason: null }
    return { status: 'declined' as const, amount: p.amount, mask: null, reason: s.status }
  }

  /**
   * A loan that paid an order the shopper no longer takes is cancelled through the broker (the bank
   * then owes the store nothing and the shopper nothing to the bank); the timeline says so. Not
   * cancelled now (the broker did not answer): the refund sweep asks again.
   */
  async function cancelLoan(orderId: string, p: PaymentRow) {
    const answer = await financing?.cancelLoan(orderId, p.providerRef!).catch(() => null)
    if (!answer?.cancelled) return
    if (!(await markRefunded(orderId, p))) return
    if (answer.note) await repo.timelineNote(orderId, answer.note)
  }

  /** An attempt leaves `paid` for `refunded` once, with its entry in the audit log. */
  function markRefunded(orderId: string, p: PaymentRow): Promise<boolean> {
    return db.transaction(async (tx) => {
      const moved = await repo.markRefunded(p.id, now(), tx)
      if (moved) await auditPayment(tx, 'payment.refunded', { id: orderId }, p)
      return moved
    })
  }

  /** What an order has been paid back, and what it still owes, tenge. */
  async function refundState(orderId: string) {
    const order = await repo.order(orderId)
    const sums = await repo.paymentSums(orderId)
    return { refunded: sums.refunded, pending: order?.paymentStatus === 'refund_due' ? sums.paid : 0 }
  }

  /**
   * Pays back through the providers what an order owes (`refund_due`): each paid attempt once,
   * however often or from however many processes this is asked (the provider keeps one refund per
   * attempt's reference, and the attempt leaves `paid` once). What a provider did not pay back now
   * stays owed, and the sweep asks again.
   */
  async function refund(orderId: string): Promise<{ refunded: number; pending: number }> {
    const order = await repo.order(orderId)
    if (!order || order.paymentStatus !== 'refund_due') return refundState(orderId)
    for (const p of await repo.paidPayments(orderId)) {
      if (!p.providerRef) continue
      if (p.provider === 'broker') {
        await cancelLoan(orderId, p)
        continue
      }
      try {
        const ref = p.providerRef
        const r = await guard(
          { provider: providerName(p.provider), operation: 'refundPayment', message },
          () =>
            providerOf(p.provider).refundPayment({
              sessionId: ref,
              amount: p.amount,
              merchantRef: `refund:${p.id}`,
            }),
        )
        if (r.status === 'refunded') await markRefunded(orderId, p)
      } catch {
        // the provider did not answer: the money stays owed and the sweep asks again
      }
    }
    if ((await repo.paidPayments(orderId)).length === 0)
      await db.transaction((tx) =>
        repo.updateOrder(tx, orderId, { paymentStatus: ['refund_due'] }, { paymentStatus: 'refunded' }),
      )
    return refundState(orderId)
  }

  return {
    calculate,
    paymentMethods,
    financed,
    /** The broker module attaches financing here when it starts (it comes after checkout). */
    attachFinancing(port: FinancingPort) {
      financing = port
    },
    /** Opens the provider's page for an order's pending attempt (pre-orders pay through it too). */
    startPayment,
    savedCardToken,

    /** The delivery options of a cart as checkout prices them (what `POST v3 /delivery` answers for its goods). */
    async delivery(input: DeliveryForCartInput, actor: Actor): Promise<DeliveryResult> {
      const cart = await carts.priced(refOf(input.cart_id), input.city_id, actor)
      const lines = orderLines(cart)
      if (!lines.some((l) => l.kind === 'product')) throw unprocessable(CHECKOUT_ERROR_KEYS.cartEmpty)
      return deliveryOf(cart, lines, input.is_organization, actor.lang)
    },
    createOrder,
    settle,

    /** A provider's signed callback, already verified: it must name an attempt of ours, for its amount. */
    async callback(provider: 'card' | 'qr', body: PaymentCallback): Promise<void> {
      const payment = await repo.paymentByRef(provider, body.sessionId)
      if (!payment) {
        // Neither the session nor the reference is an attempt of ours: 404. A reference of ours under a
        // session that is not its own (another provider's, one the store cancelled) is a mismatch: 409.
        if (!UUID.test(body.merchantRef) || !(await repo.payment(body.merchantRef))) throw notFound()
        throw conflict(CHECKOUT_ERROR_KEYS.paymentMismatch)
      }
      if (payment.id !== body.merchantRef) throw conflict(CHECKOUT_ERROR_KEYS.paymentMismatch)
      await settle(payment, body)
    },

    /** The shopper is back from the acquirer's page: the store asks the acquirer, never the URL. */
    async cardReturn(paymentId: string, lang: Lang): Promise<string> {
      const payment = await repo.payment(paymentId)
      if (!payment || payment.provider !== 'card') throw notFound()
      const outcome = await providerOutcome(payment)
      if (outcome) await settle(payment, outcome)
      const order = (await repo.order(payment.orderId))!
      const paid = order.paymentStatus === 'paid'
      return urls.result(order, lang, paid)
    },

    async payAgain(orderId: string, actor: Actor, body: PayAgainInput): Promise<PaymentStart> {
      let order = await ownOrder(orderId, actor)
      if (!canPay(order, now())) throw conflict(CHECKOUT_ERROR_KEYS.orderNotPayable)
      const token = await savedCardToken(actor.userId!, body.saved_card_id)
      // A signed loan already pays most of the order: what is left is its initial payment, by card.
      const loan = FINANCED.has(order.paymentMethod ?? '') ? await repo.loanPayment(order.id) : undefined
      if (loan && body.payment_method !== 'card_payment')
        throw unprocessable(CHECKOUT_ERROR_KEYS.paymentMethodUnavailable, {
          reason: 'initial_payment_by_card',
        })
      if (FINANCED.has(order.paymentMethod ?? '') && !loan) {
        // No application may pay the order once it is paid another way: each is stopped at the broker
        // first, and a loan signed before that pays the order instead.
        if (!financing || (await financing.release(order.id, 'abandoned')) === 'signed')
          throw conflict(CHECKOUT_ERROR_KEYS.orderNotPayable)
        order = await ownOrder(orderId, actor)
        if (!canPay(order, now())) throw conflict(CHECKOUT_ERROR_KEYS.orderNotPayable)
      }
      // The last attempt ends at its provider first, so the shopper can never pay twice.
      for (const p of await repo.pendingPayments(order.id)) {
        const outcome = await providerOutcome(p)
        if (outcome?.status === 'approved') {
          await settle(p, outcome)
          throw conflict(CHECKOUT_ERROR_KEYS.orderNotPayable)
        }
        if (p.providerRef) await cancelSession(p.provider, p.providerRef)
        await db.transaction((tx) => repo.settlePayment(tx, p.id, 'cancelled', { reason: 'replaced' }, now()))
      }
      const method = (loan ? order.paymentMethod : body.payment_method) as PaymentStart['method']
      try {
        await db.transaction(async (tx) => {
          // under the order's lock, as a loan paying it takes it: one of the two finds it waiting
          const locked = await repo.lockOrder(tx, order.id)
          if (!locked || !canPay(locked, now()) || locked.paymentMethod !== order.paymentMethod)
            throw conflict(CHECKOUT_ERROR_KEYS.orderNotPayable)
          await repo.insertPayment(tx, {
            orderId: order.id,
            method,
            provider: providerOfMethod(body.payment_method),
            amount: order.calculation!.sumToPay - (loan?.amount ?? 0),
          })
          await repo.updateOrder(
            tx,
            order.id,
            { status: ['PAYMENT_PENDING'] },
            { paymentMethod: method, paymentStatus: 'pending' },
          )
        })
      } catch (err) {
        if (err instanceof HttpError) throw err
        throw conflict(CART_ERROR_KEYS.idempotencyInProgress)
      }
      const redirect = await startPayment(order.id, actor.lang, token)
      return { method, status: 'pending', redirect_url: redirect }
    },

    async qrPayment(orderId: string, actor: Actor, origin: string): Promise<QrPayment> {
      const order = await ownOrder(orderId, actor)
      const payment = await repo.latestPayment(order.id, 'qr')
      if (!payment?.providerRef) throw notFound(CHECKOUT_ERROR_KEYS.orderNotFound)
      const ref = payment.providerRef
      const session = await guard({ provider: 'qr', operation: 'session', message }, () =>
        deps.qr.session(ref),
      )
      if (!session) throw notFound(CHECKOUT_ERROR_KEYS.orderNotFound)
      if (payment.status === 'pending') {
        const outcome = await providerOutcome(payment)
        if (outcome) await settle(payment, outcome)
      }
      const payload = new URL(session.payload, origin).toString()
      return {
        order_id: order.id,
        amount: session.amount,
        status: session.status,
        svg: await deps.qrSvg(payload),
        payload,
        expires_at: session.expiresAt.toISOString(),
      }
    },

    async order(
      orderId: string,
      actor: Actor,
      pointOf: (id: number) => Promise<{ title: string; address: string } | null>,
    ): Promise<OrderDetail> {
      return orderDetail(await ownOrder(orderId, actor), pointOf)
    },

    /** Any order, for the store's staff (the back office checks who they are): 404 when unknown. */
    async staffOrder(
      orderId: string,
      pointOf: (id: number) => Promise<{ title: string; address: string } | null>,
    ): Promise<OrderDetail> {
      const order = await repo.order(orderId)
      if (!order) throw notFound(CHECKOUT_ERROR_KEYS.orderNotFound)
      return orderDetail(order, pointOf)
    },

    /** What an order has been paid back, and what it still owes, tenge. */
    refundState,

    /**
     * An order cancelled (the orders module moves it, under its row lock, in `tx`): its goods go back to
     * the rows they came from, its gift cards, bonuses and code back to the shopper, its unfinished
     * attempts end, and money it took is owed back (`refund_due`, paid back by `refund`). Answers what
     * to do once the transaction is committed: end the attempts' sessions at their providers.
     */
    async cancelled(tx: Db, orderId: string): Promise<() => Promise<void>> {
      const order = await repo.lockOrder(tx, orderId)
      if (!order) return async () => {}
      await repo.release(tx, order.id)
      await repo.refund(tx, order)
      const ended = await repo.expirePayments(tx, order.id, now())
      // a loan signed for an order still waiting for its initial payment took part of it too
      const took = order.paymentStatus === 'paid' || (await repo.hasPaidAttempts(tx, order.id))
      const paymentStatus: PaymentStatus = took
        ? 'refund_due'
        : order.paymentStatus === 'pending'
          ? 'failed'
          : order.paymentStatus
      await repo.updateOrder(tx, order.id, {}, { reservedUntil: null, paymentStatus })
      const financed = FINANCED.has(order.paymentMethod ?? '') ? [order.id] : []
      return async () => {
        await releaseFinancing(financed)
        for (const p of ended)
          if (p.providerRef) await cancelSession(p.provider, p.providerRef).catch(() => {})
      }
    },

    /**
     * A received order returned: its goods go back to the rows they came from (once: the release takes
     * the order's reservations away, as a cancel does), what it spent comes back, and the money it took
     * is owed back (`refund`, once per paid attempt).
     */
    async returned(tx: Db, orderId: string): Promise<void> {
      const order = await repo.lockOrder(tx, orderId)
      if (!order) return
      await repo.release(tx, order.id)
      await repo.refund(tx, order)
      if (order.paymentStatus === 'paid' && (await repo.hasPaidAttempts(tx, order.id)))
        await repo.updateOrder(tx, order.id, {}, { paymentStatus: 'refund_due' })
    },

    refund,

    /** Orders whose money is still owed back. */
    refundsDue: (limit = 20) => repo.refundsDue(limit),

    /**
     * Cancels the unpaid orders whose hold ran out: their goods go back to stock, what they spent back
     * to the shopper, and their open attempts are ended at the provider. Safe from several processes:
     * each locks the orders it takes and skips those another holds.
     */
    async expireDue(limit = 50): Promise<number> {
      const ended: PaymentRow[] = []
      const financedOrders: string[] = []
      const at = now()
      const count = await db.transaction(async (tx) => {
        const due = await repo.lockExpired(tx, at, limit)
        for (const order of due) {
          if (FINANCED.has(order.paymentMethod ?? '')) financedOrders.push(order.id)
          await repo.release(tx, order.id)
          await repo.refund(tx, order)
          ended.push(...(await repo.expirePayments(tx, order.id, at)))
          // a signed loan whose initial payment never came is owed back (cancelled at the broker)
          const took = await repo.hasPaidAttempts(tx, order.id)
          await repo.updateOrder(
            tx,
            order.id,
            {},
            {
              status: 'CANCELLED',
              reservedUntil: null,
              paymentStatus: took
                ? 'refund_due'
                : order.paymentStatus === 'pending'
                  ? 'failed'
                  : order.paymentStatus,
            },
          )
          if (order.userId)
            await notify(
              order.userId,
              'order_status',
              { orderId: order.id, number: order.number, status: 'CANCELLED', reason: 'payment_expired' },
              { tx },
            )
        }
        return due.length
      })
      await releaseFinancing(financedOrders)
      for (const id of financedOrders) await refund(id)
      for (const p of ended) if (p.providerRef) await cancelSession(p.provider, p.providerRef).catch(() => {})
      return count
    },
  }
}
export type CheckoutService = ReturnType<typeof createCheckoutService>
