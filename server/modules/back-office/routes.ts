import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  ADMIN_API_V1,
  AdminBenefits,
  AdminCodeParams,
  AdminGiftCardCreate,
  AdminOrder,
  AdminOrderList,
  AdminOrderMove,
  AdminOrderParams,
  AdminOrderSearch,
  AdminPromoCodeCreate,
  AdminPromotionCreate,
  AdminPromotionParams,
  AdminReviewDecision,
  AdminReviewParams,
  AdminReviewQueue,
  type AdminOrder as AdminOrderType,
} from '../../../contract/back-office'
import { ErrorBody, type Lang } from '../../../contract/common'
import type { Db } from '../../db/connection'
import { conflict, notFound, unprocessable } from '../../http/errors'
import type { App, ModuleRegistration } from '../../http/types'
import { recordAudit } from '../audit'
import { requireStaff, staffOf } from '../staff'
import { createBenefitsRepo } from './benefits-repo'
import { createBackOfficeOrdersRepo } from './orders-repo'

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
}
const tags = ['back office']
const security = [{ staffToken: [] }]
const noStore = 'private, no-store'

/** What an operator did, for the audit log: who, from where, to what. */
function entry(
  req: FastifyRequest,
  action: string,
  subjectKind: string,
  subjectId: string,
  details?: Record<string, unknown>,
) {
  return {
    actorKind: 'staff' as const,
    actorId: staffOf(req).id,
    action,
    subjectKind,
    subjectId,
    details: { login: staffOf(req).login, ...details },
    ip: req.ip,
  }
}

async function adminOrder(
  app: App,
  repo: ReturnType<typeof createBackOfficeOrdersRepo>,
  id: string,
  lang: Lang,
): Promise<AdminOrderType> {
  const order = await app.checkout.staffOrder(id, (point) => repo.servicePoint(point, lang))
  const [timeline, next, money] = await Promise.all([
    app.orderLifecycle.timeline(id),
    app.orderLifecycle.next(id, 'operator'),
    app.checkout.refundState(id),
  ])
  const base = `${ADMIN_API_V1}/orders/${id}/documents`
  const kinds = order.receiver.isOrganization
    ? (['receipt', 'invoice', 'barcode'] as const)
    : (['receipt', 'barcode'] as const)
  return {
    order,
    timeline,
    next,
    refunded: money.refunded,
    refund_pending: money.pending,
    documents: kinds.map((kind) => ({ kind, url: `${base}/${kind}` })),
  }
}

/**
 * The back office's orders, promotions and reviews (README, The back office), under `/admin/api/v1`:
 * operators search orders and move them through the orders module's state machine (cancel and refund
 * included, the money given back once by checkout's settlement); admins create and switch off
 * promotions, promo codes and gift cards and see their use; moderators work the review queue. Every
 * change is in the audit log, written in the change's transaction where there is one.
 */
export const backOfficeModule: ModuleRegistration = (app, { database }) => {
  const db = database.db
  const orders = createBackOfficeOrdersRepo(db)
  const benefits = createBenefitsRepo(db)
  const operator = requireStaff('operator')
  const admin = requireStaff('admin')
  const moderator = requireStaff('moderator')

  // ------------------------------------------------------------------ orders

  app.get(
    `${ADMIN_API_V1}/orders`,
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Orders by number, phone, status and day (store time), newest first, 25 a page',
        querystring: AdminOrderSearch,
        response: { 200: AdminOrderList, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', noStore)
      return orders.search(req.query)
    },
  )

  app.get(
    `${ADMIN_API_V1}/orders/:id`,
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'An order with its timeline, the moves an operator may make and its documents',
        params: AdminOrderParams,
        response: { 200: AdminOrder, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', noStore)
      return adminOrder(app, orders, req.params.id, req.lang)
    },
  )

  app.post(
    `${ADMIN_API_V1}/orders/:id/status`,
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary:
          'Moves an order (assemble, hand over, received, cancel, refund) as the operator rows allow; 409 otherwise. A cancel or refund gives the money back once',
        params: AdminOrderParams,
        body: AdminOrderMove,
        response: { 200: AdminOrder, ...errors },
      },
    },
    async (req, reply) => {
      const { id } = req.params
      const { status, note } = req.body
      await app.orderLifecycle.move(id, status, 'operator', {
        note: note ?? null,
        within: (tx) =>
          recordAudit(tx, entry(req, 'order.status', 'order', id, { status, note: note ?? null })),
      })
      reply.header('cache-control', noStore)
      return adminOrder(app, orders, id, req.lang)
    },
  )

  // ------------------------------------------------------------------ promotions, promo codes, gift cards

  const allBenefits = async (): Promise<AdminBenefits> => {
    const [promotions, promoCodes, giftCards] = await Promise.all([
      benefits.promotions(),
      benefits.promoCodes(),
      benefits.giftCards(),
    ])
    return { promotions, promo_codes: promoCodes, gift_cards: giftCards }
  }
  type AdminBenefits = z.infer<typeof AdminBenefits>
  const benefitAnswer = { 200: AdminBenefits, 201: AdminBenefits, ...errors }

  app.get(
    `${ADMIN_API_V1}/benefits`,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Promotions, promo codes and gift cards with their use',
        response: { 200: AdminBenefits, ...errors },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', noStore)
      return allBenefits()
    },
  )

  /** A change and its audit entry in one transaction; the answer is every benefit as it is now. */
  const change = async (work: (tx: Db) => Promise<void>) => {
    await db.transaction(work)
    return allBenefits()
  }

  app.post(
    `${ADMIN_API_V1}/promotions`,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          'A gift or kit promotion on products (SKUs), a category or a brand (slugs); unknown ones are 422',
        body: AdminPromotionCreate,
        response: benefitAnswer,
      },
    },
    async (req, reply) => {
      const p = req.body
      const entities = await benefits.entityIds(p.main_entity_type, p.main_entities)
      if (entities.missing.length) throw unprocessable('admin:unknownEntities', { missing: entities.missing })
      const rules: {
        titleRu: string
        titleKk: string
        productIds: number[]
        discountKind: 'fix' | 'percent'
        discountValue: number
      }[] = []
      for (const r of p.rules) {
        const found = await benefits.productIds(r.skus)
        if (found.missing.length) throw unprocessable('admin:unknownEntities', { missing: found.missing })
        rules.push({
          titleRu: r.title_ru,
          titleKk: r.title_kk,
          productIds: found.ids,
          discountKind: r.discount_kind,
          discountValue: p.type === 'gift' ? 0 : r.discount_value,
        })
      }
      const answer = await change(async (tx) => {
        const id = await benefits.createPromotion(tx, p, entities.ids, rules)
        await recordAudit(
          tx,
          entry(req, 'promotion.create', 'promotion', String(id), { title: p.title_ru, type: p.type }),
        )
      })
      return reply.code(201).header('cache-control', noStore).send(answer)
    },
  )

  app.post(
    `${ADMIN_API_V1}/promotions/:id/switch-off`,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Switches a promotion off (carts drop it on their next pricing)',
        params: AdminPromotionParams,
        response: benefitAnswer,
      },
    },
    async (req, reply) => {
      const id = req.params.id
      const answer = await change(async (tx) => {
        if (!(await benefits.switchOffPromotion(tx, id))) throw notFound()
        await recordAudit(tx, entry(req, 'promotion.switch_off', 'promotion', String(id)))
      })
      return reply.header('cache-control', noStore).send(answer)
    },
  )

  app.post(
    `${ADMIN_API_V1}/promo-codes`,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'A promo code anyone may type; a code that exists (any case) is 409',
        body: AdminPromoCodeCreate,
        response: benefitAnswer,
      },
    },
    async (req, reply) => {
      const c = req.body
      const answer = await change(async (tx) => {
        if (!(await benefits.createPromoCode(tx, c))) throw conflict('admin:codeTaken')
        await recordAudit(
          tx,
          entry(req, 'promo_code.create', 'promo_code', c.code, { kind: c.discount_kind, value: c.value }),
        )
      })
      return reply.code(201).header('cache-control', noStore).send(answer)
    },
  )

  app.post(
    `${ADMIN_API_V1}/promo-codes/:code/switch-off`,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Switches a promo code off',
        params: AdminCodeParams,
        response: benefitAnswer,
      },
    },
    async (req, reply) => {
      const code = req.params.code
      const answer = await change(async (tx) => {
        if (!(await benefits.switchOffPromoCode(tx, code))) throw notFound()
        await recordAudit(tx, entry(req, 'promo_code.switch_off', 'promo_code', code.toUpperCase()))
      })
      return reply.header('cache-control', noStore).send(answer)
    },
  )

  app.post(
    `${ADMIN_API_V1}/gift-cards`,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'A gift card of an amount (its code given, or made: GC-XXXX-XXXX-XXXX); a taken code is 409',
        body: AdminGiftCardCreate,
        response: benefitAnswer,
      },
    },
    async (req, reply) => {
      const g = req.body
      const answer = await change(async (tx) => {
        const code = await benefits.createGiftCard(tx, g)
        if (!code) throw conflict('admin:codeTaken')
        await recordAudit(tx, entry(req, 'gift_card.create', 'gift_card', code, { amount: g.amount }))
      })
      return reply.code(201).header('cache-control', noStore).send(answer)
    },
  )

  app.post(
    `${ADMIN_API_V1}/gift-cards/:code/switch-off`,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Switches a gift card off',
        params: AdminCodeParams,
        response: benefitAnswer,
      },
    },
    async (req, reply) => {
      const code = req.params.code
      const answer = await change(async (tx) => {
        if (!(await benefits.switchOffGiftCard(tx, code))) throw notFound()
        await recordAudit(tx, entry(req, 'gift_card.switch_off', 'gift_card', code.toUpperCase()))
      })
      return reply.header('cache-control', noStore).send(answer)
    },
  )

  // ------------------------------------------------------------------ reviews

  app.get(
    `${ADMIN_API_V1}/reviews`,
    {
      onRequest: moderator,
      schema: {
        tags,
        security,
        summary:
          'The moderation queue: held reviews (links, banned words) first, then the rest, oldest first',
        response: { 200: AdminReviewQueue, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', noStore)
      const held = await app.reviews.queue(['NEED_APPROVE'], 100, req.lang)
      const rest = await app.reviews.queue(['NEW'], 100, req.lang)
      return { reviews: [...held.reviews, ...rest.reviews] }
    },
  )

  app.post(
    `${ADMIN_API_V1}/reviews/:id/decision`,
    {
      onRequest: moderator,
      schema: {
        tags,
        security,
        summary:
          'Approves a waiting review, or rejects it with the reason the shopper is told; 404 when none waits',
        params: AdminReviewParams,
        body: AdminReviewDecision,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const { id } = req.params
      const { status, note } = req.body
      // the reviews module writes the decision's audit entry, naming the staff member
      await app.reviews.moderate(id, status, status === 'REJECTED' ? (note ?? null) : null, {
        actorKind: 'staff',
        actorId: req.staff!.id,
        ip: req.ip,
      })
      return reply.code(204).header('cache-control', noStore).send(null)
    },
  )
}
