/** Bases of the documents' calls (purchase flow 7: order documents, commercial offers). */
export const OFFER_V1 = '/offer/api/v1'
export const PDF_BARCODE_PATH = '/pdf/barcode'

/** How long a commercial offer's prices hold, days. */
export const OFFER_VALID_DAYS = 5

/** Emails of one offer an hour, and emails of offers one client address sends an hour. */
export const OFFER_EMAILS_PER_OFFER_HOUR = 5
export const OFFER_EMAILS_PER_CLIENT_HOUR = 20

/**
 * Document PDFs (receipt, invoice, barcode, offer) one shopper and one client address may download a
 * minute: each costs 30-60 ms of CPU to draw.
 */
export const DOCUMENT_DOWNLOADS_PER_USER_MINUTE = 20
export const DOCUMENT_DOWNLOADS_PER_CLIENT_MINUTE = 60

/** Value added tax in Kazakhstan, percent, included in every price the store shows. */
export const VAT_PERCENT = 12

export const DOCUMENT_ERROR_KEYS = {
  /** 422: an invoice is made for an order placed by an organisation only. */
  invoiceForOrganisations: 'documents:invoiceForOrganisations',
  /** 422: the cart has no active line to offer. */
  offerCartEmpty: 'documents:offerCartEmpty',
  /** 400: the BIN's checksum fails. */
  badBin: 'documents:badBin',
  /** 404: no such offer of this shopper. */
  offerNotFound: 'documents:offerNotFound',
} as const

/** The VAT a price includes: sum × p / (100 + p), to the tiyn. */
export const includedVatOf = (sum: number, percent: number = VAT_PERCENT) =>
  Math.round((sum * percent * 100) / (100 + percent)) / 100
