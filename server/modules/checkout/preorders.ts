import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import { CHECKOUT_ERROR_KEYS, ONLINE_PAYMENT_HOLD_MINUTES } from '../../../contract/checkout'
import type { CalculationLine, CreatedOrder } from '../../../contract/checkout'
import type { Lang } from '../../../contract/common'
import {
  PREORDER_ERROR_KEYS,
  PREORDER_FULL_PREPAYMENT_BELOW,
  PREORDER_PARTIAL_PREPAYMENT_PERCENT,
  type CreatePreorderRequest,
  type PreorderCalculation,
  type PreorderCallback,
  type PreorderCallbackRequest,
  type PreorderProduct,
  type PreorderRequest,
} from '../../../contract/preorders'
import { imageUrl } from '../../../contract/values/media'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { badRequest, conflict, notFound, unauthorized, unprocessable } from '../../http/errors'
import {
  sometimesPurgeIdempotencyKeys,
  storedAnswer,
  type Answer,
  type IdempotencyRequest,
} from '../../http/idempotency'
import type { Actor } from '../cart'
import type { CheckoutRepo } from './repo'
import type { CheckoutService } from './service'

type PreorderInput = z.output<typeof PreorderRequest>
type CreateInput = z.output<typeof CreatePreorderRequest>
type CallbackInput = z.output<typeof PreorderCallbackRequest>

/** The image size of the pre-order page's product picture. */
const PREORDER_IMAGE = 208

interface PreorderRow extends Record<string, unknown> {
  id: number
  sku: string
  uri: string
  title_ru: string
  title_kk: string
  image: string | null
  price: number | null
  stock: number
  expected_date: string | null
  prepayment_percent: number | null
  max_quantity: number | null
}

/** Prepayment rules: the whole price below the threshold, a share of it from there, rounded up to a tenge. */
export const defaultPrepaymentPercent = (price: number) =>
  price < PREORDER_FULL_PREPAYMENT_BELOW ? 100 : PREORDER_PARTIAL_PREPAYMENT_PERCENT
export const prepaymentOf = (price: number, quantity: number, percent: number) =>
  Math.ceil((price * quantity * percent) / 100)

/**
 * Terms for every pre-order product that has none yet, written once and never overwritten (the shop
 * edits the rows): expected in two to five weeks, prepaid by the rule above on its Almaty price.
 */
export async function ensurePreorderTerms(db: Db, productId?: number): Promise<void> {
  await db.execute(
    sql`insert into preorder_terms (product_id, expected_date, prepayment_percent, max_quantity)
        select p.id, current_date + (14 + p.id % 22), case when coalesce(pp.price, 0) < ${PREORDER_FULL_PREPAYMENT_BELOW}
                 then 100 else ${PREORDER_PARTIAL_PREPAYMENT_PERCENT} end, 2
        from products p
        left join product_prices pp on pp.product_id = p.id and pp.city_id = 1
        where (p.is_preorder or p.type = 'mto') ${productId === undefined ? sql`` : sql`and p.id = ${productId}`}
        on conflict (product_id) do nothing`,
  )
}

export interface PreorderServiceDeps {
  db: Db
  repo: CheckoutRepo
  checkout: CheckoutService
  pointOf: (id: number, lang: Lang) => Promise<{ title: string; address: string; cityId: number } | null>
  now?: () => Date
}

/**
 * Purchase flow 7, pre-orders: the terms of a product not on the shelves yet, "tell me when it arrives",
 * and the pre-order itself: its prepayment paid by card or QR like any order's payment (the attempt, the
 * provider's page, the signed callback), the goods picked up at the chosen store when they arrive.
 */
export function createPreorderService({
  db,
  repo,
  checkout,
  pointOf,
  now = () => new Date(),
}: PreorderServiceDeps) {
  async function read(sku: string, cityId: number): Promise<PreorderRow | undefined> {
    const [row] = await rows<PreorderRow>(
      db,
      sql`select p.id, p.sku, p.uri, p.title_ru, p.title_kk, pp.price,
                 (select id from images where product_id = p.id order by position, id limit 1) as image,
                 coalesce((select sum(quantity) from stocks where product_id = p.id and city_id = ${cityId}), 0)::int as stock,
                 t.expected_date::text as expected_date, t.prepayment_percent, t.max_quantity
          from products p
          left join product_prices pp on pp.product_id = p.id and pp.city_id = ${cityId}
          left join preorder_terms t on t.product_id = p.id
          where p.sku = ${sku} and (p.is_preorder or p.type = 'mto')`,
    )
    return row
  }

  /** A pre-order product's row with its terms (made by the rule the first time they are asked for). */
  async function productRow(sku: string, cityId: number): Promise<PreorderRow> {
    let row = await read(sku, cityId)
    if (row && row.expected_date === null) {
      await ensurePreorderTerms(db, row.id)
      row = await read(sku, cityId)
    }
    if (!row) throw notFound(PREORDER_ERROR_KEYS.notFound, { sku })
    return row
  }

  function view(row: PreorderRow, cityId: number, lang: Lang): PreorderProduct {
    const percent = row.prepayment_percent ?? 100
    return {
      id: row.id,
      sku: row.sku,
      uri: row.uri,
      title: lang === 'kk' ? row.title_kk : row.title_ru,
      image: row.image ? imageUrl(row.image, PREORDER_IMAGE) : null,
      city_id: cityId,
      price: row.price ?? 0,
      expected_date: row.expected_date!,
      prepayment_percent: percent,
      prepayment: row.price === null ? 0 : prepaymentOf(row.price, 1, percent),
      max_quantity: row.max_quantity ?? 1,
      is_available: row.price !== null && row.stock === 0,
    }
  }

  async function prepare(input: PreorderInput, actor: Actor) {
    const row = await productRow(input.sku, input.city_id)
    const product = view(row, input.city_id, actor.lang)
    if (row.price === null) throw unprocessable(PREORDER_ERROR_KEYS.unavailable, { sku: row.sku })
    if (row.stock > 0) throw unprocessable(PREORDER_ERROR_KEYS.inStock, { sku: row.sku })
    if (input.quantity > product.max_quantity)
      throw unprocessable(PREORDER_ERROR_KEYS.tooMany, { max: product.max_quantity })
    const point = await pointOf(input.service_point_id, actor.lang)
    if (!point || point.cityId !== input.city_id)
      throw unprocessable(PREORDER_ERROR_KEYS.servicePointUnavailable)
    const total = row.price * input.quantity
    const prepayment = prepaymentOf(row.price, input.quantity, product.prepayment_percent)
    const line: CalculationLine = {
      id: row.id,
      sku: row.sku,
      uri: row.uri,
      title: product.title,
      quantity: input.quantity,
      price: row.price,
      totalPrice: total,
      kind: 'product',
      image: row.image,
    }
    const calculation = {
      subTotal: total,
      promoCodeSum: 0,
      tradeinSum: 0,
      tradeins: [],
      giftCardSum: 0,
      bonusSum: 0,
      deliverySum: 0,
      grandTotal: total,
      sumToPay: prepayment,
      prepayment,
      economySum: 0,
      cashbackSum: 0,
    }
    return { product, line, calculation, point: { id: input.service_point_id, ...point } }
  }

  return {
    async product(sku: string, cityId: number, lang: Lang): Promise<PreorderProduct> {
      return view(await productRow(sku, cityId), cityId, lang)
    },

    /** Tell me when it arrives: once per product and phone; asking again changes nothing. */
    async callback(sku: string, input: CallbackInput, actor: Actor): Promise<PreorderCallback> {
      const row = await productRow(sku, input.city_id)
      let phone = input.phone
      if (phone === undefined && actor.userId) {
        const [user] = await rows<{ phone: string }>(
          db,
          sql`select phone from users where id = ${actor.userId}`,
        )
        phone = user?.phone
      }
      if (phone === undefined) throw badRequest(PREORDER_ERROR_KEYS.phoneRequired)
      const made = await rows<{ id: number }>(
        db,
        sql`insert into preorder_callbacks (product_id, phone, user_id, city_id, lang)
            values (${row.id}, ${phone}, ${actor.userId}, ${input.city_id}, ${actor.lang})
            on conflict (product_id, phone) do nothing returning id`,
      )
      return {
        sku: row.sku,
        phone: `+7 ${phone.slice(1, 4)} ••• •• ${phone.slice(9)}`,
        created: made.length > 0,
      }
    },

    async calculate(input: PreorderInput, actor: Actor): Promise<PreorderCalculation> {
      const { product, line, calculation, point } = await prepare(input, actor)
      return {
        sku: product.sku,
        city_id: input.city_id,
        products: [line],
        calculation,
        expected_date: product.expected_date,
        rest_to_pay: calculation.grandTotal - calculation.prepayment,
        service_point: { id: point.id, title: point.title, address: point.address },
      }
    },

    /**
     * Places the pre-order: the order and its line, and the prepayment's attempt, in one transaction
     * under the request's key (a replay answers the same order); the provider's page opens after it.
     * An unpaid pre-order is cancelled when its payment time runs out, like any order.
     */
    async create(
      input: CreateInput,
      actor: Actor,
      idem: IdempotencyRequest,
    ): Promise<Answer<CreatedOrder> & { replayed: boolean }> {
      const userId = actor.userId
      if (!userId) throw unauthorized()
      const token = await checkout.savedCardToken(userId, input.saved_card_id)
      const withPayment = async (answer: Answer<CreatedOrder>) => {
        if (answer.status !== 201 || answer.body.payment.status !== 'pending') return answer
        const redirect = await checkout.startPayment(answer.body.order_id, actor.lang, token)
        return {
          ...answer,
          body: { ...answer.body, payment: { ...answer.body.payment, redirect_url: redirect } },
        }
      }
      let prepared: Awaited<ReturnType<typeof prepare>>
      try {
        prepared = await prepare(input, actor)
        if (prepared.calculation.sumToPay !== input.expected_sum_to_pay)
          throw conflict(CHECKOUT_ERROR_KEYS.priceChanged, { sumToPay: prepared.calculation.sumToPay })
      } catch (err) {
        const stored = await storedAnswer<CreatedOrder>(db, idem)
        if (stored) return { ...(await withPayment(stored)), replayed: true }
        throw err
      }
      const { product, line, calculation } = prepared
      const at = now()
      const answer = await db.transaction(async (tx) => {
        const placed = await repo.place(tx, {
          idem,
          answer: {
            status: 201,
            body: { payment: { method: input.payment_method, status: 'pending', redirect_url: null } },
          },
          order: {
            userId,
            cartId: null,
            cityId: input.city_id,
            status: 'PAYMENT_PENDING',
            paymentStatus: 'pending',
            paymentMethod: input.payment_method,
            deliveryType: 'PICKUP',
            isOrganization: input.receiver.isOrganization,
            receiver: input.receiver,
            address: null,
            calculation,
            shipping: {
              type: 'PICKUP',
              servicePointId: input.service_point_id,
              date: product.expected_date,
              slot: null,
              installationDate: null,
            },
            spent: { giftCards: [], bonus: 0, promoCode: null, personalPromoCode: false },
            reservedUntil: new Date(at.getTime() + ONLINE_PAYMENT_HOLD_MINUTES * 60_000),
            isPreorder: true,
          },
          lines: [{ ...line, stocked: false }],
          units: new Map(),
          point: input.service_point_id,
          pointOnly: false,
          cashback: 0,
          cartVersion: null,
        })
        if (placed.replayed) return placed
        await repo.insertPayment(tx, {
          orderId: placed.body.order_id,
          method: input.payment_method,
          provider: input.payment_method === 'card_payment' ? 'card' : 'qr',
          amount: calculation.sumToPay,
        })
        return placed
      })
      if (!answer.replayed) await sometimesPurgeIdempotencyKeys(db)
      return { ...(await withPayment(answer)), replayed: answer.replayed }
    },
  }
}
export type PreorderService = ReturnType<typeof createPreorderService>
