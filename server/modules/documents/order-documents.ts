import type { OrderDetail } from '../../../contract/checkout'
import type { Lang } from '../../../contract/common'
import { VAT_PERCENT } from '../../../contract/documents'
import { amountInWords } from './amount-in-words'
import {
  code128Modules,
  CONTENT_WIDTH,
  drawCode128,
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
  type Doc,
} from './pdf'
import { documentTexts, type DocumentTexts } from './texts'

/** The store as the seller on its documents (config `SELLER_*`). */
export interface Seller {
  name: string
  bin: string
  address: string
  iban: string
  bank: string
  bik: string
}

/** Beneficiary code of a resident legal entity, and the payment purpose code of goods (Kazakhstan). */
const KBE = '17'
const KNP = '710'

function sellerBlock(doc: Doc, seller: Seller, t: DocumentTexts) {
  doc.font('bold').fontSize(11).text(seller.name, MARGIN, doc.y, { width: CONTENT_WIDTH })
  doc.moveDown(0.2)
  facts(
    doc,
    [
      [t.bin, seller.bin],
      [t.address, seller.address],
    ],
    70,
  )
}

const lineTitle = (line: OrderDetail['items'][number], t: DocumentTexts) =>
  line.kind === 'product' ? line.title : `${line.title} (${t[line.kind]})`

/** The order's lines, and delivery as a line of its own when it costs anything. */
function orderRows(order: OrderDetail, t: DocumentTexts, withSku: boolean): string[][] {
  const rows = order.items.map((line, i) => [
    String(i + 1),
    ...(withSku ? [line.sku] : []),
    lineTitle(line, t),
    String(line.quantity),
    ...(withSku ? [t.pieces] : []),
    tenge(line.price),
    tenge(line.totalPrice),
  ])
  if (order.calculation.deliverySum > 0)
    rows.push([
      String(rows.length + 1),
      ...(withSku ? [''] : []),
      t.delivery,
      '1',
      ...(withSku ? [t.pieces] : []),
      tenge(order.calculation.deliverySum),
      tenge(order.calculation.deliverySum),
    ])
  return rows
}

function sumRows(order: OrderDetail, t: DocumentTexts) {
  const c = order.calculation
  const rows: { label: string; value: string; bold?: boolean }[] = [
    { label: t.goods, value: tenge(c.subTotal) },
  ]
  if (c.deliverySum > 0) rows.push({ label: t.delivery, value: tenge(c.deliverySum) })
  if (c.promoCodeSum > 0) rows.push({ label: t.promoCode, value: tenge(-c.promoCodeSum) })
  for (const device of c.tradeins)
    if (device.credit > 0)
      rows.push({ label: t.tradein(device.deviceTitle, device.condition), value: tenge(-device.credit) })
  if (c.giftCardSum > 0) rows.push({ label: t.giftCards, value: tenge(-c.giftCardSum) })
  if (c.bonusSum > 0) rows.push({ label: t.bonuses, value: tenge(-c.bonusSum) })
  rows.push({ label: t.total, value: tenge(c.grandTotal), bold: true })
  rows.push({ label: t.vatIncluded(VAT_PERCENT), value: tengeTiyn(includedVat(c.grandTotal, VAT_PERCENT)) })
  return rows
}

function receiving(order: OrderDetail, t: DocumentTexts): string {
  const s = order.shipping
  if (s.type === 'PICKUP' || s.type === 'SHOP' || s.type === 'STORE') {
    const point = s.service_point ? `: ${s.service_point.title}, ${s.service_point.address}` : ''
    return `${t.pickup}${point}`
  }
  const kind = s.type === 'EXPRESS_DELIVERY' || s.type === 'FAST_DELIVERY' ? t.express : t.courier
  const address = s.address
    ? `, ${[s.address.street, s.address.house, s.address.apartment].filter(Boolean).join(', ')}`
    : ''
  const when = s.date
    ? `; ${t.deliveryDate(storeDate(s.date), s.slot ? `${s.slot.time_from}–${s.slot.time_to}` : null)}`
    : ''
  return `${kind}${address}${when}`
}

function buyerName(order: OrderDetail) {
  const r = order.receiver
  return `${r.firstname} ${r.lastname}, ${phone(r.phone)}${r.email ? `, ${r.email}` : ''}`
}

/** The receipt (товарный чек) of an order, its owner's copy. */
export async function receiptPdf(order: OrderDetail, seller: Seller, lang: Lang): Promise<Buffer> {
  const t = documentTexts[lang]
  const doc = newDocument({
    title: `${t.receiptTitle} № ${order.number}`,
    subject: t.receiptSubject,
    author: seller.name,
    lang,
  })
  sellerBlock(doc, seller, t)
  rule(doc)
  heading(doc, t.receiptTitle)
  doc
    .font('bold')
    .fontSize(11)
    .text(t.orderNo(order.number, storeDate(order.created_at)))
  doc.moveDown(0.5)
  const org = order.receiver.organization
  const payment = order.payment
  const paid =
    payment.status === 'paid' && payment.paid_at
      ? t.paidAt(storeDate(payment.paid_at))
      : t.statuses[payment.status]
  facts(doc, [
    [t.customer, buyerName(order)],
    ...(order.receiver.isOrganization && org
      ? ([[t.organisation, `${org.name}, ${t.bin} ${org.bin}`]] as [string, string][])
      : []),
    [t.receiving, receiving(order, t)],
    [
      t.paymentMethod,
      `${t.methods[payment.method]}${payment.card_mask ? ` (${t.card(payment.card_mask)})` : ''}`,
    ],
    [t.paymentStatus, paid],
  ])
  doc.moveDown(0.6)
  table(
    doc,
    [
      { header: t.no, share: 0.06, align: 'center' },
      { header: t.item, share: 0.5 },
      { header: t.quantity, share: 0.1, align: 'center' },
      { header: t.price, share: 0.17, align: 'right' },
      { header: t.sum, share: 0.17, align: 'right' },
    ],
    orderRows(order, t, false),
  )
  totals(doc, sumRows(order, t))
  doc.moveDown(1)
  if (doc.y + 110 > doc.page.height - MARGIN) doc.addPage()
  paragraph(doc, t.barcodeHint, { muted: true, size: 9 })
  doc.moveDown(0.3)
  drawCode128(doc, order.number, MARGIN, doc.y, { module: 1.3, height: 44 })
  doc.moveDown(0.6)
  paragraph(doc, t.thanks, { bold: true })
  return finish(doc, t.page)
}

/** The invoice (счёт на оплату) of an organisation's order: both BINs, the bank details, 12% VAT. */
export async function invoicePdf(order: OrderDetail, seller: Seller, lang: Lang): Promise<Buffer> {
  const t = documentTexts[lang]
  const org = order.receiver.organization
  if (!org) throw new Error('invoice: not an organisation order')
  const date = storeDate(order.created_at)
  const doc = newDocument({
    title: t.invoiceTitle(order.number, date),
    subject: t.invoiceSubject,
    author: seller.name,
    lang,
  })
  // The bank details box, as Kazakh invoices open with it.
  table(
    doc,
    [
      { header: t.beneficiary, share: 0.55 },
      { header: t.iban, share: 0.3 },
      { header: t.kbe, share: 0.15, align: 'center' },
    ],
    [[`${seller.name}\n${t.bin} ${seller.bin}`, seller.iban, KBE]],
  )
  doc.y -= 8
  table(
    doc,
    [
      { header: t.beneficiaryBank, share: 0.55 },
      { header: t.bik, share: 0.3 },
      { header: t.knp, share: 0.15, align: 'center' },
    ],
    [[seller.bank, seller.bik, KNP]],
  )
  doc.moveDown(0.6)
  heading(doc, t.invoiceTitle(order.number, date), 15)
  rule(doc, 4)
  facts(
    doc,
    [
      [t.supplier, `${t.bin} ${seller.bin}, ${seller.name}, ${seller.address}`],
      [t.buyer, `${t.bin} ${org.bin}, ${org.name}, ${org.address}`],
      [t.contact, buyerName(order)],
      [t.basis, t.basisOrder(order.number)],
    ],
    100,
  )
  doc.moveDown(0.6)
  const rows = orderRows(order, t, true)
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
    rows,
  )
  totals(doc, sumRows(order, t))
  doc.moveDown(0.6)
  paragraph(doc, t.invoiceCount(rows.length, tenge(order.calculation.grandTotal)), { bold: true })
  paragraph(doc, t.inWords(amountInWords(order.calculation.grandTotal, lang)), { bold: true })
  doc.moveDown(0.3)
  paragraph(doc, t.paymentPurpose(order.number))
  if (order.reserved_until) {
    doc.moveDown(0.3)
    paragraph(doc, t.payUntil(storeDate(order.reserved_until)), { muted: true, size: 9 })
  }
  doc.moveDown(2)
  const y = doc.y
  doc.font('regular').fontSize(10).text(`${t.issuedBy}: ____________________`, MARGIN, y)
  return finish(doc, t.page)
}

/** The order's number as a Code 128 barcode, for the shop's or the courier's scanner. */
export async function barcodePdf(order: OrderDetail, seller: Seller, lang: Lang): Promise<Buffer> {
  const t = documentTexts[lang]
  const doc = newDocument({
    title: `${t.barcodeTitle} № ${order.number}`,
    subject: t.barcodeSubject,
    author: seller.name,
    lang,
  })
  heading(doc, t.barcodeTitle)
  paragraph(doc, t.barcodeOrder(order.number, storeDate(order.created_at)), { bold: true, size: 12 })
  doc.moveDown(1)
  const unit = 2.2
  const width = (totalModules(order.number) + 20) * unit
  drawCode128(doc, order.number, MARGIN + (CONTENT_WIDTH - width) / 2, doc.y, { module: unit, height: 90 })
  doc.moveDown(1)
  paragraph(doc, t.barcodeShow, { muted: true })
  doc.moveDown(0.6)
  facts(doc, [
    [t.customer, buyerName(order)],
    [t.receiving, receiving(order, t)],
    [t.total, tenge(order.calculation.grandTotal)],
  ])
  return finish(doc, t.page)
}

const totalModules = (value: string) => code128Modules(value).reduce((a, b) => a + b, 0)
