import { setTimeout as sleep } from 'node:timers/promises'
import {
  BrandCategoriesResponse,
  BrandListingQuery,
  BrandParams,
  BrandResponse,
  CategoryParams,
  CertificatesParams,
  CertificatesResponse,
  FiltersQuery,
  FiltersResponse,
  ListingQuery,
  Product,
  ProductAbout,
  ProductListResponse,
  ProductParams,
  ProductQuery,
  ProductShortListResponse,
  RecommendationParams,
  RecommendationQuery,
  RecommendationResponse,
  RecommendBlocksResponse,
} from '../../../contract/catalog'
import { ErrorBody } from '../../../contract/common'
import { sendJson } from '../../http/json-bytes'
import type { ModuleRegistration } from '../../http/types'
import { IndexHolder } from './index-holder'
import { createCatalogRepo } from './repo'
import { createCatalogService, type CatalogService } from './service'

const BASE = '/katalog/api'
/** How long `ready` waits for the first index before letting the server listen anyway. */
const FIRST_BUILD_WAIT_MS = 8000

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue: search, the menu and the sitemaps read it, and tests refresh its index. */
    catalog: CatalogService
  }
}

const errors = { 400: ErrorBody, 404: ErrorBody }

export const catalogModule: ModuleRegistration = (app, { database, readiness }) => {
  const repo = createCatalogRepo(database.db)
  const holder = new IndexHolder(repo, app.log)
  readiness.add('catalog_index', () => holder.ready)
  const catalog = createCatalogService({ holder, repo })
  app.decorate('catalog', catalog)

  // After a first start's seed (main.ts seeds between building the app and listening).
  app.addHook('onReady', async () => {
    // The tree first, before the store listens: until the first index is built, carts read it inside
    // their transactions, and reading it then would wait for a pool connection those transactions hold
    // (32 new carts at once at start on a pool of 6 connections waited for ever).
    await holder.categories().catch((err: unknown) => app.log.error({ err }, 'catalog: category tree failed'))
    const first = holder.start().then(
      () => undefined,
      (err: unknown) => app.log.error({ err }, 'catalog index: first build failed'),
    )
    await Promise.race([first, sleep(FIRST_BUILD_WAIT_MS)])
  })
  app.addHook('onClose', async () => holder.stop())

  const tags = ['catalog']

  for (const short of [false, true]) {
    const path = `${BASE}/v2/products/category${short ? '/short' : ''}`
    const schema = {
      tags,
      summary: short
        ? 'Category listing with compact cards (same query, order and pagination)'
        : 'Category listing: filters, price, point, sorting and pages (spec 2.3, 7.1)',
      querystring: ListingQuery,
      response: { 200: short ? ProductShortListResponse : ProductListResponse, ...errors },
    }
    app.get(`${path}/:id`, { schema: { ...schema, params: CategoryParams } }, async (req, reply) =>
      sendJson(reply, await catalog.listing(req.params.id, req.query, req.lang, short ? 'short' : 'full')),
    )
    // a category path with its slashes unencoded: /category/bytovaya-tekhnika/.../holodilniki
    app.get(`${path}/*`, { schema: { ...schema, hide: true } }, async (req, reply) => {
      const params = req.params as { '*': string }
      return sendJson(
        reply,
        await catalog.listing(params['*'], req.query, req.lang, short ? 'short' : 'full'),
      )
    })
  }

  app.get(
    `${BASE}/v1/products/filters`,
    {
      schema: {
        tags,
        summary: 'Facets of a category: option counts with the other filters applied, price bounds',
        querystring: FiltersQuery,
        response: { 200: FiltersResponse, ...errors },
      },
    },
    async (req, reply) => sendJson(reply, await catalog.filters(req.query, req.lang)),
  )

  app.get(
    `${BASE}/v1/products/brand/:brand`,
    {
      schema: {
        tags,
        summary: 'Listing of a brand, optionally within a category',
        params: BrandParams,
        querystring: BrandListingQuery,
        response: { 200: BrandResponse, ...errors },
      },
    },
    async (req, reply) => sendJson(reply, await catalog.brandListing(req.params.brand, req.query, req.lang)),
  )

  app.get(
    `${BASE}/v1/products/brand/categories/:brand`,
    {
      schema: {
        tags,
        summary: 'The categories a brand has products in, with counts',
        params: BrandParams,
        response: { 200: BrandCategoriesResponse, ...errors },
      },
    },
    (req) => catalog.brandCategories(req.params.brand, req.lang),
  )

  app.get(
    `${BASE}/v1/products/certificates/:sku`,
    {
      schema: {
        tags,
        summary: 'Conformity documents of a product',
        params: CertificatesParams,
        querystring: ProductQuery,
        response: { 200: CertificatesResponse, ...errors },
      },
    },
    (req) => catalog.certificates(req.params.sku, req.lang),
  )

  app.get(
    `${BASE}/v1/products/:id`,
    {
      schema: {
        tags,
        summary: 'Product page data by sku or uri, with the city’s price, stock and delivery estimate',
        params: ProductParams,
        querystring: ProductQuery,
        response: { 200: Product, ...errors },
      },
    },
    async (req, reply) => sendJson(reply, await catalog.product(req.params.id, req.query.city_id, req.lang)),
  )

  app.get(
    `${BASE}/v1/products/:id/about`,
    {
      schema: {
        tags,
        summary: 'The about and specifications tabs of a product',
        params: ProductParams,
        response: { 200: ProductAbout, ...errors },
      },
    },
    (req) => catalog.about(req.params.id, req.lang),
  )

  for (const version of ['v1', 'v2']) {
    app.get(
      `${BASE}/${version}/recommend`,
      {
        schema: {
          tags,
          summary: 'Carousels: similar, accessories and together for a sku; popular, new, discounted without',
          querystring: RecommendationQuery,
          response: { 200: RecommendBlocksResponse, ...errors },
        },
      },
      (req) => catalog.recommendAll(req.query, req.lang),
    )
    app.get(
      `${BASE}/${version}/recommendation/:code`,
      {
        schema: {
          tags,
          summary: 'One carousel by code',
          params: RecommendationParams,
          querystring: RecommendationQuery,
          response: { 200: RecommendationResponse, ...errors },
        },
      },
      (req) => catalog.recommendation(req.params.code, req.query, req.lang),
    )
  }
}
