import {
  MARKETING_V1,
  PromoCode,
  PromoCodeList,
  PromoCodeSent,
  ReceivePromoRequest,
} from '../../../contract/account-area'
import { CAPTCHA_HEADER } from '../../../contract/values/account'
import {
  GiftCardInfo,
  MarketingCodeParams,
  PromoCodeCheck,
  PromoCodeCheckRequest,
} from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { optionalUser } from '../../http/auth'
import { cartKey, codeGuessRules, createCodeGuessGuard, sessionKey, userKey } from '../../http/code-guesses'
import { badRequest } from '../../http/errors'
import { createRateLimiter } from '../../http/rate-limit'
import { openCaptcha } from '../../providers/captcha/altcha'
import { createLocalSmsProvider } from '../../providers/sms/local'
import type { ModuleRegistration } from '../../http/types'
import { createBenefitChecks } from './benefit-checks'
import { createPromoRepo } from './repo'
import { createPromoService } from './service'

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }

const checkErrors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody }

/**
 * Spec 7.9: personal promo codes: the active ones, and receiving one of a partner campaign. Purchase flow
 * 7: checking a gift card or a promo code before it goes into the cart.
 */
export const marketingModule: ModuleRegistration = async (app, { database, config }) => {
  const db = database.db
  const limiter = createRateLimiter(db)
  const promos = createPromoService({
    repo: createPromoRepo(db),
    sms: createLocalSmsProvider(db),
    limiter,
    captcha: await openCaptcha(db, config),
  })
  const checks = createBenefitChecks(app.pricing, app.pricingLines)
  const giftCardGuesses = createCodeGuessGuard(limiter, codeGuessRules(config, 'gift_card'), [
    CART_ERROR_KEYS.giftCardNotFound,
  ])
  const promoCodeGuesses = createCodeGuessGuard(limiter, codeGuessRules(config, 'promo_code'), [
    CART_ERROR_KEYS.promoCodeNotFound,
  ])

  app.post(
    `${MARKETING_V1}/giftCards/:code`,
    {
      schema: {
        tags: ['marketing'],
        summary: "A gift card's balance and date; 404 unknown, 422 expired or empty",
        params: MarketingCodeParams,
        response: { 200: GiftCardInfo, ...checkErrors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await optionalUser(req)
      const asker = { address: req.ip, shopper: [sessionKey(req.sessionId), userKey(user?.userId)] }
      return giftCardGuesses(asker, () => checks.giftCard(req.params.code))
    },
  )

  app.post(
    `${MARKETING_V1}/promoCodes/:code`,
    {
      schema: {
        tags: ['marketing'],
        summary: "A promo code's terms for this shopper; with cart_id, whether it applies and its sum",
        params: MarketingCodeParams,
        // a check without a cart may come without a body
        body: PromoCodeCheckRequest.nullish(),
        response: { 200: PromoCodeCheck, ...checkErrors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      const user = await optionalUser(req)
      const cartId = req.body?.cart_id
      const asker = {
        address: req.ip,
        shopper: [cartKey(cartId), sessionKey(req.sessionId), userKey(user?.userId)],
      }
      return promoCodeGuesses(asker, () =>
        checks.promoCode(req.params.code, { cartId, userId: user?.userId ?? null, lang: req.lang }),
      )
    },
  )

  app.get(
    `${MARKETING_V1}/promoCodes/active`,
    {
      schema: {
        tags: ['marketing'],
        summary: "The signed-in shopper's usable personal promo codes (empty for a guest)",
        response: { 200: PromoCodeList, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return promos.active(await optionalUser(req))
    },
  )

  app.post(
    `${MARKETING_V1}/promo-partners/receive`,
    {
      schema: {
        tags: ['marketing'],
        summary:
          "Gives the shopper a personal code of a campaign (once per campaign); a guest's goes by SMS to the phone named, with a captcha token",
        body: ReceivePromoRequest,
        response: { 200: PromoCode, 201: PromoCode, 202: PromoCodeSent, ...errors, 503: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      const user = await optionalUser(req)
      if (user) {
        const owner = { userId: user.userId, phone: user.phone }
        const { promo, created } = await promos.receive(req.body.code, owner, req.ip)
        return reply.code(created ? 201 : 200).send(promo)
      }
      if (!req.body.phone)
        throw badRequest(undefined, { issues: [{ path: 'body.phone', message: 'a guest needs a phone' }] })
      const captchaToken = req.headers[CAPTCHA_HEADER]
      const sent = await promos.sendToGuest(req.body.code, req.body.phone, {
        ip: req.ip,
        lang: req.lang,
        captchaToken: typeof captchaToken === 'string' ? captchaToken : undefined,
      })
      return reply.code(202).send(sent)
    },
  )
}
