import { z } from 'zod'
import { Id, Organization } from './account-area'
import { CityId, text } from './common'

export * from './values/documents'

/*
 * Documents (purchase flow 7): the receipt, the invoice, the order's barcode and commercial offers, all
 * PDFs in the request's language. Their answers are bytes (`application/pdf`); only the requests and
 * the offer's record are JSON.
 */

/** A PDF answer, for the OpenAPI document. */
export const PdfBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' })

/** POST /pdf/barcode: the order whose number the Code 128 barcode carries (its owner only). */
export const BarcodeRequest = z.object({ order_id: Id })
export type BarcodeRequest = z.input<typeof BarcodeRequest>

const Email = text().trim().toLowerCase().max(254).pipe(z.email())

/** Who the offer is for: the organisation (as a receiver's), and whom to address. */
export const OfferRequest = z.object({
  city_id: CityId,
  /** A cart the shopper may see; the signed-in shopper's named cart when absent. */
  cart_id: Id.nullish(),
  organization: Organization,
  contact: z
    .object({
      name: text().trim().max(200).nullish(),
      phone: text()
        .trim()
        .regex(/^7\d{10}$/, 'phone must be 7XXXXXXXXXX')
        .nullish(),
      email: Email.nullish(),
    })
    .nullish(),
})
/** What the client sends. */
export type OfferRequestBody = z.input<typeof OfferRequest>
/** The request as the server reads it. */
export type OfferRequest = z.infer<typeof OfferRequest>

export const OfferLine = z.object({
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  totalPrice: z.number().int(),
  kind: z.enum(['product', 'service', 'kit', 'gift']),
})
export type OfferLine = z.infer<typeof OfferLine>

/** POST /offer/api/v1/offers (201): the offer as it was made; its PDF is at `url`. */
export const Offer = z.object({
  id: Id,
  number: z.string(),
  city_id: z.number().int(),
  organization: z.object({ name: z.string(), bin: z.string(), address: z.string() }),
  lines: z.array(OfferLine),
  /** Every line at the prices of the day the offer was made, tenge, 12% VAT included. */
  total: z.number().int(),
  vat: z.number(),
  created_at: z.string(),
  valid_until: z.string(),
  url: z.string(),
})
export type Offer = z.infer<typeof Offer>

export const OfferIdParams = z.object({ id: Id })
export const OfferEmailQuery = z.object({ email: Email })

/** GET /offer/api/v1/offers/{id}/emails?email=: the offer went to that address. */
export const OfferEmailSent = z.object({ email: z.string(), sent_at: z.string() })
export type OfferEmailSent = z.infer<typeof OfferEmailSent>

/** GET /dev/mail-outbox?to=: what the local mail provider "sent", newest first. */
export const MailOutboxQuery = z.object({ to: Email })
export const MailOutboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      purpose: z.string(),
      created_at: z.string(),
      attachments: z.array(
        z.object({ filename: z.string(), content_type: z.string(), size: z.number().int(), url: z.string() }),
      ),
    }),
  ),
})
export type MailOutboxResponse = z.infer<typeof MailOutboxResponse>
export const MailAttachmentParams = z.object({
  id: z.coerce.number().int().positive(),
  position: z.coerce.number().int().min(0).max(20),
})
