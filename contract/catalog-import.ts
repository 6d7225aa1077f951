import { z } from 'zod'
import { CityId, text } from './common'
import { IMPORT_FIELDS, IMPORT_FORMATS, IMPORT_STATUSES, REJECTION_REASONS } from './values/catalog-import'

export {
  ADMIN_CATALOG_V1,
  CATALOG_IMPORT_ERROR_KEYS,
  IMPORT_FIELDS,
  IMPORT_FORMATS,
  IMPORT_STATUSES,
  MAX_STORED_REJECTIONS,
  REJECTION_REASONS,
  type ImportField,
  type ImportFormat,
  type ImportStatus,
  type RejectionReason,
} from './values/catalog-import'

/**
 * The back office's catalogue (`/admin/api/v1/catalog`, staff only): imports of products, prices and
 * stock per city from CSV or JSON (the formats are in the README, Catalogue import), their progress and
 * report, and one product's price and stock per city.
 */

export const ImportParams = z.object({ id: z.uuid() })

export const ImportQuery = z.object({
  /** Rejected rows after this row number (the report's pages). */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

export const ImportRejection = z.object({
  row: z.number().int(),
  field: z.enum([...IMPORT_FIELDS, 'row']),
  reason: z.enum(REJECTION_REASONS),
  /** The value as the file gave it, cut to 100 characters. */
  value: z.string().nullable(),
  /** With `below_reserved`: the units open orders hold at the point. */
  held: z.number().int().nullable(),
})
export type ImportRejection = z.infer<typeof ImportRejection>

export const ImportView = z.object({
  id: z.uuid(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  bytes: z.number().int(),
  /** SHA-256 of the file's bytes. */
  content_hash: z.string(),
  /** An earlier import of the very same file; applying it again changed only what had moved since. */
  same_as: z.uuid().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  rows: z.object({ total: z.number().int(), rejected: z.number().int() }),
  /** Share of the checked rows applied, 0 to 1. */
  progress: z.number(),
  changes: z.object({
    products_created: z.number().int(),
    products_updated: z.number().int(),
    prices: z.number().int(),
    stocks: z.number().int(),
  }),
  rejections: z.array(ImportRejection),
  /** The `after` that reads the next page of rejected rows, null at the end. */
  rejections_next: z.number().int().nullable(),
})
export type ImportView = z.infer<typeof ImportView>

export const ImportList = z.object({ imports: z.array(ImportView.omit({ rejections: true })) })
export type ImportList = z.infer<typeof ImportList>

export const ProductSearchQuery = z.object({ q: text().trim().min(1).max(100) })

export const ProductSkuParams = z.object({ sku: text().min(1).max(40) })
export const ProductCityParams = ProductSkuParams.extend({ cityId: CityId })

export const AdminProductHit = z.object({
  sku: z.string(),
  title: z.string(),
  uri: z.string(),
})
export const AdminProductHits = z.object({ products: z.array(AdminProductHit) })
export type AdminProductHits = z.infer<typeof AdminProductHits>

export const AdminStock = z.object({
  point_id: z.number().int(),
  point_title: z.string(),
  condition: z.enum(['N', 'V']),
  /** Units the store sells now. */
  available: z.number().int(),
  /** Units open orders hold there (placed, not yet handed over). */
  held: z.number().int(),
  /** Units at the point: available plus held (what an import's `stock` sets). */
  on_hand: z.number().int(),
})

export const AdminCity = z.object({
  city_id: z.number().int(),
  price: z.number().int().nullable(),
  old_price: z.number().int().nullable(),
  /** Every active point of the city, with its stock (zero where it holds none). */
  stocks: z.array(AdminStock),
})

export const AdminProduct = z.object({
  sku: z.string(),
  uri: z.string(),
  title_ru: z.string(),
  title_kk: z.string(),
  category: z.string(),
  cities: z.array(AdminCity),
})
export type AdminProduct = z.infer<typeof AdminProduct>

const money = z.number().int().min(1).max(100_000_000)

/** A product's price and stock in one city; what is left out stays as it is. */
export const CityEdit = z
  .object({
    price: money.optional(),
    /** The crossed-out price, above the price; null takes it away. */
    old_price: money.nullable().optional(),
    stocks: z
      .array(
        z.object({
          point_id: z.number().int().positive(),
          condition: z.enum(['N', 'V']).default('N'),
          /** Units on hand at the point; the store sells them less what open orders hold. */
          on_hand: z.number().int().min(0).max(1_000_000),
        }),
      )
      .max(50)
      .optional(),
  })
  .refine((e) => e.price !== undefined || e.old_price !== undefined || (e.stocks?.length ?? 0) > 0, {
    message: 'nothing to change',
  })
export type CityEdit = z.infer<typeof CityEdit>
