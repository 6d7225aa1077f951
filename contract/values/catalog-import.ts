/**
 * The back office's catalogue (README, Catalogue import): imports of products, prices and stock from
 * CSV or JSON, and one product's price and stock per city. Plain values both sides need, without zod.
 */

export const ADMIN_CATALOG_V1 = '/admin/api/v1/catalog'

export const IMPORT_FORMATS = ['csv', 'json'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/**
 * An import's life: its rows are read and checked while the file arrives (`staged`), then applied in
 * transactions of bounded size (`applying`, with the rows done so far) until `done`; `failed` when the
 * file could not be read at all or the work stopped on an error the rows did not cause.
 */
export const IMPORT_STATUSES = ['staged', 'applying', 'done', 'failed'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]

/** Every column an import row may have, in the order the README documents them. */
export const IMPORT_FIELDS = [
  'sku',
  'city_id',
  'price',
  'old_price',
  'point_id',
  'condition',
  'stock',
  'title_ru',
  'title_kk',
  'category',
  'brand',
  'model',
  'description_ru',
  'description_kk',
  'weight_grams',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** Why a row was turned away; the back office shows each in Russian and Kazakh. */
export const REJECTION_REASONS = [
  /** The field must be given (sku always; city_id with a price or stock; point_id with stock). */
  'required',
  /** Not a whole number, or outside the field's range. */
  'not_integer',
  'out_of_range',
  /** Longer than the field allows, or holding characters that cannot be stored. */
  'bad_text',
  /** Not one of the field's allowed values (condition N or V, a city 1-4, an sku's characters). */
  'bad_value',
  /** The old price must be above the price. */
  'old_price_not_above_price',
  /** The row names a product and changes nothing about it. */
  'nothing_to_import',
  /** A column the formats do not have (the first row only, once per column). */
  'unknown_column',
  /** No product has this sku, and the row does not carry what a new product needs (title_ru, category). */
  'unknown_product',
  'unknown_category',
  'unknown_brand',
  /** No active service point with this id in the row's city. */
  'unknown_point',
  /** Stock below the units that open orders hold at the point (given in `details.held`). */
  'below_reserved',
  /** The row could not be read at all (a broken CSV line, a JSON value that is not an object). */
  'unreadable',
] as const
export type RejectionReason = (typeof REJECTION_REASONS)[number]

/** The stored rejected rows of one import are capped; the counts are always complete. */
export const MAX_STORED_REJECTIONS = 10_000

export const CATALOG_IMPORT_ERROR_KEYS = {
  notFound: 'catalogImport:importNotFound',
  productNotFound: 'catalogImport:productNotFound',
  unsupportedFormat: 'catalogImport:importUnsupportedFormat',
  unreadable: 'catalogImport:importUnreadable',
  empty: 'catalogImport:importEmpty',
  unknownPoint: 'catalogImport:unknownPoint',
  unknownCity: 'catalogImport:unknownCity',
  belowReserved: 'catalogImport:stockBelowReserved',
  oldPriceNotAbovePrice: 'catalogImport:oldPriceNotAbovePrice',
} as const

/** Units held at a point by orders whose goods are still there: placed, paid, being assembled, waiting. */
export const HOLDING_ORDER_STATUSES = [
  'NEW',
  'PAYMENT_PENDING',
  'PROCESSING',
  'ASSEMBLING',
  'READY_FOR_PICKUP',
] as const
