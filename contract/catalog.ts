import { z } from 'zod'
import { CityId, text } from './common'
import {
  AVAILABILITY,
  LISTING_LIMIT_DEFAULT,
  LISTING_LIMIT_MAX,
  PRODUCT_TYPES,
  RECOMMENDATION_CODES,
  ROBOTS,
  SORTINGS,
  type Availability as AvailabilityValue,
  type ProductType as ProductTypeValue,
  type Sorting as SortingValue,
} from './values/catalog'

export {
  AVAILABILITY,
  LISTING_LIMIT_DEFAULT,
  LISTING_LIMIT_MAX,
  PRODUCT_TYPES,
  RECOMMENDATION_CODES,
  ROBOTS,
  SORTINGS,
} from './values/catalog'

/**
 * The catalogue service (`/katalog/api/v1|v2`): category listings with facets, brand listings and
 * product pages. Field names follow the spec (browsing-and-account.md section 3, Product list response
 * and item); fields the spec does not name but a store needs (id, sku, title, images, rating,
 * availability, uri) sit beside them. Texts arrive in the language of the request's language header.
 */

export const Sorting = z.enum(SORTINGS)
export type Sorting = SortingValue

export const ProductType = z.enum(PRODUCT_TYPES)
export type ProductType = ProductTypeValue

export const Availability = z.enum(AVAILABILITY)
export type Availability = AvailabilityValue

export const Robots = z.enum(ROBOTS)

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
  /** In the request language. */
  title: z.string(),
  description: z.string(),
  code: z.string(),
  /** `value_ru` is always Russian (the spec's field); `value` is in the request language. */
  values: z.array(z.object({ value_ru: z.string(), value: z.string(), code: z.string() })),
})

/**
 * A cheap estimate from the stock of the requested city, for cards; the product page asks the
 * inventory service for the real options. Dates are local (Asia/Almaty) `yyyy-MM-dd`.
 * - pickup_date: the day the goods can be collected at the quickest point holding them (today when
 *   ready before 20:00), null when no point of the city holds any;
 * - delivery_min_date / delivery_time: earliest courier day and its window ('10:00-22:00'); digital
 *   goods and certificates are sent the same day, made-to-order goods take 14 days;
 * - has_fast_delivery: courier tomorrow (in stock in the city);
 * - has_express_delivery: within hours, in Almaty and Astana, when a shop of the city holds new units.
 */
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

/**
 * The `/category/short/{id}` item: what a compact card or a quick list needs (no short description,
 * variants, delivery estimate, category titles or promotion details). Same pagination and order.
 */
export const ProductShortItem = ProductListItem.pick({
  id: true,
  sku: true,
  uri: true,
  url_handle: true,
  title: true,
  type: true,
  brand: true,
  images: true,
  price: true,
  old_price: true,
  discount: true,
  credit_terms: true,
  stickers: true,
  rating: true,
  review_count: true,
  is_new: true,
  is_preorder: true,
  availability: true,
  stock: true,
  score: true,
})
export type ProductShortItem = z.infer<typeof ProductShortItem>

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

export const ProductShortListResponse = ProductListResponse.extend({ payload: z.array(ProductShortItem) })
export type ProductShortListResponse = z.infer<typeof ProductShortListResponse>

/**
 * Category listing query (spec 2.3 and 7.1). `filters` is the `/f/` part of the page URL as
 * `code:value,code:value` pairs: value codes as the filters endpoint lists them; several values of
 * one code match any of them, different codes must all match; `brand` is a code like the others; a
 * range filter takes `code:min-max` (either side may be empty, decimals with a dot). `price` is
 * `min-max` in whole tenge; an empty side or 0 as the maximum means unbounded (the spec's default 0).
 * `point_id` keeps the products with units at that service point (it must be in `city_id`).
 * Unknown filter codes or values, malformed pairs, min above max and a page past the last one are
 * 400s whose `details.issues` name the problem (`details.last_page` for the page).
 */
export const ListingQuery = z.object({
  city_id: CityId.default(1),
  limit: z.coerce.number().int().min(1).max(LISTING_LIMIT_MAX).default(LISTING_LIMIT_DEFAULT),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  point_id: z.coerce.number().int().positive().optional(),
  filters: text().max(2000).optional(),
  price: text()
    .regex(/^\d{0,9}-\d{0,9}$/, 'price is min-max in whole tenge')
    .optional(),
  sorting: Sorting.default('score'),
})
export type ListingQuery = z.infer<typeof ListingQuery>

/**
 * A category by numeric id, slug or path of slugs ('smartfony' or 'bytovaya-tekhnika/.../holodilniki',
 * slashes as they are or encoded), optionally followed by the page URL's `/f/code/value/...` pairs,
 * which join the `filters` parameter.
 */
export const CategoryParams = z.object({ id: text().min(1).max(300) })

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
  category: text().min(1).max(300),
  city_id: CityId.default(1),
  point_id: z.coerce.number().int().positive().optional(),
  filters: text().max(2000).optional(),
  price: text()
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

export const ProductParams = z.object({ id: text().min(1).max(300) })
export const ProductQuery = z.object({ city_id: CityId.default(1) })

export const ProductAbout = z.object({
  sku: z.string(),
  description: z.string(),
  short_description: z.array(ShortDescriptionItem),
  spec_groups: z.array(SpecGroup),
})
export type ProductAbout = z.infer<typeof ProductAbout>

export const Certificate = z.object({
  id: z.string(),
  title: z.string(),
  issued_by: z.string(),
  valid_until: z.string(),
})
export const CertificatesResponse = z.object({ sku: z.string(), certificates: z.array(Certificate) })
export const CertificatesParams = z.object({ sku: text().min(1).max(40) })

export const RecommendationCode = z.enum(RECOMMENDATION_CODES)
export type RecommendationCode = z.infer<typeof RecommendationCode>
export const RecommendationQuery = z.object({
  city_id: CityId.default(1),
  sku: text().max(40).optional(),
  category: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(40).default(12),
  segment: text().max(10).default('A'),
})
/** A recommended product: a list item plus its main picture at the carousel's 208×208. */
export const RecommendationItem = ProductListItem.extend({ image: z.string() })
export type RecommendationItem = z.infer<typeof RecommendationItem>

/**
 * One carousel. similar: same category, closest in price; accessories: from related categories
 * (headphones and watches for phones, ...); together: the services and warranty offered with the
 * product's category, then the top accessory of each related category; popular, new, discounted:
 * home carousels (or within `category`). Everything is of the requested city: only what it sells and
 * has in stock (new also takes pre-orders). `segment` is echoed; A is the only ranking so far.
 */
export const RecommendationResponse = z.object({
  code: RecommendationCode,
  title: z.string(),
  segment: z.string(),
  products: z.array(RecommendationItem),
})
export type RecommendationResponse = z.infer<typeof RecommendationResponse>

/** `recommend`: with `sku` the product page's carousels (similar, accessories, together), else the home ones. */
export const RecommendBlocksResponse = z.object({
  sku: z.string().nullable(),
  segment: z.string(),
  blocks: z.array(RecommendationResponse),
})
export type RecommendBlocksResponse = z.infer<typeof RecommendBlocksResponse>
export const RecommendationParams = z.object({ code: RecommendationCode })

/** Brand listing: the category listing's query, optionally within one category (then its filters apply). */
export const BrandListingQuery = ListingQuery.extend({ category: text().min(1).max(300).optional() })
export const BrandParams = z.object({ brand: text().min(1).max(100) })

export const BrandResponse = ProductListResponse.extend({
  brand: z.object({ slug: z.string(), name: z.string(), color: z.string() }),
})
export type BrandResponse = z.infer<typeof BrandResponse>
export const BrandCategoriesResponse = z.object({
  brand: z.string(),
  categories: z.array(
    z.object({ id: z.number().int(), title: z.string(), path: z.string(), count: z.number().int() }),
  ),
})
export type BrandCategoriesResponse = z.infer<typeof BrandCategoriesResponse>
