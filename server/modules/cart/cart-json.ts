import type { Cart, CartProduct } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import type { Line } from './cart-view'

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

const number = (value: number | null) => (value !== null && Number.isFinite(value) ? String(value) : 'null')

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

const tailOf = (view: CartProduct) =>
  `,"price":${number(view.price)},"totalPrice":${number(view.totalPrice)}` +
  `,"totalOldPrice":${number(view.totalOldPrice)},"quantity":${number(view.quantity)}` +
  `,"isActive":${view.isActive},"hasGuaranty":${view.hasGuaranty}` +
  `,"referenceProductSku":${JSON.stringify(view.referenceProductSku)}` +
  `,"referenceProductId":${number(view.referenceProductId)}` +
  `,"cashback":${number(view.cashback)},"discount":${number(view.discount)}}`

/**
 * A cart answer as UTF-8 JSON, as `JSON.stringify` would render it up to the order of a line's fields.
 * A change answers its whole cart, a dozen KB of mostly Cyrillic titles, categories and stickers:
 * stringifying and encoding that was a sixth of a change's CPU. Each product's own fields are rendered
 * once per language and kept with the product, so an answer renders only its lines' numbers, written
 * straight into the buffer `take` gives (sized to the answer).
 *
 * `lines` are the cart's lines the answer was made from: a line's product's `source` is what its
 * rendering is kept by.
 */
export function cartJson(
  answer: Cart,
  lines: readonly Line[],
  lang: Lang,
  take: (bytes: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const sources = new Map<number, object | undefined>()
  for (const line of lines) sources.set(line.product.id, line.product.source)
  const { products, services, ...rest } = answer
  const parts: (Buffer | string)[] = []
  let bytes = 0
  const add = (part: Buffer | string) => {
    parts.push(part)
    bytes += typeof part === 'string' ? Buffer.byteLength(part) : part.length
  }
  const list = (name: string, views: CartProduct[], first: boolean) => {
    add(`${first ? '{' : ','}"${name}":[`)
    views.forEach((view, i) => {
      add(headOf(view, sources.get(view.id), lang))
      add(i < views.length - 1 ? `${tailOf(view)},` : tailOf(view))
    })
    add(']')
  }
  list('products', products, true)
  list('services', services, false)
  const others = JSON.stringify(rest)
  add(others === '{}' ? '}' : `,${others.slice(1)}`)
  const out = take(bytes)
  let at = 0
  for (const part of parts) at += typeof part === 'string' ? out.write(part, at) : part.copy(out, at)
  return out
}
