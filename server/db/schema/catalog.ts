import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { IllustrationKind } from '../../../contract/media'
import { cities } from './geo'

export const PRODUCT_TYPES = ['regular', 'service', 'certificate', 'digital', 'guaranty', 'mto'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]

export { ILLUSTRATION_KINDS, type IllustrationKind } from '../../../contract/media'

export const FILTER_TYPES = ['range', 'checkbox', 'multiselect', 'link'] as const
export type FilterType = (typeof FILTER_TYPES)[number]

/**
 * Attribute values: option codes (URL-safe, the value half of a `/f/{code}/{value}` pair) for
 * categorical attributes, numbers for measured ones, booleans for yes/no features, and code lists
 * where a part fits several things (the sockets a cooler mounts on, the boards a case takes).
 */
export type AttributeValue = string | number | boolean | string[]
export type ProductAttributes = Record<string, AttributeValue>

export interface FilterOption {
  value: string
  title_ru: string
  title_kk: string
}

export interface ShortDescriptionItem {
  title: string
  title_kk: string
  description: string
  code: string
  values: { value_ru: string; value_kk: string; code: string }[]
}

export interface SpecGroup {
  code: string
  title_ru: string
  title_kk: string
  items: { code: string; title_ru: string; title_kk: string; value_ru: string; value_kk: string }[]
}

export interface Sticker {
  code: 'hit' | 'new' | 'sale' | 'installment' | 'preorder'
  text_ru: string
  text_kk: string
  text_color: string
  background_color: string
}

export interface CategoryMetaText {
  meta_title: string
  meta_header: string
  meta_description: string
  seo_text: string
}
export interface CategoryMeta {
  ru: CategoryMetaText
  kk: CategoryMetaText
}

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    /** Latin transliteration of the Russian name, unique across the tree: 'holodilniki'. */
    slug: text('slug').notNull().unique(),
    /** Slugs from the root: 'bytovaya-tekhnika/krupnaya-bytovaya-tekhnika/holodilniki'. */
    path: text('path').notNull().unique(),
    nameRu: text('name_ru').notNull(),
    nameKk: text('name_kk').notNull(),
    level: integer('level').notNull(),
    sort: integer('sort').notNull().default(0),
    icon: text('icon').$type<IllustrationKind>().notNull(),
    /** The `images` row of the category tile. */
    imageId: text('image_id'),
    isService: boolean('is_service').notNull().default(false),
    /** Where the menu shows it: side, bottom or other. */
    itemClass: text('item_class').$type<'side' | 'bottom' | 'other'>().notNull().default('side'),
    robots: text('robots').notNull().default('INDEX,FOLLOW'),
    meta: jsonb('meta').$type<CategoryMeta>().notNull(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
)

/** The filters a category listing offers, in display order; `code` is an attribute code of its products. */
export const categoryFilters = pgTable(
  'category_filters',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    titleRu: text('title_ru').notNull(),
    titleKk: text('title_kk').notNull(),
    type: text('type').$type<FilterType>().notNull(),
    sort: integer('sort').notNull().default(0),
    unit: text('unit'),
    /** Every value the category's products carry, with display titles; null for ranges. */
    options: jsonb('options').$type<FilterOption[]>(),
  },
  (t) => [uniqueIndex('category_filters_category_code_idx').on(t.categoryId, t.code)],
)

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Hex colour the illustrations of the brand's products are drawn in. */
  color: text('color').notNull(),
})

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Numeric string, as the store's ERP issues them. */
    sku: text('sku').notNull().unique(),
    /** Slug of the Russian title plus the sku: the `/p/{uri}` of the product page. */
    uri: text('uri').notNull().unique(),
    type: text('type').$type<ProductType>().notNull().default('regular'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: integer('brand_id').references(() => brands.id),
    titleRu: text('title_ru').notNull(),
    titleKk: text('title_kk').notNull(),
    /** Model name without memory or colour ('Galaxy S24 Ultra', 'RTX 4070'): search and variant grouping. */
    model: text('model').notNull(),
    /** Products differing only in memory or colour share it; the product page lists them as variants. */
    variantGroup: text('variant_group').notNull(),
    shortDescription: jsonb('short_description').$type<ShortDescriptionItem[]>().notNull(),
    descriptionRu: text('description_ru').notNull(),
    descriptionKk: text('description_kk').notNull(),
    attributes: jsonb('attributes').$type<ProductAttributes>().notNull(),
    specGroups: jsonb('spec_groups').$type<SpecGroup[]>().notNull(),
    stickers: jsonb('stickers')
      .$type<Sticker[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** The `score` sorting: higher sells more. */
    popularity: integer('popularity').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    isPreorder: boolean('is_preorder').notNull().default(false),
    onlyPrepayment: boolean('only_prepayment').notNull().default(false),
    /** Shipping weight; null for what is not shipped (services, keys, certificates). */
    weightGrams: integer('weight_grams'),
    /** For services and warranty extensions: the category whose products they are offered with. */
    serviceCategoryId: integer('service_category_id').references(() => categories.id),
    /** For services and warranty extensions: the product they were made for (the cart's referenceProductId). */
    referenceProductId: integer('reference_product_id').references((): AnyPgColumn => products.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('products_category_popularity_idx').on(t.categoryId, t.popularity.desc()),
    index('products_category_created_idx').on(t.categoryId, t.createdAt.desc()),
    index('products_brand_idx').on(t.brandId),
    index('products_service_category_idx')
      .on(t.serviceCategoryId)
      .where(sql`${t.serviceCategoryId} is not null`),
  ],
)

/** Shelf price per city, in whole tenge; every product has one row for every city. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    /** Percent off the old price, 0 when there is none. */
    discount: integer('discount').notNull().default(0),
    priceUsd: numeric('price_usd', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    creditMonthNum: integer('credit_month_num'),
    /** Monthly payment: ceil(price / credit_month_num). */
    creditAmount: integer('credit_amount'),
    creditTypeLabel: text('credit_type_label'),
    installmentMonthNum: integer('installment_month_num'),
    installmentAmount: integer('installment_amount'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.cityId] }),
    index('product_prices_city_price_idx').on(t.cityId, t.price),
  ],
)
