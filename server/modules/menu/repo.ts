import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows, type SqlRow } from '../../db/rows'
import type { servicePoints } from '../../db/schema/geo'

export interface CategoryRow extends Record<string, unknown> {
  id: number
  parent_id: number | null
  slug: string
  path: string
  name_ru: string
  name_kk: string
  level: number
  sort: number
  icon: string
  image_id: string | null
  is_service: boolean
  item_class: 'side' | 'bottom' | 'other'
}

export interface BrandCountRow extends Record<string, unknown> {
  category_id: number
  brand_id: number
  slug: string
  name: string
  n: number
}

export interface CityRow extends Record<string, unknown> {
  id: number
  country_id: number
  city_1c_guid: string
  city_magento_id: number
  name_en: string
  name_kz: string
  name_ru: string
  latitude: number
  longitude: number
  slug: string
  last_update: string | Date
  city_code: string
  map_available: boolean
  post_code: string
}

/** A shop or pickup point, as `service_points` holds it. */
export type ServicePointRow = SqlRow<typeof servicePoints>

export interface CmsPageRow extends Record<string, unknown> {
  slug: string
  title_ru: string
  title_kk: string
  meta_title_ru: string
  meta_title_kk: string
  meta_description_ru: string
  meta_description_kk: string
}

export interface CmsBlockRow extends Record<string, unknown> {
  id: number
  slug: string
  type: 'banner' | 'heading' | 'text' | 'tile'
  title_ru: string
  title_kk: string
  text_ru: string
  text_kk: string
  image_id: string | null
  image_id_kk: string | null
  image_id_mobile: string | null
  link: string | null
  background_color: string | null
  sort: number
  city_ids: number[] | null
}

export interface FastLinkRow extends Record<string, unknown> {
  id: number
  title_ru: string
  title_kk: string
  image_desktop: string
  image_m_web: string
  redirect_link: string
  platform: 'all' | 'desktop' | 'm_web'
  city_ids: number[] | null
}

export interface PromotionRow extends Record<string, unknown> {
  id: number
  slug: string
  title_ru: string
  title_kk: string
  description_ru: string
  description_kk: string
  image_id: string
  starts_at: string | Date
  ends_at: string | Date
  link: string
  city_ids: number[]
}

export interface AnchorRow extends Record<string, unknown> {
  from_link: string
  title_ru: string
  title_kk: string
  url: string
}

/** Everything the menu service reads; each call is one query over a small table (or one aggregate). */
export function createMenuRepo(db: Db) {
  return {
    /** Products per leaf category and brand, most first: the source of the brand presets. */
    brandCounts: () =>
      rows<BrandCountRow>(
        db,
        sql`select p.category_id, b.id as brand_id, b.slug, b.name, count(*)::int as n
              from products p join brands b on b.id = p.brand_id
             group by p.category_id, b.id, b.slug, b.name`,
      ),

    /** Categories whose listing filters by brand: only these get brand presets. */
    brandFilterCategories: async () =>
      (
        await rows<{ category_id: number }>(
          db,
          sql`select category_id from category_filters where code = 'brand'`,
        )
      ).map((r) => r.category_id),

    cities: () =>
      rows<CityRow>(
        db,
        sql`select id, country_id, city_1c_guid::text as city_1c_guid, city_magento_id, name_en, name_kz, name_ru,
                   latitude, longitude, slug, last_update, city_code, map_available, post_code
              from cities order by id`,
      ),

    servicePoints: () =>
      rows<ServicePointRow>(
        db,
        sql`select id, guid::text as guid, city_id, type, title_ru, title_kk, address_ru, address_kk, description_ru,
                   description_kk, email, phone, manager, promo, is_active, is_drive_thru_available, latitude,
                   longitude, work_hours, weekly_work_hours
              from service_points
             order by city_id, case type when 'shop' then 0 else 1 end, id`,
      ),

    cmsPages: () =>
      rows<CmsPageRow>(
        db,
        sql`select slug, title_ru, title_kk, meta_title_ru, meta_title_kk, meta_description_ru, meta_description_kk
              from cms_pages`,
      ),

    cmsBlocks: () =>
      rows<CmsBlockRow>(
        db,
        sql`select id, slug, type, title_ru, title_kk, text_ru, text_kk, image_id, image_id_kk, image_id_mobile,
                   link, background_color, sort, city_ids
              from cms_blocks where is_active order by slug, sort, id`,
      ),

    fastLinks: () =>
      rows<FastLinkRow>(
        db,
        sql`select id, title_ru, title_kk, image_desktop, image_m_web, redirect_link, platform, city_ids
              from fast_links where is_active order by sort, id`,
      ),

    promotions: () =>
      rows<PromotionRow>(
        db,
        sql`select id, slug, title_ru, title_kk, description_ru, description_kk, image_id, starts_at, ends_at,
                   link, city_ids
              from content_promotions order by sort, id`,
      ),

    anchors: () =>
      rows<AnchorRow>(
        db,
        sql`select from_link, title_ru, title_kk, url from seo_anchors order by from_link, sort, id`,
      ),
  }
}

export type MenuRepo = ReturnType<typeof createMenuRepo> & {
  /** The categories, depth first: the catalogue's own tree (`routes.ts` maps it), not a table read. */
  categories: () => Promise<CategoryRow[]>
}
