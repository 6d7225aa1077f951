import type {
  BrandListingQuery,
  FiltersQuery,
  FiltersResponse,
  ListingQuery,
  Product,
  ProductAbout,
  RecommendationQuery,
  RecommendationResponse,
  RecommendBlocksResponse,
  Sorting,
} from '../../../contract/catalog'
import type { Lang } from '../../../contract/common'
import type { SpecGroup } from '../../db/schema/catalog'
import { notFound } from '../../http/errors'
import { Lru } from '../../lib/lru'
import type { z } from 'zod'
import { AnswerCache } from './answer-cache'
import {
  cityIndex,
  type Brand,
  type CatalogIndex,
  type CategoryNode,
  type CityIndex,
  type ProductRecord,
  type Scope,
  type Selection,
} from './catalog-index'
import type { CategoryTree } from './category-tree'
import { certificatesOf, type CertificateView } from './certificates'
import { deliveryClock } from './delivery'
import type { IndexHolder } from './index-holder'
import { facetFilters } from './facet-filters'
import { orderableCounts } from './orderable-counts'
import { invalid, parsePairs, parsePrice, resolveFilters, splitCategoryRef } from './query'
import { recommend, RECOMMENDATION_TITLES, type RecommendationCode } from './recommend'
import { Renderer, type ItemKind } from './render'
import type { CatalogRepo, ProductDetailsRow } from './repo'
import { categoryCanonical, listingMeta, listingRobots } from './seo'

type ListingQueryT = z.infer<typeof ListingQuery>
type BrandListingQueryT = z.infer<typeof BrandListingQuery>
type FiltersQueryT = z.infer<typeof FiltersQuery>
type RecommendationQueryT = z.infer<typeof RecommendationQuery>

/** Product pages kept rendered, as UTF-8 JSON: 64 MB at most. */
const PRODUCT_CACHE_BYTES = 64_000_000
const DETAILS_CACHE_ENTRIES = 5000
const COMMA = Buffer.from(',')

/**
 * A free-form request string in a cache key, prefixed by its length so no value can run into the
 * next field (`undefined`, an absent parameter, differs from an empty one).
 */
const text = (value: string | undefined) => (value === undefined ? '-' : `${value.length}:${value}`)

export interface CatalogServiceDeps {
  holder: IndexHolder
  repo: CatalogRepo
  now?: () => number
}

export interface BrandCategory {
  id: number
  title: string
  path: string
  count: number
}

/**
 * The catalogue's answers. Listings, facets, brands and recommendations come from the in-memory
 * index (`catalog-index.ts`); product pages add their description and specifications from the
 * database through a small cache. Hot answers are returned as JSON text, already validated by the
 * tests against the contract, so Fastify sends them without a second serialisation; whole listing
 * and facet answers are kept per index and price and stock state (`answer-cache.ts`).
 */
export function createCatalogService({ holder, repo, now = Date.now }: CatalogServiceDeps) {
  const renderers = new WeakMap<CatalogIndex, Renderer>()
  const brandCategoryCache = new WeakMap<
    CatalogIndex,
    Map<Brand, { category: CategoryNode; count: number }[]>
  >()
  const productPages = new Lru<string, Buffer>({
    maxEntries: 100_000,
    maxWeight: PRODUCT_CACHE_BYTES,
    weigh: (b) => b.length,
  })
  const details = new Lru<string, ProductDetailsRow>({ maxEntries: DETAILS_CACHE_ENTRIES })
  const loading = new Map<string, Promise<ProductDetailsRow | null>>()
  const answers = new AnswerCache()

  async function current(): Promise<{ index: CatalogIndex; renderer: Renderer }> {
    const index = await holder.get()
    let renderer = renderers.get(index)
    if (!renderer) {
      renderer = new Renderer(index, now)
      renderers.set(index, renderer)
    }
    return { index, renderer }
  }

  function pointBits(index: CatalogIndex, pointId: number | undefined, city: CityIndex) {
    if (pointId === undefined) return null
    const point = index.points.get(pointId)
    if (!point) throw invalid('unknown_point', 'querystring.point_id', `no service point ${pointId}`)
    if (point.cityId - 1 !== city) {
      throw invalid(
        'unknown_point',
        'querystring.point_id',
        `service point ${pointId} is not in city ${city + 1}`,
      )
    }
    return index.stock.pointBits.get(pointId) ?? null
  }

  function selection(
    index: CatalogIndex,
    scope: Scope,
    category: CategoryNode | null,
    q: { city_id: number; filters?: string | undefined; price?: string | undefined; point_id?: number },
  ): Selection {
    const city = cityIndex(q.city_id)
    return {
      scope,
      city,
      point: pointBits(index, q.point_id, city),
      filters: resolveFilters(category, parsePairs(q.filters)),
      price: parsePrice(q.price),
    }
  }

  function categoryOf(index: CatalogIndex, ref: string): CategoryNode {
    const category = index.category(ref)
    if (!category) throw notFound(undefined, { category: ref })
    return category
  }

  /** The listing answer as UTF-8 JSON: page, total, cards, meta, robots and canonical. */
  function listingJson(
    index: CatalogIndex,
    renderer: Renderer,
    sel: Selection,
    q: { sorting: Sorting; page: number; limit: number },
    lang: Lang,
    kind: ItemKind,
    head: {
      meta: object
      robots: string
      canonical: string
      extra?: string
    },
  ): Buffer {
    const { total, positions } = index.list(sel, q.sorting, (q.page - 1) * q.limit, q.limit)
    const lastPage = Math.max(1, Math.ceil(total / q.limit))
    if (q.page > lastPage) {
      throw invalid(
        'page_out_of_range',
        'querystring.page',
        `page ${q.page} is past the last page ${lastPage}`,
        { last_page: lastPage },
      )
    }
    const parts: Buffer[] = [Buffer.from(`{"limit":${q.limit},"page":${q.page},"total":${total},"payload":[`)]
    positions.forEach((pos, i) => {
      if (i > 0) parts.push(COMMA)
      parts.push(renderer.cardJson(pos, sel.city, lang, kind))
    })
    parts.push(
      Buffer.from(
        `],"layout":"grid","meta_data":${JSON.stringify(head.meta)},"robots":${JSON.stringify(head.robots)},` +
          `"canonical":${JSON.stringify(head.canonical)}${head.extra ?? ''}}`,
      ),
    )
    return Buffer.concat(parts)
  }

  async function listing(ref: string, query: ListingQueryT, lang: Lang, kind: ItemKind): Promise<Buffer> {
    const { index, renderer } = await current()
    // the cards' delivery estimates follow the local hour: a new hour is a new answer
    const key =
      `L|${kind}|${lang}|${text(ref)}|${text(query.filters)}|${query.price ?? ''}|${query.point_id ?? ''}|` +
      `${query.city_id}|${query.sorting}|${query.page}|${query.limit}|${deliveryClock(now())}`
    return answers.get(index, key, () => {
      const { path, filters } = splitCategoryRef(ref, query.filters)
      const q = { ...query, filters }
      const category = categoryOf(index, path)
      const sel = selection(index, index.categoryScope(category), category, q)
      const filtered = sel.filters.length > 0 || sel.price !== null || sel.point !== null
      return listingJson(index, renderer, sel, q, lang, kind, {
        meta: listingMeta(category, lang, sel.filters),
        robots: listingRobots(category.robots, {
          filtered,
          sorted: q.sorting !== 'score',
          page: q.page,
        }),
        canonical: categoryCanonical(category, sel.filters),
      })
    })
  }

  async function filters(q: FiltersQueryT, lang: Lang): Promise<Buffer> {
    const { index } = await current()
    const key = `F|${lang}|${text(q.category)}|${text(q.filters)}|${q.price ?? ''}|${q.point_id ?? ''}|${q.city_id}`
    return answers.get(index, key, () => {
      const category = categoryOf(index, q.category)
      const sel = selection(index, index.categoryScope(category), category, q)
      const facets = index.facets(sel, category)
      const response: FiltersResponse = {
        category_id: category.id,
        filters: facetFilters(facets, sel, lang),
        price_range: {
          min: facets.price.min,
          max: facets.price.max,
          chosen_min: sel.price?.min ?? facets.price.min,
          chosen_max: sel.price?.max ?? facets.price.max,
        },
        total: facets.total,
      }
      return Buffer.from(JSON.stringify(response))
    })
  }

  function brandOf(index: CatalogIndex, slug: string): Brand {
    const brand = index.brand(slug)
    if (!brand) throw notFound(undefined, { brand: slug })
    return brand
  }

  async function brandListing(slug: string, q: BrandListingQueryT, lang: Lang): Promise<Buffer> {
    const { index, renderer } = await current()
    const brand = brandOf(index, slug)
    const category = q.category === undefined ? null : categoryOf(index, q.category)
    const scope: Scope = category
      ? { key: `b${brand.slug}c${category.idx}`, start: category.start, end: category.end, extra: brand.bits }
      : index.wholeScope(brand.bits, `b${brand.slug}`)
    const sel = selection(index, scope, category, q)
    const filtered = sel.filters.length > 0 || sel.price !== null || sel.point !== null || category !== null
    const kk = lang === 'kk'
    const meta = {
      meta_title: kk
        ? `${brand.name} — интернет-дүкеннен тиімді бағамен сатып алу`
        : `${brand.name} — купить технику ${brand.name} по выгодной цене в интернет-магазине`,
      meta_header: brand.name,
      meta_description: kk
        ? `${brand.name} тауарлары: бағалар, қолда бары, жеткізу және бөліп төлеу.`
        : `Товары ${brand.name}: цены, наличие в магазинах, доставка и рассрочка.`,
      seo_text: '',
    }
    return listingJson(index, renderer, sel, q, lang, 'full', {
      meta,
      robots: listingRobots('INDEX,FOLLOW', { filtered, sorted: q.sorting !== 'score', page: q.page }),
      canonical: `/b/${brand.slug}`,
      extra: `,"brand":${JSON.stringify({ slug: brand.slug, name: brand.name, color: brand.color })}`,
    })
  }

  async function brandCategories(
    slug: string,
    lang: Lang,
  ): Promise<{ brand: string; categories: BrandCategory[] }> {
    const { index } = await current()
    const brand = brandOf(index, slug)
    let perBrand = brandCategoryCache.get(index)
    if (!perBrand) brandCategoryCache.set(index, (perBrand = new Map()))
    let list = perBrand.get(brand)
    if (!list) {
      const counts = new Map<CategoryNode, number>()
      for (const r of index.records)
        if (r.brand === brand) counts.set(r.category, (counts.get(r.category) ?? 0) + 1)
      list = [...counts.entries()]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || a.category.idx - b.category.idx)
      perBrand.set(brand, list)
    }
    return {
      brand: brand.slug,
      categories: list.map(({ category, count }) => ({
        id: category.id,
        title: lang === 'kk' ? category.nameKk : category.nameRu,
        path: category.path,
        count,
      })),
    }
  }

  function productOf(index: CatalogIndex, ref: string): ProductRecord {
    const record = index.product(ref)
    if (!record) throw notFound(undefined, { product: ref })
    return record
  }

  async function detailsOf(index: CatalogIndex, record: ProductRecord): Promise<ProductDetailsRow> {
    const key = `${index.version}:${record.id}`
    const cached = details.get(key)
    if (cached) return cached
    let pending = loading.get(key)
    if (!pending) {
      pending = repo.productDetails(record.id).finally(() => loading.delete(key))
      loading.set(key, pending)
    }
    const row = await pending
    // deleted since the index was built: the next refresh drops it from listings too
    if (!row) throw notFound(undefined, { product: record.sku })
    details.set(key, row)
    return row
  }

  const localSpecs = (groups: SpecGroup[], lang: Lang) =>
    groups.map((g) => ({
      code: g.code,
      title: lang === 'kk' ? g.title_kk : g.title_ru,
      items: g.items.map((i) => ({
        code: i.code,
        title: lang === 'kk' ? i.title_kk : i.title_ru,
        value: lang === 'kk' ? i.value_kk : i.value_ru,
      })),
    }))

  const productCanonical = (r: ProductRecord) =>
    r.type === 'service' || r.type === 'guaranty' ? `/p/s/${r.sku}` : `/p/${r.uri}`

  async function product(ref: string, cityId: number, lang: Lang): Promise<Buffer> {
    const { index, renderer } = await current()
    const record = productOf(index, ref)
    const city = cityIndex(cityId)
    const key = `${index.version}|${index.cardStamps[record.pos]}|${deliveryClock(now())}|${record.pos}|${city}|${lang}`
    const cached = productPages.get(key)
    if (cached) return cached
    const row = await detailsOf(index, record)
    const item = renderer.item(record.pos, city, lang, now(), true)
    const kk = lang === 'kk'
    const reference = record.referenceProductId === null ? null : index.productById(record.referenceProductId)
    const page: Product = {
      ...item,
      description: kk ? row.description_kk : row.description_ru,
      spec_groups: localSpecs(row.spec_groups, lang),
      category_id: record.category.id,
      category_path: record.category.path,
      breadcrumbs: record.category.chain.map((c) => ({
        title: kk ? c.nameKk : c.nameRu,
        path: `/catalog/${c.path}`,
      })),
      brand_slug: record.brand?.slug ?? null,
      reference_product_sku: reference?.sku ?? null,
      meta_data: {
        meta_title: kk
          ? `${item.title} — интернет-дүкеннен сатып алу`
          : `${item.title} — купить в интернет-магазине по выгодной цене`,
        meta_header: item.title,
        meta_description: kk
          ? `${item.title}: бағасы ${item.price} ₸, жеткізу және бөліп төлеу.`
          : `${item.title}: цена ${item.price} ₸, доставка, самовывоз и рассрочка.`,
        seo_text: '',
      },
      canonical: productCanonical(record),
    }
    const json = Buffer.from(JSON.stringify(page))
    productPages.set(key, json)
    return json
  }

  async function about(ref: string, lang: Lang): Promise<z.infer<typeof ProductAbout>> {
    const { index, renderer } = await current()
    const record = productOf(index, ref)
    const row = await detailsOf(index, record)
    return {
      sku: record.sku,
      description: lang === 'kk' ? row.description_kk : row.description_ru,
      short_description: renderer.description(record.shortDescription, lang),
      spec_groups: localSpecs(row.spec_groups, lang),
    }
  }

  async function certificates(
    sku: string,
    lang: Lang,
  ): Promise<{ sku: string; certificates: CertificateView[] }> {
    const { index } = await current()
    const record = productOf(index, sku)
    return { sku: record.sku, certificates: certificatesOf(record, lang) }
  }

  function block(
    index: CatalogIndex,
    renderer: Renderer,
    code: RecommendationCode,
    q: RecommendationQueryT,
    product: ProductRecord | null,
    category: CategoryNode | null,
    lang: Lang,
  ): RecommendationResponse {
    const city = cityIndex(q.city_id)
    const positions = recommend(index, code, { city, product, category, limit: q.limit })
    return {
      code,
      title: RECOMMENDATION_TITLES[code][lang],
      segment: q.segment,
      products: positions.map((pos) => renderer.recommendation(pos, city, lang)),
    }
  }

  function recommendationInputs(index: CatalogIndex, q: RecommendationQueryT) {
    const product = q.sku === undefined ? null : productOf(index, q.sku)
    const category = q.category === undefined ? null : categoryOf(index, q.category)
    return { product, category }
  }

  async function recommendation(
    code: RecommendationCode,
    q: RecommendationQueryT,
    lang: Lang,
  ): Promise<RecommendationResponse> {
    const { index, renderer } = await current()
    const { product, category } = recommendationInputs(index, q)
    if (!product && (code === 'similar' || code === 'accessories' || code === 'together')) {
      throw invalid(
        'sku_required',
        'querystring.sku',
        `the ${code} recommendations are for a product: pass sku`,
      )
    }
    return block(index, renderer, code, q, product, category, lang)
  }

  async function recommendAll(
    q: RecommendationQueryT,
    lang: Lang,
  ): Promise<z.infer<typeof RecommendBlocksResponse>> {
    const { index, renderer } = await current()
    const { product, category } = recommendationInputs(index, q)
    const codes: RecommendationCode[] = product
      ? ['similar', 'accessories', 'together']
      : ['popular', 'new', 'discounted']
    return {
      sku: product?.sku ?? null,
      segment: q.segment,
      blocks: codes.map((code) => block(index, renderer, code, q, product, category, lang)),
    }
  }

  return {
    listing,
    filters,
    brandListing,
    brandCategories,
    product,
    about,
    certificates,
    recommendation,
    recommendAll,
    /** Checks the catalogue version now and rebuilds at once (tests; the poller does it every 2 s). */
    refresh: () => holder.refresh(true),
    index: () => holder.get(),
    /** Per category and city, how many products can be ordered now (the menu hides empty ones). */
    orderableCounts: async () => orderableCounts(await holder.get()),
    /** The category tree of the current index: the one tree the cart, pricing and promotions read. */
    categories: (): Promise<CategoryTree> => holder.categories(),
    alongside: (build: (index: CatalogIndex) => Promise<unknown>) => holder.alongside(build),
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
