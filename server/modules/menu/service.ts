import { CITIES, type Lang } from '../../../contract/common'
import {
  categoryUrl,
  MENU_NAMES,
  MenuResponse,
  type Anchor,
  type BreadcrumbsResponse,
  type City,
  type CmsBlocksResponse,
  type FastLink,
  type MenuItem,
  type MenuName,
  type PromotionSummary,
  type ServicePoint,
} from '../../../contract/menu'
import { HttpError, notFound } from '../../http/errors'
import type {
  AnchorRow,
  BrandCountRow,
  CategoryRow,
  CityRow,
  CmsBlockRow,
  CmsPageRow,
  FastLinkRow,
  MenuRepo,
  PromotionRow,
  ServicePointRow,
} from './repo'
import { FOOTER_MENU, groupItem, linkItem, TOP_MENU } from './link-menus'
import { Snapshot, withBudget } from './snapshot'

/** Brand presets under each category that filters by brand: the brands with most products first. */
export const PRESETS_PER_CATEGORY = 3
/** Spec 7.2: the menu call has a one-second budget on the server. */
export const MENU_BUDGET_MS = 1000

const LANGS: readonly Lang[] = ['ru', 'kk']
const text = (lang: Lang, ru: string, kk: string) => (lang === 'kk' ? kk || ru : ru)
const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString()

interface CatalogueData {
  byId: Map<number, CategoryRow>
  bySlug: Map<string, CategoryRow>
  byPath: Map<string, CategoryRow>
  children: Map<number | null, CategoryRow[]>
  ancestors: (id: number) => CategoryRow[]
  /** Brands of each category's subtree, most products first. */
  brandsByCategory: Map<number, BrandCountRow[]>
  withBrandFilter: Set<number>
}

/** Orderable products per `${categoryId}:${cityId}`, rolled up to every ancestor. */
type Counts = Map<string, number>

interface ContentData {
  cities: CityRow[]
  points: ServicePointRow[]
  pages: Map<string, CmsPageRow>
  blocks: Map<string, CmsBlockRow[]>
  fastLinks: FastLinkRow[]
  promotions: PromotionRow[]
  anchors: Map<string, AnchorRow[]>
}

export interface MenuServiceOptions {
  repo: MenuRepo
  /** How long a loaded catalogue menu or content set is served before a background refresh. */
  ttlMs?: number
  /** Products per leaf category a shopper of each city can order (the catalogue index counts them). */
  orderableCounts: () => Promise<readonly { category_id: number; city_id: number; n: number }[]>
  /** How long per-city product counts are served before a background recount. */
  countsTtlMs?: number
  now?: () => number
  onError?: (err: unknown) => void
}

function group<K, V>(items: readonly V[], key: (v: V) => K): Map<K, V[]> {
  const out = new Map<K, V[]>()
  for (const item of items) {
    const k = key(item)
    const list = out.get(k)
    if (list) list.push(item)
    else out.set(k, [item])
  }
  return out
}

async function loadCatalogue(repo: MenuRepo): Promise<CatalogueData> {
  const [categories, brandCounts, brandFiltered] = await Promise.all([
    repo.categories(),
    repo.brandCounts(),
    repo.brandFilterCategories(),
  ])
  const byId = new Map(categories.map((c) => [c.id, c]))
  const ancestors = (id: number): CategoryRow[] => {
    const chain: CategoryRow[] = []
    for (let c = byId.get(id); c; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) chain.push(c)
    return chain
  }
  const brandsByCategory = new Map<number, BrandCountRow[]>()
  for (const row of brandCounts) {
    for (const c of ancestors(row.category_id)) {
      const list = brandsByCategory.get(c.id) ?? []
      const at = list.find((b) => b.brand_id === row.brand_id)
      if (at) at.n += row.n
      else list.push({ ...row })
      brandsByCategory.set(c.id, list)
    }
  }
  for (const list of brandsByCategory.values()) list.sort((a, b) => b.n - a.n || a.brand_id - b.brand_id)
  return {
    byId,
    bySlug: new Map(categories.map((c) => [c.slug, c])),
    byPath: new Map(categories.map((c) => [c.path, c])),
    children: group(categories, (c) => c.parent_id),
    ancestors,
    brandsByCategory,
    withBrandFilter: new Set(brandFiltered),
  }
}

/** Leaf counts per city rolled up the tree of the catalogue they were counted against. */
function rollUp(
  data: CatalogueData,
  rows: readonly { category_id: number; city_id: number; n: number }[],
): Counts {
  const counts: Counts = new Map()
  for (const row of rows) {
    for (const c of data.ancestors(row.category_id)) {
      const key = `${c.id}:${row.city_id}`
      counts.set(key, (counts.get(key) ?? 0) + row.n)
    }
  }
  return counts
}

/** Every menu answer (3 menus × 4 cities × 2 languages), checked against the contract and serialized. */
function renderMenus(data: CatalogueData, counts: Counts | undefined): Map<string, string> {
  const presetItems = (c: CategoryRow, lang: Lang): MenuItem[] => {
    if (!data.withBrandFilter.has(c.id)) return []
    return (data.brandsByCategory.get(c.id) ?? []).slice(0, PRESETS_PER_CATEGORY).map((b) => {
      const filters = [{ code: 'brand', value: b.slug }]
      return {
        id: `preset-${c.id}-brand-${b.slug}`,
        kind: 'preset' as const,
        title: lang === 'kk' ? `${b.name} ${c.name_kk.toLowerCase()}` : `${c.name_ru} ${b.name}`,
        url: categoryUrl(c.path, filters),
        item_class: c.item_class,
        filters,
        image_id: null,
        icon: c.icon,
        category_id: c.id,
        path: c.path,
        slug: c.slug,
        level: c.level + 1,
        is_service: c.is_service,
        product_count: null,
        children: [],
      }
    })
  }

  const categoryItem = (c: CategoryRow, city: number, lang: Lang): MenuItem => ({
    id: `category-${c.id}`,
    kind: 'category',
    title: text(lang, c.name_ru, c.name_kk),
    url: categoryUrl(c.path),
    item_class: c.item_class,
    filters: [],
    image_id: c.image_id,
    icon: c.icon,
    category_id: c.id,
    path: c.path,
    slug: c.slug,
    level: c.level,
    is_service: c.is_service,
    product_count: counts ? (counts.get(`${c.id}:${city}`) ?? 0) : null,
    children: [
      ...(data.children.get(c.id) ?? []).map((child) => categoryItem(child, city, lang)),
      ...presetItems(c, lang),
    ],
  })

  const roots = data.children.get(null) ?? []
  const menus = new Map<string, string>()
  for (const { id: city } of CITIES) {
    for (const lang of LANGS) {
      const katalog = roots.map((c) => categoryItem(c, city, lang))
      const top = TOP_MENU.map((l) => linkItem(l, lang, 1))
      const footer = FOOTER_MENU.map((g) =>
        groupItem(g, lang, [
          ...(g.categories
            ? roots
                .filter((c) => !c.is_service)
                .map((c) => ({ ...categoryItem(c, city, lang), level: 2, children: [] }))
            : []),
          ...g.links.map((l) => linkItem(l, lang, 2)),
        ]),
      )
      const answers: Record<MenuName, MenuItem[]> = { katalog, top, footer }
      for (const name of MENU_NAMES) {
        // checked once here, so the hot path can send the stored JSON as it is
        const body = MenuResponse.parse({ name, city_id: city, items: answers[name] })
        menus.set(`${name}:${city}:${lang}`, JSON.stringify(body))
      }
    }
  }
  return menus
}

async function buildContent(repo: MenuRepo): Promise<ContentData> {
  const [cities, points, pages, blocks, fastLinks, promotions, anchors] = await Promise.all([
    repo.cities(),
    repo.servicePoints(),
    repo.cmsPages(),
    repo.cmsBlocks(),
    repo.fastLinks(),
    repo.promotions(),
    repo.anchors(),
  ])
  return {
    cities,
    points,
    pages: new Map(pages.map((p) => [p.slug, p])),
    blocks: group(blocks, (b) => b.slug),
    fastLinks,
    promotions,
    anchors: group(anchors, (a) => a.from_link),
  }
}

const availableIn = (cityIds: number[] | null, city: number | undefined) =>
  city === undefined || cityIds === null || cityIds.includes(city)

/** '/astana_kk/catalog/x/?page=2' → '/catalog/x'; a full URL loses its origin first. */
export function normalizeSourceLink(from: string): string {
  let path: string
  try {
    path = new URL(from, 'http://local').pathname
  } catch {
    path = from
  }
  try {
    path = decodeURI(path)
  } catch {
    // a malformed escape stays as written
  }
  const prefix = new RegExp(`^/(?:${CITIES.map((c) => c.slug).join('|')})(?:_kk)?(?=/|$)`)
  path = path.replace(prefix, '').replace(/\/+$/, '')
  return path === '' ? '/' : path
}

export function createMenuService({
  repo,
  ttlMs = 60_000,
  orderableCounts,
  countsTtlMs = 30_000,
  now = Date.now,
  onError,
}: MenuServiceOptions) {
  const catalogue = new Snapshot(() => loadCatalogue(repo), { ttlMs, now, onError })
  const content = new Snapshot(() => buildContent(repo), { ttlMs, now, onError })
  // The counts wait for the catalogue index, which takes seconds to build at a big catalogue, so they
  // never hold a menu up: until the first count is in, product_count is null.
  const counts = new Snapshot(
    async () => {
      const [data, found] = await Promise.all([catalogue.get(), orderableCounts()])
      return rollUp(data, found)
    },
    { ttlMs: countsTtlMs, now, onError },
  )
  let rendered: { data: CatalogueData; counts: Counts | undefined; menus: Map<string, string> } | null = null

  function menusOf(data: CatalogueData): Map<string, string> {
    counts.get().catch(() => undefined) // starts or refreshes the count in the background
    const known = counts.peek()
    if (rendered?.data !== data || rendered.counts !== known) {
      rendered = { data, counts: known, menus: renderMenus(data, known) }
    }
    return rendered.menus
  }

  const findCategory = (data: CatalogueData, name: string): CategoryRow | undefined => {
    const trimmed = name.replace(/^\/+|\/+$/g, '').replace(/^catalog\//, '')
    if (/^\d+$/.test(trimmed)) return data.byId.get(Number(trimmed))
    return data.byPath.get(trimmed) ?? data.bySlug.get(trimmed)
  }

  return {
    /** Loads both snapshots; the server calls it at start so the first shopper does not wait. */
    warm: () => Promise.all([catalogue.refresh(), content.refresh(), counts.refresh()]).then(() => undefined),

    /** Reloads everything now (tests and admin edits). */
    refresh: () =>
      Promise.all([catalogue.refresh(), content.refresh()])
        .then(() => counts.refresh())
        .then(() => undefined),

    /** The serialized menu answer; 404 for a name that is not a menu, 503 past the one-second budget. */
    async menuJson(name: string, city: number, lang: Lang): Promise<string> {
      if (!(MENU_NAMES as readonly string[]).includes(name)) throw notFound()
      const data = await withBudget(
        catalogue.get(),
        MENU_BUDGET_MS,
        () => new HttpError(503, 'menu_timeout', 'errors:failedToGetTheMenu'),
      )
      const body = menusOf(data).get(`${name}:${city}:${lang}`)
      if (!body) throw notFound()
      return body
    },

    async breadcrumbs(name: string, lang: Lang): Promise<BreadcrumbsResponse> {
      const data = await catalogue.get()
      const category = findCategory(data, name)
      if (!category) throw notFound()
      const chain: CategoryRow[] = []
      for (
        let c: CategoryRow | undefined = category;
        c;
        c = c.parent_id === null ? undefined : data.byId.get(c.parent_id)
      )
        chain.unshift(c)
      return {
        category_id: category.id,
        breadcrumbs: chain.map((c) => ({
          id: c.id,
          title: text(lang, c.name_ru, c.name_kk),
          slug: c.slug,
          path: c.path,
          url: categoryUrl(c.path),
          level: c.level,
        })),
      }
    },

    async cmsBlocks(slug: string, city: number, lang: Lang): Promise<CmsBlocksResponse> {
      const data = await content.get()
      const page = data.pages.get(slug)
      if (!page) throw notFound()
      return {
        slug,
        title: text(lang, page.title_ru, page.title_kk),
        meta_title: text(lang, page.meta_title_ru, page.meta_title_kk),
        meta_description: text(lang, page.meta_description_ru, page.meta_description_kk),
        blocks: (data.blocks.get(slug) ?? [])
          .filter((b) => availableIn(b.city_ids, city))
          .map((b) => {
            const image = lang === 'kk' ? (b.image_id_kk ?? b.image_id) : b.image_id
            return {
              id: b.id,
              type: b.type,
              title: text(lang, b.title_ru, b.title_kk),
              text: text(lang, b.text_ru, b.text_kk),
              image_id: image,
              image_id_mobile: b.image_id_mobile ?? image,
              link: b.link,
              background_color: b.background_color,
              sort: b.sort,
            }
          }),
      }
    },

    async cities(): Promise<City[]> {
      const data = await content.get()
      return data.cities.map((c) => ({
        city_id: c.id,
        country_id: c.country_id,
        city_1c_guid: c.city_1c_guid,
        city_magento_id: c.city_magento_id,
        city_name: { En: c.name_en, Kz: c.name_kz, Ru: c.name_ru },
        geo_position: { latitude: c.latitude, longitude: c.longitude },
        slug: c.slug,
        last_update: iso(c.last_update),
        city_code: c.city_code,
        map_available: c.map_available,
        post_code: c.post_code,
      }))
    },

    async servicePoints(
      query: { city_id?: number; type?: 'shop' | 'pickup_point'; include_inactive?: boolean },
      lang: Lang,
    ): Promise<ServicePoint[]> {
      const data = await content.get()
      return data.points
        .filter(
          (p) =>
            (query.city_id === undefined || p.city_id === query.city_id) &&
            (query.type === undefined || p.type === query.type) &&
            (query.include_inactive === true || p.is_active),
        )
        .map((p) => ({
          id: p.id,
          guid: p.guid,
          cityId: p.city_id,
          type: p.type,
          title: text(lang, p.title_ru, p.title_kk),
          address: text(lang, p.address_ru, p.address_kk),
          description: text(lang, p.description_ru, p.description_kk),
          email: p.email,
          phone: p.phone,
          manager: p.manager,
          promo: p.promo,
          isActive: p.is_active,
          isDriveThruAvailable: p.is_drive_thru_available,
          geoPosition: { latitude: p.latitude, longitude: p.longitude },
          workHours: p.work_hours,
          weeklyWorkHours: p.weekly_work_hours,
        }))
    },

    async promotions(
      query: { city_id?: number; include_inactive?: boolean },
      lang: Lang,
    ): Promise<PromotionSummary[]> {
      const data = await content.get()
      const at = now()
      return data.promotions
        .map((p) => {
          const starts = new Date(p.starts_at).getTime()
          const ends = new Date(p.ends_at).getTime()
          return {
            id: p.id,
            slug: p.slug,
            title: text(lang, p.title_ru, p.title_kk),
            description: text(lang, p.description_ru, p.description_kk),
            image_id: p.image_id,
            starts_at: iso(p.starts_at),
            ends_at: iso(p.ends_at),
            link: p.link,
            city_ids: p.city_ids,
            is_active: starts <= at && at <= ends,
          }
        })
        .filter(
          (p) =>
            (query.include_inactive === true || p.is_active) &&
            (query.city_id === undefined || p.city_ids.includes(query.city_id)),
        )
    },

    async fastLinks(
      query: { city_id: number; platform?: 'desktop' | 'm_web' },
      lang: Lang,
    ): Promise<FastLink[]> {
      const data = await content.get()
      return data.fastLinks
        .filter(
          (f) =>
            availableIn(f.city_ids, query.city_id) &&
            (query.platform === undefined || f.platform === 'all' || f.platform === query.platform),
        )
        .map((f) => ({
          id: f.id,
          image: { desktop: f.image_desktop, m_web: f.image_m_web },
          redirect_link: f.redirect_link,
          title: text(lang, f.title_ru, f.title_kk),
          platform: f.platform,
        }))
    },

    /** Anchors of the page; a filtered listing without its own falls back to its category's. */
    async anchors(from: string, lang: Lang): Promise<Anchor[]> {
      const data = await content.get()
      const link = normalizeSourceLink(from)
      const found = data.anchors.get(link) ?? data.anchors.get(link.replace(/\/f\/.*$/, '')) ?? []
      return found.map((a) => ({ title: text(lang, a.title_ru, a.title_kk), url: a.url }))
    },
  }
}

export type MenuService = ReturnType<typeof createMenuService>
