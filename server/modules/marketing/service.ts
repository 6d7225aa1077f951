import { randomInt } from 'node:crypto'
import type { PromoCode, PromoCodeSent } from '../../../contract/account-area'
import type { Lang } from '../../../contract/common'
import { HttpError, notFound, tooManyRequests } from '../../http/errors'
import type { Limit, RateLimiter } from '../../http/rate-limit'
import { requireCaptcha, type CaptchaProvider } from '../../providers/captcha/types'
import type { SmsProvider } from '../../providers/sms/types'
import { CAMPAIGNS, type Campaign } from './campaigns'
import type { PromoRepo } from './repo'

/** Codes one client address may collect in an hour: enough for a family, too few to harvest. */
export const PROMO_CODES_PER_IP_HOUR = 5

/** SMS a guest's request may cost: a phone is not flooded, an address does not pump messages. */
export const PROMO_SMS_LIMITS = {
  perPhone: { bucket: 'promo-sms-phone', max: 3, windowSeconds: 86_400 },
  perClient: { bucket: 'promo-sms-client', max: 10, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>

/** 7XXXXXXXXXX as +7 7XX ••• •• XX: enough for the guest to recognise, nothing for a bystander. */
export const maskedPhone = (phone: string) => `+7 ${phone.slice(1, 4)} ••• •• ${phone.slice(9)}`

const storeDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.')
const tenge = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ₸`

/** The message that carries a code to the phone it was asked for. */
export function promoSmsText(promo: PromoCode, lang: Lang): string {
  const discount = promo.discountType === 'percent' ? `${promo.discount}%` : tenge(promo.discount)
  const until = storeDate(promo.validTo)
  return lang === 'kk'
    ? `Жеке промокодыңыз: ${promo.code}. ${tenge(promo.minOrderSum)} бастап тапсырысқа ${discount} жеңілдік, ${until} дейін.`
    : `Ваш персональный промокод: ${promo.code}. Скидка ${discount} на заказ от ${tenge(promo.minOrderSum)}, до ${until}.`
}

export interface PromoDeps {
  repo: PromoRepo
  sms: SmsProvider
  limiter: RateLimiter
  captcha: CaptchaProvider
  now?: () => Date
}
// No 0/O, 1/I/L: a code is read aloud to a cashier or typed from a screenshot.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

export function promoCodeText(prefix: string): string {
  let tail = ''
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)]
  return `${prefix}-${tail}`
}

export interface Owner {
  userId: string | null
  phone: string
}

export function createPromoService({ repo, sms, limiter, captcha, now = () => new Date() }: PromoDeps) {
  /** The owner's code of the campaign, made now when there is none. */
  async function codeFor(
    campaign: string,
    settings: Campaign,
    owner: Owner,
    ip: string,
  ): Promise<{ promo: PromoCode; created: boolean }> {
    const existing = await repo.existing(campaign, owner.userId, owner.phone)
    if (existing) return { promo: existing, created: false }
    const at = now()
    if ((await repo.recentFromIp(ip, new Date(at.getTime() - 3_600_000))) >= PROMO_CODES_PER_IP_HOUR)
      throw tooManyRequests(3600)
    for (let attempt = 0; attempt < 5; attempt++) {
      const promo = await repo.insert({
        code: promoCodeText(settings.prefix),
        campaign,
        userId: owner.userId,
        phone: owner.phone,
        discount: settings.discount,
        discountType: settings.discountType,
        minOrderSum: settings.minOrderSum,
        validTo: new Date(at.getTime() + settings.validDays * 86_400_000),
        clientIp: ip,
      })
      if (promo) return { promo, created: true }
      // Either the owner got a code meanwhile (answer it) or the random code collided (draw again).
      const raced = await repo.existing(campaign, owner.userId, owner.phone)
      if (raced) return { promo: raced, created: false }
    }
    throw new HttpError(503, 'promo_unavailable', 'common:personalPromocodes.guest.error')
  }

  const campaignOf = (campaign: string) => {
    const settings = CAMPAIGNS[campaign]
    if (!settings) throw notFound('errors:promoCampaignNotFound')
    return settings
  }

  return {
    /** Spec 7.9: the signed-in shopper's usable codes (a guest has none until signed in). */
    async active(user: { userId: string; phone: string } | null): Promise<PromoCode[]> {
      if (!user) return []
      await repo.claimByPhone(user.userId, user.phone)
      return repo.active(user.userId, now())
    },

    /** Spec 7.9: the signed-in shopper's one code of a campaign; asking again answers the same code. */
    receive(campaign: string, owner: Owner, ip: string): Promise<{ promo: PromoCode; created: boolean }> {
      return codeFor(campaign, campaignOf(campaign), owner, ip)
    },

    /**
     * Spec 6 ("receive one personal promo code by modal"): a guest names a phone, and the phone's code
     * (made now, or the one it already has, an account's included) goes to that phone by SMS, never
     * into the answer: whoever typed the phone sees a code only by owning it. The code joins the
     * phone's account at sign-in.
     */
    async sendToGuest(
      campaign: string,
      phone: string,
      client: { ip: string; lang: Lang; captchaToken: string | undefined },
    ): Promise<PromoCodeSent> {
      const settings = campaignOf(campaign)
      await requireCaptcha(captcha, client.captchaToken)
      await limiter.take(PROMO_SMS_LIMITS.perClient, client.ip)
      await limiter.take(PROMO_SMS_LIMITS.perPhone, phone)
      const { promo } = await codeFor(campaign, settings, { userId: null, phone }, client.ip)
      await sms.send({ phone, purpose: 'promo', text: promoSmsText(promo, client.lang) })
      return { sentTo: maskedPhone(phone) }
    },
  }
}
