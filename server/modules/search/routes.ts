import { z } from 'zod'
import { ErrorBody } from '../../../contract/common'
import {
  SearchClickRequest,
  SearchRequest,
  SearchResponse,
  SuggestQuery,
  SuggestResponse,
} from '../../../contract/search'
import { sendJson, sendJsonParts } from '../../http/json-bytes'
import type { ModuleRegistration } from '../../http/types'
import { createSearchRepo } from './repo'
import { createSearchService, type SearchService } from './service'
import { TextIndexHolder } from './text-index-holder'

const BASE = '/katalog/api/v1/products/search'
const errors = { 400: ErrorBody, 404: ErrorBody }

declare module 'fastify' {
  interface FastifyInstance {
    /** Product search (`search` is Fastify's route method for the HTTP SEARCH verb). */
    productSearch: SearchService
  }
}

export const searchModule: ModuleRegistration = (app, { database }) => {
  const { catalog } = app
  const repo = createSearchRepo(database.db)
  const texts = new TextIndexHolder(
    { lexicon: () => repo.lexicon(), eachDocumentBatch: (each) => repo.eachDocumentBatch(each) },
    app.log,
  )
  // built with every catalogue index, before it answers (see `text-index-holder.ts`); a failed build
  // leaves the catalogue answering, and the first search builds it again
  catalog.alongside((index) =>
    texts.of(index).catch((err: unknown) => app.log.error({ err }, 'search text index: build failed')),
  )
  const search = createSearchService({
    repo,
    index: () => catalog.index(),
    texts: (index) => texts.of(index),
    log: app.log,
  })
  app.decorate('productSearch', search)
  // searches still queued are written before the database closes
  app.addHook('onClose', async () => search.flushEvents())
  const tags = ['search']

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary:
          'Search products: typos, keyboard layout, transliteration, synonyms and model numbers forgiven; facets, price range, categories, redirect',
        body: SearchRequest,
        response: { 200: SearchResponse, ...errors },
      },
    },
    async (req, reply) => sendJsonParts(reply, await search.search(req.body, req.lang, req.sessionId)),
  )

  app.get(
    `${BASE}/suggest`,
    {
      schema: {
        tags,
        summary: 'Search box suggestions: completions, categories and top products of a partial query',
        querystring: SuggestQuery,
        response: { 200: SuggestResponse, ...errors },
      },
    },
    async (req, reply) => sendJson(reply, await search.suggest(req.query.query, req.query.city_id, req.lang)),
  )

  app.post(
    `${BASE}/click`,
    {
      schema: {
        tags,
        summary: 'Records the product a shopper opened from a search answer',
        body: SearchClickRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await search.click(req.body.query_id, req.body.sku)
      return reply.code(204).send(null)
    },
  )
}
