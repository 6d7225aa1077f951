import type { Cart } from '../../../contract/cart'
import type { OrderDetail } from '../../../contract/checkout'
import type { Lang } from '../../../contract/common'
import {
  DOCUMENT_ERROR_KEYS,
  includedVatOf,
  DOCUMENT_DOWNLOADS_PER_CLIENT_MINUTE,
  DOCUMENT_DOWNLOADS_PER_USER_MINUTE,
  OFFER_EMAILS_PER_CLIENT_HOUR,
  OFFER_EMAILS_PER_OFFER_HOUR,
  OFFER_V1,
  OFFER_VALID_DAYS,
  type Offer,
  type OfferEmailSent,
  type OfferLine,
  type OfferRequest,
} from '../../../contract/documents'
import { badRequest, notFound, unauthorized, unprocessable } from '../../http/errors'
import type { RateLimiter } from '../../http/rate-limit'
import { isValidBin } from '../../providers/organisation-registry/bin'
import type { MailProvider } from '../../providers/mail/types'
import type { Actor, CartRef } from '../cart'
import { offerPdf } from './offer-document'
import { barcodePdf, invoicePdf, receiptPdf, type Seller } from './order-documents'
import { tenge, storeDate } from './pdf'
import type { DocumentsRepo, OfferRow } from './repo'
import { documentTexts } from './texts'

export interface DocumentsDeps {
  repo: DocumentsRepo
  /** An order of the actor (401 for a guest, 404 for anyone else's), with its point in `lang`. */
  order: (id: string, actor: Actor) => Promise<OrderDetail>
  /** Any order, for the store's staff (the route checked who they are). */
  staffOrder: (id: string, lang: Lang) => Promise<OrderDetail>
  /** The cart as the shopper's next read would answer it, priced by the server. */
  cart: (ref: CartRef, cityId: number, actor: Actor) => Promise<Cart>
  mail: MailProvider
  limiter: RateLimiter
  seller: Seller
  now?: () => Date
}

export interface Pdf {
  filename: string
  bytes: Buffer
}

const DAY_MS = 86_400_000

/** `offer-КП-1001.pdf`. */
const offerFilename = (offer: OfferRow) => `offer-${offer.number}.pdf`

const downloadLimits = {
  perUser: { bucket: 'document-user', max: DOCUMENT_DOWNLOADS_PER_USER_MINUTE, windowSeconds: 60 },
  perClient: { bucket: 'document-client', max: DOCUMENT_DOWNLOADS_PER_CLIENT_MINUTE, windowSeconds: 60 },
  /** A staff member prints for many customers: the client address's allowance is theirs too. */
  perStaff: { bucket: 'document-staff', max: DOCUMENT_DOWNLOADS_PER_CLIENT_MINUTE, windowSeconds: 60 },
}

const offerLimits = {
  perOffer: { bucket: 'offer-email', max: OFFER_EMAILS_PER_OFFER_HOUR, windowSeconds: 3600 },
  perClient: { bucket: 'offer-email-client', max: OFFER_EMAILS_PER_CLIENT_HOUR, windowSeconds: 3600 },
}

/**
 * The cart's goods as an offer lists them: the active lines, their services, and the parts and gifts
 * of the promotions applied to them, at the prices the cart answers (kit parts at the kit's price).
 */
export function offerLines(cart: Cart): OfferLine[] {
  const line = (p: Cart['products'][number], kind: 'product' | 'service'): OfferLine => ({
    sku: p.sku,
    title: p.title,
    quantity: p.quantity,
    price: p.price,
    totalPrice: p.totalPrice,
    kind,
  })
  const lines = [
    ...cart.products.filter((p) => p.isActive).map((p) => line(p, 'product')),
    ...cart.services.filter((p) => p.isActive).map((p) => line(p, 'service')),
  ]
  for (const promotion of cart.promotions) {
    if (!promotion.isApplied) continue
    for (const part of promotion.result.products)
      if (part.isChosen)
        lines.push({
          sku: part.sku,
          title: part.title,
          quantity: 1,
          price: part.promoPrice,
          totalPrice: part.promoPrice,
          kind: promotion.type === 'gift' ? 'gift' : 'kit',
        })
  }
  return lines
}

export function createDocumentsService(deps: DocumentsDeps) {
  const { repo, seller, limiter, mail } = deps
  const now = deps.now ?? (() => new Date())

  const userOf = (actor: Actor) => {
    if (!actor.userId) throw unauthorized()
    return actor.userId
  }

  async function ownOffer(id: string, actor: Actor): Promise<OfferRow> {
    const offer = await repo.offerOf(id, userOf(actor))
    if (!offer) throw notFound(DOCUMENT_ERROR_KEYS.offerNotFound)
    return offer
  }

  const offerAnswer = (o: OfferRow): Offer => ({
    id: o.id,
    number: o.number,
    city_id: o.cityId,
    organization: o.organization,
    lines: o.lines,
    total: o.total,
    vat: includedVatOf(o.total),
    created_at: o.createdAt.toISOString(),
    valid_until: o.validUntil.toISOString(),
    url: `${OFFER_V1}/offers/${o.id}`,
  })

  const renderOffer = (o: OfferRow, lang: Lang) => offerPdf(o, seller, lang)

  /**
   * A PDF costs 30-60 ms of CPU to draw: each download is taken from the client address's and the
   * shopper's allowance before anything is read or drawn (429 with the wait past either).
   */
  async function allowDownload(actor: Actor, client: string): Promise<void> {
    await limiter.take(downloadLimits.perClient, client)
    if (actor.userId) await limiter.take(downloadLimits.perUser, actor.userId)
  }

  return {
    /** The receipt of the actor's order. */
    async receipt(orderId: string, actor: Actor, client: string): Promise<Pdf> {
      await allowDownload(actor, client)
      const order = await deps.order(orderId, actor)
      return { filename: `check-${order.number}.pdf`, bytes: await receiptPdf(order, seller, actor.lang) }
    },

    /** The invoice of the actor's order placed by an organisation (422 for a person's order). */
    async invoice(orderId: string, actor: Actor, client: string): Promise<Pdf> {
      await allowDownload(actor, client)
      const order = await deps.order(orderId, actor)
      if (!order.receiver.isOrganization || !order.receiver.organization)
        throw unprocessable(DOCUMENT_ERROR_KEYS.invoiceForOrganisations)
      return { filename: `invoice-${order.number}.pdf`, bytes: await invoicePdf(order, seller, actor.lang) }
    },

    /** The Code 128 barcode of the actor's order number. */
    async barcode(orderId: string, actor: Actor, client: string): Promise<Pdf> {
      await allowDownload(actor, client)
      const order = await deps.order(orderId, actor)
      return { filename: `barcode-${order.number}.pdf`, bytes: await barcodePdf(order, seller, actor.lang) }
    },

    /**
     * An order's receipt, invoice (organisations' orders) or barcode for the back office (its route lets
     * operators in), limited per client address and per staff member as shoppers' downloads are.
     */
    async forStaff(
      kind: 'receipt' | 'invoice' | 'barcode',
      orderId: string,
      staff: { id: string; lang: Lang },
      client: string,
    ): Promise<Pdf> {
      await limiter.take(downloadLimits.perClient, client)
      await limiter.take(downloadLimits.perStaff, staff.id)
      const order = await deps.staffOrder(orderId, staff.lang)
      if (kind === 'invoice') {
        if (!order.receiver.isOrganization || !order.receiver.organization)
          throw unprocessable(DOCUMENT_ERROR_KEYS.invoiceForOrganisations)
        return { filename: `invoice-${order.number}.pdf`, bytes: await invoicePdf(order, seller, staff.lang) }
      }
      if (kind === 'barcode')
        return { filename: `barcode-${order.number}.pdf`, bytes: await barcodePdf(order, seller, staff.lang) }
      return { filename: `check-${order.number}.pdf`, bytes: await receiptPdf(order, seller, staff.lang) }
    },

    /** An offer of the shopper's cart's goods for an organisation, at today's prices in the city. */
    async createOffer(input: OfferRequest, actor: Actor): Promise<Offer> {
      const userId = userOf(actor)
      const org = input.organization
      if (!isValidBin(org.bin))
        throw badRequest(DOCUMENT_ERROR_KEYS.badBin, {
          issues: [{ path: 'organization.bin', message: 'the BIN checksum fails' }],
        })
      const cart = await deps.cart(input.cart_id ? { id: input.cart_id } : 'named', input.city_id, actor)
      const lines = offerLines(cart)
      if (lines.length === 0) throw unprocessable(DOCUMENT_ERROR_KEYS.offerCartEmpty)
      const contact = input.contact
        ? {
            name: input.contact.name ?? null,
            phone: input.contact.phone ?? null,
            email: input.contact.email ?? null,
          }
        : null
      const made = now()
      const offer = await repo.insertOffer({
        userId,
        cityId: input.city_id,
        organization: { name: org.name, bin: org.bin, address: org.address },
        contact: contact && (contact.name || contact.phone || contact.email) ? contact : null,
        lines,
        total: lines.reduce((sum, l) => sum + l.totalPrice, 0),
        createdAt: made,
        validUntil: new Date(made.getTime() + OFFER_VALID_DAYS * DAY_MS),
      })
      return offerAnswer(offer)
    },

    /** The offer's PDF in the actor's language. */
    async offerPdf(id: string, actor: Actor, client: string): Promise<Pdf> {
      await allowDownload(actor, client)
      const offer = await ownOffer(id, actor)
      return { filename: offerFilename(offer), bytes: await renderOffer(offer, actor.lang) }
    },

    /**
     * Sends the offer's PDF to an address through the mail provider. Limited per offer and per client
     * address (429 with the wait), so nobody mails a stranger in bulk through the store.
     */
    async emailOffer(id: string, email: string, actor: Actor, client: string): Promise<OfferEmailSent> {
      const offer = await ownOffer(id, actor)
      await limiter.take(offerLimits.perClient, client)
      await limiter.take(offerLimits.perOffer, offer.id)
      const t = documentTexts[actor.lang]
      const bytes = await renderOffer(offer, actor.lang)
      await mail.send({
        to: email,
        purpose: 'offer',
        subject: t.offerEmailSubject(offer.number),
        text: t.offerEmailText(
          offer.number,
          offer.organization.name,
          tenge(offer.total),
          storeDate(offer.validUntil),
        ),
        attachments: [{ filename: offerFilename(offer), contentType: 'application/pdf', content: bytes }],
      })
      return { email, sent_at: now().toISOString() }
    },
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>
