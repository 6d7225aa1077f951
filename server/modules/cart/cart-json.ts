import type { Lang } from '../../../contract/common'
import {
  cartSummary,
  isService,
  lineContext,
  lineFields,
  productFields,
  type CartAnswerInput,
  type Line,
  type LineFields,
} from './cart-view'
import type { ProductRow } from './repo'

interface RenderedProduct {
  lang: Lang
  /** The category names it was rendered with: the tree can change under the same product. */
  categories: readonly string[]
  /** `{"id":…,…,"images":[…]` without its closing brace, UTF-8. */
  head: Buffer
}

/** Kept by the product source's own object, so a product that changes is rendered anew. */
const rendered = new WeakMap<ProductRow, RenderedProduct[]>()

function headOf(p: ProductRow, categories: string[], lang: Lang): Buffer {
  const kept = rendered.get(p)
  const hit = kept?.find((r) => r.lang === lang && r.categories === categories)
  if (hit) return hit.head
  const head = Buffer.from(JSON.stringify(productFields(p, categories, lang)).slice(0, -1))
  const entry = { lang, categories, head }
  if (kept) kept.push(entry)
  else rendered.set(p, [entry])
  return head
}

/**
 * One answer's bytes, written into a buffer kept for the next answer (rendering is synchronous) and
 * copied out whole, rather than joined from a string or buffer per line.
 */
class AnswerWriter {
  private buffer = Buffer.allocUnsafeSlow(64 * 1024)
  private at = 0

  start(): this {
    this.at = 0
    return this
  }

  private room(bytes: number) {
    if (this.at + bytes <= this.buffer.length) return
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.at + bytes))
    this.buffer.copy(bigger, 0, 0, this.at)
    this.buffer = bigger
  }

  bytes(part: Buffer) {
    this.room(part.length)
    this.at += part.copy(this.buffer, this.at)
  }

  text(text: string) {
    this.room(text.length * 3)
    this.at += this.buffer.write(text, this.at, 'utf8')
  }

  finish(take: (bytes: number) => Buffer): Buffer {
    const out = take(this.at)
    this.buffer.copy(out, 0, 0, this.at)
    return out
  }
}
const writer = new AnswerWriter()

/** As JSON.stringify writes a number: a value that is not finite is null. */
const number = (value: number | null) => (value !== null && Number.isFinite(value) ? String(value) : 'null')

/** A line's own fields and its closing brace, one write per line: a buffer write per field cost more than the field. */
function writeLine(w: AnswerWriter, view: LineFields) {
  const sku = view.referenceProductSku
  w.text(
    `,"price":${number(view.price)},"totalPrice":${number(view.totalPrice)}` +
      `,"totalOldPrice":${number(view.totalOldPrice)},"quantity":${number(view.quantity)}` +
      `,"isActive":${view.isActive},"hasGuaranty":${view.hasGuaranty}` +
      `,"referenceProductSku":${sku === null ? 'null' : JSON.stringify(sku)}` +
      `,"referenceProductId":${number(view.referenceProductId)}` +
      `,"cashback":${number(view.cashback)},"discount":${number(view.discount)}` +
      `,"tradein":${view.tradein === null ? 'null' : JSON.stringify(view.tradein)}` +
      `,"tradeinAvailable":${view.tradeinAvailable}}`,
  )
}

/**
 * A cart answer as UTF-8 JSON: what `JSON.stringify(cartAnswer(input))` says, up to the order of a
 * line's fields. A change answers its whole cart, a dozen KB of mostly Cyrillic titles, categories and
 * stickers: stringifying and encoding that was a sixth of a change's CPU. Each product's own fields are
 * rendered once per language and kept with the product (the product source's own object), so an answer
 * renders only its lines' own fields, into the buffer `take` gives (sized to the answer).
 */
export function cartJson(
  input: CartAnswerInput,
  take: (bytes: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const { lines, priced, chainOf, lang } = input
  const context = lineContext(lines, priced)
  const w = writer.start()
  const list = (own: Line[]) =>
    own.forEach((line, i) => {
      if (i > 0) w.text(',')
      w.bytes(headOf(line.product, chainOf(line.product.category_id).names[lang], lang))
      writeLine(w, lineFields(line, context))
    })
  w.text('{"products":[')
  list(lines.filter((l) => !isService(l.product)))
  w.text('],"services":[')
  list(lines.filter((l) => isService(l.product)))
  w.text('],')
  w.text(JSON.stringify(cartSummary(input)).slice(1))
  return w.finish(take)
}
