import type { Cart, CartProduct } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import { isService, type Line } from './cart-view'

/**
 * The fields of a cart line that depend on the line (its quantity, its prices after promotions, what it
 * refers to), not on the product alone. Every other field is the same for a product shown in one
 * language, whichever cart shows it: a field added to the line that depends on the line belongs here.
 */
const LINE_FIELDS = [
  'price',
  'totalPrice',
  'totalOldPrice',
  'quantity',
  'isActive',
  'hasGuaranty',
  'referenceProductSku',
  'referenceProductId',
  'cashback',
  'discount',
] as const satisfies readonly (keyof CartProduct)[]

type ProductFields = Omit<CartProduct, (typeof LINE_FIELDS)[number]>

interface RenderedProduct {
  lang: Lang
  /** The category names it was rendered with: the tree can change under the same product. */
  categories: readonly string[]
  /** `{"id":…,…,"images":[…]` without its closing brace, UTF-8. */
  head: Buffer
}

/** Kept by the product source's own object, so a product that changes is rendered anew. */
const rendered = new WeakMap<object, RenderedProduct[]>()

function renderHead(view: CartProduct): Buffer {
  const fields: Partial<CartProduct> = { ...view }
  for (const name of LINE_FIELDS) delete fields[name]
  const json = JSON.stringify(fields as ProductFields)
  return Buffer.from(json.slice(0, -1))
}

function headOf(view: CartProduct, source: object | undefined, lang: Lang): Buffer {
  if (!source) return renderHead(view)
  const kept = rendered.get(source)
  const hit = kept?.find((r) => r.lang === lang && r.categories === view.categories)
  if (hit) return hit.head
  const head = renderHead(view)
  const entry = { lang, categories: view.categories, head }
  if (kept) kept.push(entry)
  else rendered.set(source, [entry])
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

  /** Text of one-byte characters only: punctuation. */
  ascii(text: string) {
    this.room(text.length)
    this.at += this.buffer.write(text, this.at, 'latin1')
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
function writeLine(w: AnswerWriter, view: CartProduct) {
  const sku = view.referenceProductSku
  w.text(
    `,"price":${number(view.price)},"totalPrice":${number(view.totalPrice)}` +
      `,"totalOldPrice":${number(view.totalOldPrice)},"quantity":${number(view.quantity)}` +
      `,"isActive":${view.isActive},"hasGuaranty":${view.hasGuaranty}` +
      `,"referenceProductSku":${sku === null ? 'null' : JSON.stringify(sku)}` +
      `,"referenceProductId":${number(view.referenceProductId)}` +
      `,"cashback":${number(view.cashback)},"discount":${number(view.discount)}}`,
  )
}

/**
 * A cart answer as UTF-8 JSON, as `JSON.stringify` would render it up to the order of a line's fields.
 * A change answers its whole cart, a dozen KB of mostly Cyrillic titles, categories and stickers:
 * stringifying and encoding that was a sixth of a change's CPU. Each product's own fields are rendered
 * once per language and kept with the product, so an answer renders only its lines' numbers, into the
 * buffer `take` gives (sized to the answer).
 *
 * `lines` are the cart's lines the answer was made from, in its order: a line's product, the product
 * source's own object, is what its rendering is kept by.
 */
export function cartJson(
  answer: Cart,
  lines: readonly Line[],
  lang: Lang,
  take: (bytes: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const { products, services, ...rest } = answer
  const w = writer.start()
  const list = (views: CartProduct[], service: boolean) => {
    const own = lines.filter((l) => isService(l.product) === service)
    views.forEach((view, i) => {
      if (i > 0) w.ascii(',')
      const line = own[i]
      w.bytes(headOf(view, line?.product.id === view.id ? line.product : undefined, lang))
      writeLine(w, view)
    })
  }
  w.ascii('{"products":[')
  list(products, false)
  w.ascii('],"services":[')
  list(services, true)
  w.ascii(']')
  const others = JSON.stringify(rest)
  if (others === '{}') w.ascii('}')
  else {
    w.ascii(',')
    w.text(others.slice(1))
  }
  return w.finish(take)
}
