import { isStorableText } from '../../../contract/common'
import { slugify } from '../../lib/slug'
import {
  IMPORT_FIELDS,
  type ImportField,
  type RejectionReason,
} from '../../../contract/values/catalog-import'

/** A checked row, as `catalog_import_rows` keeps it (null: not given). */
export interface StagedRow {
  row_no: number
  sku: string
  city_id: number | null
  price: number | null
  old_price: number | null
  point_id: number | null
  condition: 'N' | 'V' | null
  stock: number | null
  title_ru: string | null
  /** With a title: the address a new product would get. */
  uri: string | null
  title_kk: string | null
  category: string | null
  brand: string | null
  model: string | null
  description_ru: string | null
  description_kk: string | null
  weight_grams: number | null
}

export interface Rejection {
  row_no: number
  field: ImportField | 'row'
  reason: RejectionReason
  value: string | null
}

export type Checked = { ok: true; row: StagedRow } | { ok: false; rejections: Rejection[] }

const FIELDS = new Set<string>(IMPORT_FIELDS)
export const isImportField = (name: string): name is ImportField => FIELDS.has(name)

const MAX_PRICE = 100_000_000
const MAX_STOCK = 1_000_000
const SKU = /^[0-9A-Za-z._-]{1,40}$/
const SLUG = /^[a-z0-9-]{1,100}$/

const TEXT_LIMITS: Partial<Record<ImportField, number>> = {
  title_ru: 300,
  title_kk: 300,
  model: 200,
  description_ru: 20_000,
  description_kk: 20_000,
}

/** How a value looked in the file, for the report (cut, since a rejected value may be anything). */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null
  const s = typeof value === 'string' ? value : JSON.stringify(value)
  return s.length > 100 ? `${s.slice(0, 100)}…` : s
}

/** Empty in CSV (an empty cell) or JSON (absent or null). */
function missing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/**
 * Checks one row of either format: CSV cells are text, JSON values may be numbers or text. Every field
 * that is wrong is reported (row number, field, reason, the value as given), not only the first.
 */
export function checkRow(raw: Record<string, unknown>, rowNo: number): Checked {
  const rejections: Rejection[] = []
  const reject = (field: ImportField | 'row', reason: RejectionReason, value: unknown = null) =>
    rejections.push({ row_no: rowNo, field, reason, value: shown(value) })

  const integer = (field: ImportField, min: number, max: number): number | null => {
    const value = raw[field]
    if (missing(value)) return null
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN
    if (!Number.isInteger(n) || (typeof value === 'string' && !/^\s*-?\d+\s*$/.test(value))) {
      reject(field, 'not_integer', value)
      return null
    }
    if (n < min || n > max) {
      reject(field, 'out_of_range', value)
      return null
    }
    return n
  }
  const textOf = (field: ImportField, pattern?: RegExp): string | null => {
    const value = raw[field]
    if (missing(value)) return null
    if (typeof value !== 'string' && typeof value !== 'number') {
      reject(field, 'bad_text', value)
      return null
    }
    const s = String(value).trim()
    if (!isStorableText(s) || s.length > (TEXT_LIMITS[field] ?? 100)) {
      reject(field, 'bad_text', value)
      return null
    }
    if (pattern && !pattern.test(s)) {
      reject(field, 'bad_value', value)
      return null
    }
    return s
  }

  const sku = textOf('sku', SKU)
  if (missing(raw.sku)) reject('sku', 'required')
  let cityId = integer('city_id', -2_147_483_648, 2_147_483_647)
  if (cityId !== null && (cityId < 1 || cityId > 4)) {
    reject('city_id', 'bad_value', raw.city_id)
    cityId = null
  }
  const price = integer('price', 1, MAX_PRICE)
  const oldPrice = integer('old_price', 1, MAX_PRICE)
  const pointId = integer('point_id', 1, 2_147_483_647)
  const conditionText = textOf('condition', /^[NV]$/)
  const stock = integer('stock', 0, MAX_STOCK)
  const product = {
    title_ru: textOf('title_ru'),
    title_kk: textOf('title_kk'),
    category: textOf('category', SLUG),
    brand: textOf('brand', SLUG),
    model: textOf('model'),
    description_ru: textOf('description_ru'),
    description_kk: textOf('description_kk'),
  }
  const weight = integer('weight_grams', 0, 1_000_000)

  const wrong = (field: ImportField) => rejections.some((r) => r.field === field)
  const givesPrice = price !== null || wrong('price')
  const givesStock = stock !== null || wrong('stock')
  if ((givesPrice || givesStock) && missing(raw.city_id)) reject('city_id', 'required')
  if (givesStock && missing(raw.point_id)) reject('point_id', 'required')
  if (!givesPrice && !missing(raw.old_price) && !wrong('old_price')) reject('price', 'required')
  if (price !== null && oldPrice !== null && oldPrice <= price)
    reject('old_price', 'old_price_not_above_price', raw.old_price)
  const changesProduct =
    Object.values(product).some((v) => v !== null) ||
    weight !== null ||
    (Object.keys(product) as ImportField[]).some(wrong) ||
    wrong('weight_grams')
  if (rejections.length === 0 && !givesPrice && !givesStock && !changesProduct)
    reject('row', 'nothing_to_import')

  if (rejections.length > 0 || sku === null) return { ok: false, rejections }
  return {
    ok: true,
    row: {
      row_no: rowNo,
      sku,
      city_id: cityId,
      price,
      old_price: oldPrice,
      point_id: stock !== null ? pointId : null,
      condition: stock !== null ? ((conditionText as 'N' | 'V' | null) ?? 'N') : null,
      stock,
      ...product,
      uri:
        product.title_ru === null ? null : `${slugify(product.title_ru) || 'product'}-${sku.toLowerCase()}`,
      weight_grams: weight,
    },
  }
}
