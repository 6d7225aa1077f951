import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Blocks of the content the menu service hands out by slug: home banners, the promo page, help pages. */
export type CmsBlockType = 'banner' | 'heading' | 'text' | 'tile'

/** A content page (or block set) by slug, with its title and meta texts in ru and kk. */
export const cmsPages = pgTable('cms_pages', {
  slug: text('slug').primaryKey(),
  titleRu: text('title_ru').notNull(),
  titleKk: text('title_kk').notNull(),
  metaTitleRu: text('meta_title_ru').notNull(),
  metaTitleKk: text('meta_title_kk').notNull(),
  metaDescriptionRu: text('meta_description_ru').notNull(),
  metaDescriptionKk: text('meta_description_kk').notNull(),
})

/**
 * One block of a page: a banner (picture, title, link), a heading, a text (paragraphs separated by a
 * blank line) or a tile. `city_ids` null means every city.
 */
export const cmsBlocks = pgTable(
  'cms_blocks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug')
      .notNull()
      .references(() => cmsPages.slug, { onDelete: 'cascade' }),
    type: text('type').$type<CmsBlockType>().notNull(),
    titleRu: text('title_ru').notNull().default(''),
    titleKk: text('title_kk').notNull().default(''),
    textRu: text('text_ru').notNull().default(''),
    textKk: text('text_kk').notNull().default(''),
    /** Picture for the Russian page; `image_id_kk` for the Kazakh one (text is drawn into banners). */
    imageId: text('image_id'),
    imageIdKk: text('image_id_kk'),
    imageIdMobile: text('image_id_mobile'),
    link: text('link'),
    backgroundColor: text('background_color'),
    sort: integer('sort').notNull().default(0),
    cityIds: integer('city_ids').array(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('cms_blocks_slug_idx').on(t.slug, t.sort)],
)

export type FastLinkPlatform = 'all' | 'desktop' | 'm_web'

/** The round shortcuts under the home banners (spec 3, Fast link). */
export const fastLinks = pgTable('fast_links', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  titleRu: text('title_ru').notNull(),
  titleKk: text('title_kk').notNull(),
  imageDesktop: text('image_desktop').notNull(),
  imageMWeb: text('image_m_web').notNull(),
  redirectLink: text('redirect_link').notNull(),
  platform: text('platform').$type<FastLinkPlatform>().notNull().default('all'),
  sort: integer('sort').notNull().default(0),
  cityIds: integer('city_ids').array(),
  isActive: boolean('is_active').notNull().default(true),
})

/**
 * Promotions as the content list shows them (/cms/promo): picture, period, link and the cities they
 * run in. Named apart from the promotion engine's rules (gifts, kits), which belong to another service.
 */
export const contentPromotions = pgTable(
  'content_promotions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    titleRu: text('title_ru').notNull(),
    titleKk: text('title_kk').notNull(),
    descriptionRu: text('description_ru').notNull(),
    descriptionKk: text('description_kk').notNull(),
    imageId: text('image_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    link: text('link').notNull(),
    cityIds: integer('city_ids').array().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('content_promotions_period_idx').on(t.endsAt)],
)

/** SEO anchor links shown on a page: `from_link` is the page's client path without prefix or query. */
export const seoAnchors = pgTable(
  'seo_anchors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fromLink: text('from_link').notNull(),
    titleRu: text('title_ru').notNull(),
    titleKk: text('title_kk').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('seo_anchors_from_idx').on(t.fromLink, t.sort)],
)
