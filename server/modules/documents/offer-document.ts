import type { Lang } from '../../../contract/common'
import { VAT_PERCENT, type OfferLine } from '../../../contract/documents'
import type { OfferContact, OfferOrganisation } from '../../db/schema/documents'
import type { Seller } from './order-documents'
import {
  CONTENT_WIDTH,
  facts,
  finish,
  heading,
  includedVat,
  MARGIN,
  newDocument,
  paragraph,
  phone,
  rule,
  storeDate,
  table,
  tenge,
  tengeTiyn,
  totals,
} from './pdf'
import { documentTexts } from './texts'

/** What an offer's PDF is drawn from: the offer as it was made. */
export interface OfferDocument {
  number: string
  cityId: number
  organization: OfferOrganisation
  contact: OfferContact | null
  lines: OfferLine[]
  total: number
  createdAt: Date
  validUntil: Date
}

/** A commercial offer to an organisation: the goods at the day's prices, VAT included, valid a few days. */
export async function offerPdf(offer: OfferDocument, seller: Seller, lang: Lang): Promise<Buffer> {
  const t = documentTexts[lang]
  const date = storeDate(offer.createdAt)
  const doc = newDocument({
    title: t.offerTitle(offer.number, date),
    subject: t.offerSubject,
    author: seller.name,
    lang,
  })
  doc.font('bold').fontSize(11).text(seller.name, MARGIN, doc.y, { width: CONTENT_WIDTH })
  doc.moveDown(0.2)
  facts(
    doc,
    [
      [t.bin, seller.bin],
      [t.address, seller.address],
      [t.iban, `${seller.iban}, ${seller.bank}, ${t.bik} ${seller.bik}`],
    ],
    70,
  )
  rule(doc)
  heading(doc, t.offerTitle(offer.number, date), 15)
  const contact = offer.contact
  const contactLine = contact
    ? [contact.name, contact.phone ? phone(contact.phone) : null, contact.email].filter(Boolean).join(', ')
    : ''
  facts(
    doc,
    [
      [t.offerFor, `${offer.organization.name}, ${t.bin} ${offer.organization.bin}`],
      [t.address, offer.organization.address],
      ...(contactLine ? ([[t.contact, contactLine]] as [string, string][]) : []),
    ],
    110,
  )
  doc.moveDown(0.6)
  paragraph(doc, t.offerIntro(t.cities[offer.cityId] ?? ''))
  doc.moveDown(0.4)
  table(
    doc,
    [
      { header: t.no, share: 0.05, align: 'center' },
      { header: t.sku, share: 0.12 },
      { header: t.item, share: 0.38 },
      { header: t.quantity, share: 0.09, align: 'center' },
      { header: t.unit, share: 0.07, align: 'center' },
      { header: t.price, share: 0.145, align: 'right' },
      { header: t.sum, share: 0.145, align: 'right' },
    ],
    offer.lines.map((line, i) => [
      String(i + 1),
      line.sku,
      line.kind === 'product' ? line.title : `${line.title} (${t[line.kind]})`,
      String(line.quantity),
      t.pieces,
      tenge(line.price),
      tenge(line.totalPrice),
    ]),
  )
  totals(doc, [
    { label: t.total, value: tenge(offer.total), bold: true },
    { label: t.vatIncluded(VAT_PERCENT), value: tengeTiyn(includedVat(offer.total, VAT_PERCENT)) },
  ])
  doc.moveDown(0.8)
  paragraph(doc, t.offerValidUntil(storeDate(offer.validUntil)), { bold: true })
  doc.moveDown(0.3)
  paragraph(doc, t.offerPricesNote)
  doc.moveDown(0.3)
  paragraph(doc, t.offerOrderHint, { muted: true, size: 9 })
  return finish(doc, t.page)
}
