import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import bwipjs from 'bwip-js/node'
import PDFDocument from 'pdfkit'
import type { Lang } from '../../../contract/common'
import { includedVatOf } from '../../../contract/values/documents'

/*
 * What every document of the store is drawn with: A4 pages, DejaVu Sans embedded (from the npm package
 * `dejavu-fonts-ttf`, never the machine's fonts: it has every Cyrillic and Kazakh letter, ә ғ қ ң ө ұ ү
 * һ і, and the tenge sign), a table that carries over to the next page with its header, and a Code 128
 * barcode drawn as vector bars.
 */

const require = createRequire(import.meta.url)
/*
 * The files are read once; each document parses them afresh (some 15 ms a font). A parsed font shared
 * by documents is not safe: fontkit caches a glyph the first time it meets it, and one met as a part
 * of another glyph while a document's subset was written (Cyrillic о is drawn from Latin o) is cached
 * without its character, so the next document's Latin o could not be copied or searched.
 */
const fontFile = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`))
let fonts: { regular: Buffer; bold: Buffer } | null = null
const loadFonts = () =>
  (fonts ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') })

export type Doc = PDFKit.PDFDocument

export const MARGIN = 40
const A4_WIDTH = 595.28
export const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN
const LINE_COLOUR = '#b8bcc4'
const MUTED = '#555b66'

export interface DocumentMeta {
  title: string
  subject: string
  author: string
  lang: Lang
}

/** A new A4 document in the document's language, with the embedded fonts `regular` and `bold`. */
export function newDocument(meta: DocumentMeta): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: meta.lang === 'kk' ? 'kk-KZ' : 'ru-RU',
    bufferPages: true,
    info: { Title: meta.title, Subject: meta.subject, Author: meta.author, Creator: meta.author },
    displayTitle: true,
  })
  const { regular, bold } = loadFonts()
  doc.registerFont('regular', regular)
  doc.registerFont('bold', bold)
  doc.font('regular').fontSize(10).fillColor('black')
  return doc
}

/** Ends the document and answers its bytes. Page numbers ("1 / 2") go on every page of a longer one. */
export function finish(doc: Doc, pageLabel?: (page: number, pages: number) => string): Promise<Buffer> {
  const range = doc.bufferedPageRange()
  if (pageLabel && range.count > 1)
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i)
      // below the bottom margin: without this pdfkit would start a new page for the label
      doc.page.margins.bottom = 0
      const bottom = doc.page.height - MARGIN / 2 - 8
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(MUTED)
        .text(pageLabel(i + 1, range.count), MARGIN, bottom, {
          width: CONTENT_WIDTH,
          align: 'right',
          lineBreak: false,
        })
    }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.end()
  })
}

// ── Numbers, money and dates as the documents write them ───────────────────────────────────────────

const NBSP = '\u00a0'
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)

/** Whole tenge: `125 000 ₸` (no-break spaces, so a sum never breaks across lines). */
export function tenge(amount: number): string {
  const sign = amount < 0 ? '−' : ''
  return `${sign}${group(String(Math.abs(Math.round(amount))))}${NBSP}₸`
}

/** Tenge and tiyn: `13 392,86 ₸` (the VAT of a sum). */
export function tengeTiyn(amount: number): string {
  const tiyn = Math.round(Math.abs(amount) * 100)
  const whole = Math.floor(tiyn / 100)
  const rest = String(tiyn % 100).padStart(2, '0')
  return `${amount < 0 ? '−' : ''}${group(String(whole))},${rest}${NBSP}₸`
}

/** The VAT included in a sum at `percent`, to the tiyn. */
export const includedVat = includedVatOf

/** The store's date (UTC+5, Kazakhstan's single zone) as dd.MM.yyyy. */
export function storeDate(at: Date | string): string {
  const local = new Date(new Date(at).getTime() + 5 * 3600_000).toISOString()
  return `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)}`
}

/** The store's time of day, HH:mm. */
export function storeTime(at: Date | string): string {
  return new Date(new Date(at).getTime() + 5 * 3600_000).toISOString().slice(11, 16)
}

/** `+7 701 123 45 67`. */
export function phone(raw: string): string {
  const d = raw.replace(/\D/g, '')
  if (d.length !== 11) return raw
  return `+${d[0]} ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9, 11)}`
}

// ── Drawing ─────────────────────────────────────────────────────────────────────────────────────────

/** A title in bold, then the cursor under it. */
export function heading(doc: Doc, text: string, size = 16) {
  doc.font('bold').fontSize(size).fillColor('black').text(text, MARGIN, doc.y, { width: CONTENT_WIDTH })
  doc.moveDown(0.4)
  doc.font('regular').fontSize(10)
}

/** Lines of `label: value`, the label muted. */
export function facts(doc: Doc, rows: [label: string, value: string][], labelWidth = 130) {
  for (const [label, value] of rows) {
    const y = doc.y
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, MARGIN, y, { width: labelWidth - 6 })
    const labelBottom = doc.y
    doc
      .fontSize(10)
      .fillColor('black')
      .text(value, MARGIN + labelWidth, y, { width: CONTENT_WIDTH - labelWidth })
    doc.y = Math.max(doc.y, labelBottom) + 2
  }
  doc.x = MARGIN
}

export function rule(doc: Doc, gap = 6) {
  doc.moveDown(gap / 12)
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
    .lineWidth(0.7)
    .strokeColor(LINE_COLOUR)
    .stroke()
  doc.moveDown(gap / 12)
}

export interface Column {
  header: string
  /** Share of the content width (the shares add up to 1). */
  share: number
  align?: 'left' | 'right' | 'center'
}

const PAD = 4

function bottomLimit(doc: Doc) {
  return doc.page.height - MARGIN - 14
}

function drawRow(doc: Doc, columns: Column[], cells: string[], y: number, header: boolean): number {
  const widths = columns.map((c) => c.share * CONTENT_WIDTH)
  doc.font(header ? 'bold' : 'regular').fontSize(header ? 8.5 : 9)
  const height =
    Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * PAD }))) +
    2 * PAD
  if (header) doc.rect(MARGIN, y, CONTENT_WIDTH, height).fillColor('#eef0f4').fill()
  let x = MARGIN
  cells.forEach((cell, i) => {
    const w = widths[i] ?? 0
    doc
      .fillColor('black')
      .text(cell, x + PAD, y + PAD, { width: w - 2 * PAD, align: columns[i]?.align ?? 'left' })
    doc.rect(x, y, w, height).lineWidth(0.5).strokeColor(LINE_COLOUR).stroke()
    x += w
  })
  return height
}

/** A bordered table; rows that no longer fit go to the next page under the header again. */
export function table(doc: Doc, columns: Column[], rows: string[][]) {
  const headers = columns.map((c) => c.header)
  let y = doc.y
  const measure = (cells: string[], header: boolean) => {
    doc.font(header ? 'bold' : 'regular').fontSize(header ? 8.5 : 9)
    return (
      Math.max(
        ...cells.map((cell, i) =>
          doc.heightOfString(cell, { width: (columns[i]?.share ?? 0) * CONTENT_WIDTH - 2 * PAD }),
        ),
      ) +
      2 * PAD
    )
  }
  y += drawRow(doc, columns, headers, y, true)
  for (const cells of rows) {
    if (y + measure(cells, false) > bottomLimit(doc)) {
      doc.addPage()
      y = MARGIN
      y += drawRow(doc, columns, headers, y, true)
    }
    y += drawRow(doc, columns, cells, y, false)
  }
  doc.x = MARGIN
  doc.y = y + 8
}

/** Sums under a table, right-aligned: `label   value`, the last ones in bold when asked. */
export function totals(doc: Doc, rows: { label: string; value: string; bold?: boolean }[]) {
  const valueWidth = 130
  const labelWidth = 260
  const x = MARGIN + CONTENT_WIDTH - valueWidth - labelWidth
  for (const row of rows) {
    if (doc.y + 16 > bottomLimit(doc)) doc.addPage()
    const y = doc.y
    doc.font(row.bold ? 'bold' : 'regular').fontSize(row.bold ? 11 : 10)
    doc.fillColor('black').text(row.label, x, y, { width: labelWidth, align: 'right' })
    doc.text(row.value, x + labelWidth, y, { width: valueWidth, align: 'right' })
    doc.y = Math.max(doc.y, y + 14)
  }
  doc.x = MARGIN
  doc.font('regular').fontSize(10)
}

/** A paragraph across the page. */
export function paragraph(
  doc: Doc,
  text: string,
  opts: { muted?: boolean; size?: number; bold?: boolean } = {},
) {
  if (doc.y + 24 > bottomLimit(doc)) doc.addPage()
  doc
    .font(opts.bold ? 'bold' : 'regular')
    .fontSize(opts.size ?? 10)
    .fillColor(opts.muted ? MUTED : 'black')
    .text(text, MARGIN, doc.y, { width: CONTENT_WIDTH })
  doc.fillColor('black').font('regular').fontSize(10)
}

/**
 * The bars and spaces of a Code 128 symbol, in modules, from bwip-js's encoder (it chooses the code
 * sets and computes the check character): bar, space, bar, ... from the start character to the stop.
 */
export function code128Modules(value: string): number[] {
  const [symbol] = bwipjs.raw('code128', value, {}) as { sbs?: number[] }[]
  if (!symbol?.sbs) throw new Error('code128: no symbol')
  return symbol.sbs
}

/**
 * Draws a Code 128 barcode of `value` as vector bars (crisp at any zoom and in print), with the quiet
 * zone of ten modules each side, and the value under it; the cursor goes under them.
 */
export function drawCode128(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  opts: { module?: number; height?: number } = {},
): { width: number; height: number } {
  const modules = code128Modules(value)
  const unit = opts.module ?? 1.5
  const barHeight = opts.height ?? 60
  const total = modules.reduce((a, b) => a + b, 0) + 20
  let at = x + 10 * unit
  doc.fillColor('black')
  modules.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(at, y, width * unit, barHeight).fill()
    at += width * unit
  })
  doc
    .font('regular')
    .fontSize(11)
    .text(value, x, y + barHeight + 4, { width: total * unit, align: 'center', characterSpacing: 2 })
  doc.x = MARGIN
  doc.y = y + barHeight + 20
  return { width: total * unit, height: barHeight + 20 }
}
