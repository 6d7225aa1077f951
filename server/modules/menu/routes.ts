import { ErrorBody } from '../../../contract/common'
import {
  AnchorsRequest,
  AnchorsResponse,
  BreadcrumbsParams,
  BreadcrumbsResponse,
  CitiesResponse,
  CmsBlocksQuery,
  CmsBlocksResponse,
  FastLinksQuery,
  FastLinksResponse,
  MENU_BASE,
  MenuParams,
  MenuQuery,
  MenuResponse,
  PromotionsQuery,
  PromotionsResponse,
  ServicePointsQuery,
  ServicePointsResponse,
} from '../../../contract/menu'
import type { ModuleRegistration } from '../../http/types'
import type { CategoryTree } from '../catalog'
import { createMenuRepo, type CategoryRow } from './repo'
import { createMenuService } from './service'

/** Menus and content change with the catalogue, rarely: a minute in shared caches, per language. */
const SHORT_CACHE = 'public, max-age=60'

const errors = { 400: ErrorBody, 404: ErrorBody }

/** The catalogue's categories as the menu draws them. */
function menuCategories(tree: CategoryTree): CategoryRow[] {
  return tree.nodes.map((c) => ({
    id: c.id,
    parent_id: c.parent?.id ?? null,
    slug: c.slug,
    path: c.path,
    name_ru: c.nameRu,
    name_kk: c.nameKk,
    level: c.level,
    sort: c.sort,
    icon: c.icon,
    image_id: c.imageId,
    is_service: c.isService,
    item_class: c.itemClass,
  }))
}

export const menuModule: ModuleRegistration = (app, { database }) => {
  const repo = createMenuRepo(database.db)
  const menu = createMenuService({
    // the catalogue's own category tree: the menu keeps no copy of its own
    repo: { ...repo, categories: async () => menuCategories(await app.catalog.categories()) },
    orderableCounts: () => app.catalog.orderableCounts(),
    onError: (err) => app.log.error({ err }, 'menu refresh failed'),
  })
  app.addHook('onReady', async () => {
    // Build the menus in the background as the server starts, so the first shopper does not wait.
    menu.warm().catch((err: unknown) => app.log.warn({ err }, 'menu warm-up failed'))
  })

  app.get(
    `${MENU_BASE}/menu/:name`,
    {
      schema: {
        tags: ['menu'],
        summary: 'The category menu (katalog) or a link menu (footer, top) for a city',
        params: MenuParams,
        querystring: MenuQuery,
        response: { 200: MenuResponse, ...errors, 503: ErrorBody },
      },
    },
    async (req, reply) => {
      const body = await menu.menuJson(req.params.name, req.query.city_id, req.lang)
      // Stored as checked JSON already: Fastify sends a string with a JSON content type as it is, without
      // a second serialization, so the type below only satisfies the route's typed reply.
      return reply
        .header('cache-control', SHORT_CACHE)
        .header('vary', 'accept-language')
        .type('application/json; charset=utf-8')
        .send(body as unknown as MenuResponse)
    },
  )

  app.get(
    `${MENU_BASE}/menu/breadcrumbs/categories/:name`,
    {
      schema: {
        tags: ['menu'],
        summary: 'Breadcrumbs of a category from the root, by slug, path or id',
        params: BreadcrumbsParams,
        response: { 200: BreadcrumbsResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', SHORT_CACHE).header('vary', 'accept-language')
      return menu.breadcrumbs(req.params.name, req.lang)
    },
  )

  app.get(
    `${MENU_BASE}/cms-blocks`,
    {
      schema: {
        tags: ['menu'],
        summary: 'Content blocks of a page: home banners, promo page, help pages',
        querystring: CmsBlocksQuery,
        response: { 200: CmsBlocksResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', SHORT_CACHE).header('vary', 'accept-language')
      return menu.cmsBlocks(req.query.slug, req.query.city_id, req.lang)
    },
  )

  app.get(
    `${MENU_BASE}/cities`,
    {
      schema: { tags: ['menu'], summary: 'The cities the store sells in', response: { 200: CitiesResponse } },
    },
    async (_req, reply) => {
      reply.header('cache-control', SHORT_CACHE)
      return menu.cities()
    },
  )

  app.get(
    `${MENU_BASE}/service_points/query`,
    {
      schema: {
        tags: ['menu'],
        summary: 'Shops and pickup points, by city and type',
        querystring: ServicePointsQuery,
        response: { 200: ServicePointsResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', SHORT_CACHE).header('vary', 'accept-language')
      return menu.servicePoints(req.query, req.lang)
    },
  )

  app.get(
    `${MENU_BASE}/promotions`,
    {
      schema: {
        tags: ['menu'],
        summary: 'Promotions running now (in a city)',
        querystring: PromotionsQuery,
        response: { 200: PromotionsResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', SHORT_CACHE).header('vary', 'accept-language')
      return menu.promotions(req.query, req.lang)
    },
  )

  app.get(
    `${MENU_BASE}/fast-links`,
    {
      schema: {
        tags: ['menu'],
        summary: 'Shortcuts under the home banners, by city and platform',
        querystring: FastLinksQuery,
        response: { 200: FastLinksResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', SHORT_CACHE).header('vary', 'accept-language')
      return menu.fastLinks(req.query, req.lang)
    },
  )

  app.post(
    `${MENU_BASE}/anchors`,
    {
      schema: {
        tags: ['menu'],
        summary: 'SEO anchor links for a page (by its link)',
        body: AnchorsRequest,
        response: { 200: AnchorsResponse, ...errors },
      },
    },
    async (req) => menu.anchors(req.body.from, req.lang),
  )
}
