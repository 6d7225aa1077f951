import { gunzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ErrorBody } from '../../../contract/common'
import type { ModuleRegistration } from '../../http/types'
import { createSeoRepo } from './repo'
import { createSeoService, SITEMAP_PART_PATH, type GeneratedFile } from './service'
import { publicOrigin } from '../../http/public-origin'

const CACHE = 'public, max-age=600'

const PartParams = z.object({ part: z.string().regex(/^\d{1,6}$/, 'a part number') })

/**
 * robots.txt and the sitemap, generated from the catalogue. Registered as routes, so they win over the
 * static files and the client's history fallback.
 */
export const seoModule: ModuleRegistration = (app, { config, database }) => {
  const seo = createSeoService({ repo: createSeoRepo(database.db) })

  const originOf = (req: FastifyRequest) => publicOrigin(req, config.PUBLIC_ORIGIN)

  const sendXml = (req: FastifyRequest, reply: FastifyReply, file: GeneratedFile) => {
    reply
      .header('cache-control', CACHE)
      .header('vary', 'accept-encoding')
      .header('x-robots-tag', 'noindex')
      .type('application/xml; charset=utf-8')
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(file.gzipped)
    }
    return reply.send(gunzipSync(file.gzipped))
  }

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawling rules for search engines' } },
    async (req, reply) =>
      reply
        .header('cache-control', CACHE)
        .type('text/plain; charset=utf-8')
        .send(seo.robots(originOf(req))),
  )

  app.get(
    '/sitemap.xml',
    {
      compress: false,
      schema: {
        tags: ['seo'],
        summary: 'The sitemap: one urlset, or an index of parts for a large catalogue',
      },
    },
    async (req, reply) => sendXml(req, reply, await seo.sitemap(originOf(req))),
  )

  app.get(
    `${SITEMAP_PART_PATH}/:part.xml`,
    {
      compress: false,
      schema: {
        tags: ['seo'],
        summary: 'One part of a sitemap index (at most 50,000 URLs)',
        params: PartParams,
        response: { 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => sendXml(req, reply, await seo.part(originOf(req), Number(req.params.part))),
  )
}
