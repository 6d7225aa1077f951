import { z } from 'zod'
import { CityId } from './common'

/**
 * The catalogue service (`/katalog/api/v1|v2`): category listings with facets, brand listings and
 * product pages. Field names follow the spec (browsing-and-account.md section 3, Product list response
 * and item); fields the spec does not name but a store needs (id, sku, title, images, rating,
 * availability, uri) sit beside them. Texts arrive in the language of the request's language header.
 */

export const SORTINGS = ['score', 'discount', 'new', 'price_asc', 'price_desc', 'rating'] as const
export const Sorting = z.enum(SORTINGS)
export type Sorting = z.infer<typeof Sorting>

export const PRODUCT_TYPES = ['regular', 'service', 'certificate', 'digital', 'guaranty', 'mto'] as const
export const ProductType = z.enum(PRODUCT_TYPES)
export type ProductType = z.infer<typeof ProductType>

export const AVAILABILITY = ['InStock', 'PreOrder', 'OutOfStock'] as const
export const Availability = z.enum(AVAILABILITY)
export type Availability = z.infer<typeof Availability>

export const ROBOTS = ['INDEX,FOLLOW', 'NOINDEX, FOLLOW', 'NOINDEX,NOFOLLOW'] as const
export const Robots = z.enum(ROBOTS)

export const LISTING_LIMIT_DEFAULT = 24
export const LISTING_LIMIT_MAX = 100

export const CreditTerms = z.object({
  amount: z.number().int(),
  month_num: z.number().int(),
  credit_type_label: z.string(),
})

export const Sticker = z.object({
  code: z.string(),
  text: z.string(),
  text_color: z.string(),
  background_color: z.string(),
})

export const ShortDescriptionItem = z.object({
  title: z.string(),
  description: z.string(),
  code: z.string(),
  values: z.array(z.object({ value_ru: z.string(), code: z.string() })),
})

export const DeliveryInfo = z.object({
  delivery_min_date: z.string().nullable(),
  delivery_time: z.string().nullable(),
  pickup_date: z.string().nullable(),
  has_express_delivery: z.boolean(),
  has_fast_delivery: z.boolean(),
})

export const Variant = z.object({
  sku: z.string(),
  uri: z.string(),
  title: z.string(),
  /** What tells this variant apart: '256 ГБ', 'Чёрный'. */
  label: z.string(),
  price: z.number().int().nullable(),
  is_current: z.boolean(),
})

export const ProductListItem = z.object({
  id: z.number().int(),
  sku: z.string(),
  uri: z.string(),
  url_handle: z.string(),
  title: z.string(),
  type: ProductType,
  brand: z.string().nullable(),
  /** Category titles from the root, in the request language; categories_ru always in Russian. */
  categories: z.array(z.string()),
  categories_ru: z.array(z.string()),
  /** Image ids for `/f3/api/v1/images/{w}/{h}/{id}.webp`, first is the main one. */
  images: z.array(z.string()),
  price: z.number().int(),
  old_price: z.number().int().nullable(),
  discount: z.number().int(),
  price_usd: z.number(),
  credit_terms: CreditTerms.nullable(),
  kaspi_installment_info: z.object({ month_num: z.number().int(), amount: z.number().int() }).nullable(),
  stickers: z.array(Sticker),
  short_description: z.array(ShortDescriptionItem),
  rating: z.number(),
  review_count: z.number().int(),
  is_new: z.boolean(),
  is_preorder: z.boolean(),
  only_prepayment: z.boolean(),
  has_promotions: z.boolean(),
  promotion_types: z.array(z.string()),
  availability: Availability,
  /** Units in stock in the requested city (0 when out of stock). */
  stock: z.number().int(),
  delivery_info: DeliveryInfo,
  variants: z.array(Variant),
  score: z.number(),
})
export type ProductListItem = z.infer<typeof ProductListItem>

export const MetaData = z.object({
  meta_title: z.string(),
  meta_header: z.string(),
  meta_description: z.string(),
  seo_text: z.string(),
})

export const ProductListResponse = z.object({
  limit: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
  payload: z.array(ProductListItem),
  layout: z.enum(['grid', 'list']),
  meta_data: MetaData,
  robots: Robots,
  /** The canonical path of this listing without prefix ('/catalog/smartfony/f/brand/apple'). */
  canonical: z.string(),
})
export type ProductListResponse = z.infer<typeof ProductListResponse>

/**
 * Category listing query (spec 2.3 and 7.1). `filters` is the `/f/` part of the page URL as
 * `code:value,code:value` pairs; `price` is `min-max` (either side may be empty).
 */
export const ListingQuery = z.object({
  city_id: CityId.default(1),
  limit: z.coerce.number().int().min(1).max(LISTING_LIMIT_MAX).default(LISTING_LIMIT_DEFAULT),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  point_id: z.coerce.number().int().positive().optional(),
  filters: z.string().max(2000).optional(),
  price: z
    .string()
    .regex(/^\d{0,9}-\d{0,9}$/, 'price is min-max in whole tenge')
    .optional(),
  sorting: Sorting.default('score'),
})
export type ListingQuery = z.infer<typeof ListingQuery>

/** A category by numeric id or by its path of slugs ('smartfony' or 'bytovaya-tekhnika/.../holodilniki'). */
export const CategoryParams = z.object({ id: z.string().min(1).max(300) })

export const FilterOption = z.object({
  code: z.string(),
  title: z.string(),
  isActive: z.boolean(),
  /** False when choosing it together with the other active filters would give no products. */
  isEnabled: z.boolean(),
  count: z.number().int(),
})

export const Filter = z.object({
  code: z.string(),
  title: z.string(),
  type: z.enum(['range', 'checkbox', 'multiselect', 'link']),
  unit: z.string().nullable(),
  options: z.array(FilterOption),
  /** Range filters: the bounds over the listing without this filter, and the chosen ones. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  chosen_min: z.number().nullable(),
  chosen_max: z.number().nullable(),
})
export type Filter = z.infer<typeof Filter>

export const PriceRange = z.object({
  min: z.number().int(),
  max: z.number().int(),
  chosen_min: z.number().int(),
  chosen_max: z.number().int(),
})

export const FiltersQuery = z.object({
  category: z.string().min(1).max(300),
  city_id: CityId.default(1),
  filters: z.string().max(2000).optional(),
  price: z
    .string()
    .regex(/^\d{0,9}-\d{0,9}$/)
    .optional(),
})

export const FiltersResponse = z.object({
  category_id: z.number().int(),
  filters: z.array(Filter),
  price_range: PriceRange,
  total: z.number().int(),
})
export type FiltersResponse = z.infer<typeof FiltersResponse>

export const SpecGroup = z.object({
  code: z.string(),
  title: z.string(),
  items: z.array(z.object({ code: z.string(), title: z.string(), value: z.string() })),
})

export const Breadcrumb = z.object({ title: z.string(), path: z.string() })

export const Product = ProductListItem.extend({
  description: z.string(),
  spec_groups: z.array(SpecGroup),
  category_id: z.number().int(),
  category_path: z.string(),
  breadcrumbs: z.array(Breadcrumb),
  brand_slug: z.string().nullable(),
  reference_product_sku: z.string().nullable(),
  meta_data: MetaData,
  canonical: z.string(),
})
export type Product = z.infer<typeof Product>

export const ProductParams = z.object({ id: z.string().min(1).max(300) })
export const ProductQuery = z.object({ city_id: CityId.default(1) })

export const ProductAbout = z.object({
  sku: z.string(),
  description: z.string(),
  short_description: z.array(ShortDescriptionItem),
  spec_groups: z.array(SpecGroup),
})

export const Certificate = z.object({
  id: z.string(),
  title: z.string(),
  issued_by: z.string(),
  valid_until: z.string(),
})
export const CertificatesResponse = z.object({ sku: z.string(), certificates: z.array(Certificate) })

export const RECOMMENDATION_CODES = [
  'similar',
  'accessories',
  'together',
  'popular',
  'new',
  'discounted',
] as const
export const RecommendationCode = z.enum(RECOMMENDATION_CODES)
export const RecommendationQuery = z.object({
  city_id: CityId.default(1),
  sku: z.string().max(40).optional(),
  category: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(40).default(12),
  segment: z.string().max(10).default('A'),
})
export const RecommendationResponse = z.object({
  code: RecommendationCode,
  title: z.string(),
  products: z.array(ProductListItem),
})

export const BrandResponse = ProductListResponse.extend({
  brand: z.object({ slug: z.string(), name: z.string(), color: z.string() }),
})
export const BrandCategoriesResponse = z.object({
  brand: z.string(),
  categories: z.array(
    z.object({ id: z.number().int(), title: z.string(), path: z.string(), count: z.number().int() }),
  ),
})
