import { z } from 'zod'
import { CityId, text } from './common'
import {
  CMS_BLOCK_TYPES,
  FAST_LINK_PLATFORMS,
  ITEM_CLASSES,
  MENU_ITEM_KINDS,
  MENU_NAMES,
  SERVICE_POINT_TYPES,
} from './values/menu'

export {
  CMS_BLOCK_TYPES,
  CMS_SLUGS,
  FAST_LINK_PLATFORMS,
  ITEM_CLASSES,
  MENU_BASE,
  MENU_ITEM_KINDS,
  MENU_NAMES,
  SERVICE_POINT_TYPES,
  WEEKDAYS,
} from './values/menu'

/**
 * The menu and content service (`/menu/api/v1`, spec browsing-and-account.md 7.2): the category menu
 * and the footer/top link groups, category breadcrumbs, cms blocks, cities, service points, the
 * promotions list, fast links and SEO anchors. Texts arrive in the language of the request's language
 * header (`ru` default, `kk`). Every `url` is a client path without the city/locale prefix
 * ('/catalog/smartfony-i-gadzhety/smartfony'); the client adds '/astana', '/almaty_kk' and so on.
 * Image fields are image ids for `/f3/api/v1/images/{w}/{h}/{id}.{webp|jpg}` (see `imageUrl`).
 */

// ---------------------------------------------------------------- URLs

/** A category filter pair: attribute code and option value, as in `/f/{code}/{value}`. */
export const FilterPair = z.object({ code: z.string(), value: z.string() })
export type FilterPair = z.infer<typeof FilterPair>

/**
 * The listing URL of a category (spec 2.3): '/catalog/' + the category path segments, then '/f/' and
 * the filter code/value pairs sorted by value (ties by code), e.g.
 * `categoryUrl('smartfony-i-gadzhety/smartfony', [{ code: 'brand', value: 'apple' }])` is
 * '/catalog/smartfony-i-gadzhety/smartfony/f/brand/apple'.
 */
export function categoryUrl(path: string, filters: readonly FilterPair[] = []): string {
  const base = `/catalog/${path}`
  if (filters.length === 0) return base
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const sorted = filters.slice().sort((a, b) => compare(a.value, b.value) || compare(a.code, b.code))
  return `${base}/f/${sorted.map((f) => `${encodeURIComponent(f.code)}/${encodeURIComponent(f.value)}`).join('/')}`
}

// ---------------------------------------------------------------- menus

export const MenuName = z.enum(MENU_NAMES)
export type MenuName = z.infer<typeof MenuName>

/** Where the catalogue menu shows an item: the side column, the bottom row, or the "other" group. */
export const ItemClass = z.enum(ITEM_CLASSES)
export type ItemClass = z.infer<typeof ItemClass>

/**
 * category: a catalogue category; preset: a category with filters applied ('Смартфоны Apple');
 * link: a content or service page (footer, top); group: a heading holding links (footer columns).
 */
export const MenuItemKind = z.enum(MENU_ITEM_KINDS)

export interface MenuItem {
  id: string
  kind: z.infer<typeof MenuItemKind>
  title: string
  /** Client path without prefix; '' for a group heading that links nowhere. */
  url: string
  item_class: ItemClass
  /** Filter pairs of a preset item ([] otherwise); `url` is the derived filter URL. */
  filters: FilterPair[]
  /** Tile picture (image id) or null. */
  image_id: string | null
  /** Illustration kind for a small icon ('smartphone', 'fridge', ...) or null. */
  icon: string | null
  category_id: number | null
  /** Category path of slugs ('smartfony-i-gadzhety/smartfony'), null for links. */
  path: string | null
  slug: string | null
  /** 1 for top-level items. */
  level: number
  is_service: boolean
  /**
   * Products of the subtree available in the requested city (in stock, pre-order, services); null for
   * links and presets, and for a few seconds after a server start while the counts are computed.
   */
  product_count: number | null
  children: MenuItem[]
}

export const MenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    kind: MenuItemKind,
    title: z.string(),
    url: z.string(),
    item_class: ItemClass,
    filters: z.array(FilterPair),
    image_id: z.string().nullable(),
    icon: z.string().nullable(),
    category_id: z.number().int().nullable(),
    path: z.string().nullable(),
    slug: z.string().nullable(),
    level: z.number().int().min(1),
    is_service: z.boolean(),
    product_count: z.number().int().nullable(),
    children: z.array(MenuItem),
  }),
)

/** `name` is one of MENU_NAMES; any other name is a 404 (not a 400), as for an unknown page. */
export const MenuParams = z.object({ name: text().min(1).max(50) })
export const MenuQuery = z.object({ city_id: CityId.default(1) })

export const MenuResponse = z.object({
  name: MenuName,
  city_id: z.number().int(),
  items: z.array(MenuItem),
})
export type MenuResponse = z.infer<typeof MenuResponse>

// ---------------------------------------------------------------- breadcrumbs

export const BreadcrumbsParams = z.object({
  /** A category slug ('holodilniki') or path ('bytovaya-tekhnika/krupnaya-bytovaya-tekhnika/holodilniki'). */
  name: text().min(1).max(300),
})

export const MenuCrumb = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** Category path of slugs. */
  path: z.string(),
  /** '/catalog/{path}'. */
  url: z.string(),
  level: z.number().int(),
})
export type MenuCrumb = z.infer<typeof MenuCrumb>

/** Crumbs from the root category down to (and including) the requested one. */
export const BreadcrumbsResponse = z.object({
  category_id: z.number().int(),
  breadcrumbs: z.array(MenuCrumb),
})
export type BreadcrumbsResponse = z.infer<typeof BreadcrumbsResponse>

// ---------------------------------------------------------------- cms blocks

export const CmsBlockType = z.enum(CMS_BLOCK_TYPES)

export const CmsBlock = z.object({
  id: z.number().int(),
  type: CmsBlockType,
  title: z.string(),
  /** Plain text; paragraphs separated by a blank line ('\n\n'). */
  text: z.string(),
  /** Banner/tile picture (desktop) or null. */
  image_id: z.string().nullable(),
  /** Picture for phones; falls back to `image_id` when the block has none. */
  image_id_mobile: z.string().nullable(),
  /** Client path or absolute URL, or null. */
  link: z.string().nullable(),
  background_color: z.string().nullable(),
  sort: z.number().int(),
})
export type CmsBlock = z.infer<typeof CmsBlock>

export const CmsBlocksQuery = z.object({
  slug: text().min(1).max(100),
  city_id: CityId.default(1),
})

/** Unknown slug: 404. `title` and the meta texts are the page's (content pages use them for <title>). */
export const CmsBlocksResponse = z.object({
  slug: z.string(),
  title: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  blocks: z.array(CmsBlock),
})
export type CmsBlocksResponse = z.infer<typeof CmsBlocksResponse>

// ---------------------------------------------------------------- cities

export const GeoPosition = z.object({ latitude: z.number(), longitude: z.number() })
export type GeoPosition = z.infer<typeof GeoPosition>

/** Spec 3, City. */
export const City = z.object({
  city_id: z.number().int(),
  country_id: z.number().int(),
  city_1c_guid: z.string(),
  city_magento_id: z.number().int(),
  city_name: z.object({ En: z.string(), Kz: z.string(), Ru: z.string() }),
  geo_position: GeoPosition,
  slug: z.string(),
  /** ISO 8601 with zone. */
  last_update: z.string(),
  city_code: z.string(),
  map_available: z.boolean(),
  post_code: z.string(),
})
export type City = z.infer<typeof City>
export const CitiesResponse = z.array(City)

// ---------------------------------------------------------------- service points

export const ServicePointType = z.enum(SERVICE_POINT_TYPES)
export type ServicePointType = z.infer<typeof ServicePointType>

/** Opening hours per weekday as 'HH:MM-HH:MM'; null is a day off. */
export const WeeklyWorkHours = z.object({
  monday: z.string().nullable(),
  tuesday: z.string().nullable(),
  wednesday: z.string().nullable(),
  thursday: z.string().nullable(),
  friday: z.string().nullable(),
  saturday: z.string().nullable(),
  sunday: z.string().nullable(),
})
export type WeeklyWorkHours = z.infer<typeof WeeklyWorkHours>

/** purchase-flow.md 3, Service point (camelCase as the spec writes it). */
export const ServicePoint = z.object({
  id: z.number().int(),
  guid: z.string(),
  cityId: z.number().int(),
  type: ServicePointType,
  title: z.string(),
  address: z.string(),
  description: z.string(),
  email: z.string(),
  phone: z.string(),
  manager: z.string(),
  promo: z.string().nullable(),
  isActive: z.boolean(),
  isDriveThruAvailable: z.boolean(),
  geoPosition: GeoPosition,
  /** Usual weekday hours, 'HH:MM-HH:MM'. */
  workHours: z.string(),
  weeklyWorkHours: WeeklyWorkHours,
})
export type ServicePoint = z.infer<typeof ServicePoint>

const BooleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()

/** Without city_id: every city. Without type: shops and pickup points. Closed points only on request. */
export const ServicePointsQuery = z.object({
  city_id: CityId.optional(),
  type: ServicePointType.optional(),
  include_inactive: BooleanQuery,
})
export const ServicePointsResponse = z.array(ServicePoint)
export type ServicePointsResponse = z.infer<typeof ServicePointsResponse>

// ---------------------------------------------------------------- promotions

export const PromotionsQuery = z.object({
  /** Only promotions running in this city; every city when absent. */
  city_id: CityId.optional(),
  /** Also list finished and future promotions (default: only those running now). */
  include_inactive: BooleanQuery,
})

export const PromotionSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image_id: z.string(),
  /** ISO 8601 with zone. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Client path of the promotion's listing or page. */
  link: z.string(),
  /** Cities it runs in. */
  city_ids: z.array(z.number().int()),
  is_active: z.boolean(),
})
export type PromotionSummary = z.infer<typeof PromotionSummary>
export const PromotionsResponse = z.array(PromotionSummary)
export type PromotionsResponse = z.infer<typeof PromotionsResponse>

// ---------------------------------------------------------------- fast links

export const FastLinkPlatform = z.enum(FAST_LINK_PLATFORMS)

export const FastLinksQuery = z.object({
  city_id: CityId.default(1),
  /** desktop or m_web: links for that platform plus those for all; absent: every link. */
  platform: z.enum(['desktop', 'm_web']).optional(),
})

/** Spec 3, Fast link: the round shortcuts under the home banners. Images are image ids. */
export const FastLink = z.object({
  id: z.number().int(),
  image: z.object({ desktop: z.string(), m_web: z.string() }),
  redirect_link: z.string(),
  title: z.string(),
  platform: FastLinkPlatform,
})
export type FastLink = z.infer<typeof FastLink>
export const FastLinksResponse = z.array(FastLink)
export type FastLinksResponse = z.infer<typeof FastLinksResponse>

// ---------------------------------------------------------------- SEO anchors

/**
 * `from` is the page the anchors are for, as a client path or full URL; the city/locale prefix, query
 * and trailing slash are ignored ('/astana_kk/catalog/smartfony-i-gadzhety/smartfony?page=2').
 */
export const AnchorsRequest = z.object({ from: text().min(1).max(1000) })
export const Anchor = z.object({ title: z.string(), url: z.string() })
export type Anchor = z.infer<typeof Anchor>
/** An unknown source link has no anchors: []. */
export const AnchorsResponse = z.array(Anchor)
