import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ErrorBody } from '../../../contract/common'
import { publicOrigin } from '../../http/public-origin'
import type { ModuleRegistration } from '../../http/types'
import { createSeoRepo } from './repo'
import {
  createSeoService,
  SITEMAP_PART_PATH,
  type SeoService,
  type SitemapFile,
  type SitemapKey,
} from './service'

const MAX_AGE = 600

declare module 'fastify' {
  interface FastifyInstance {
    /** robots.txt and the sitemaps, rebuilt with each catalogue change. */
    sitemaps: SeoService
  }
}

const PartParams = z.object({ part: z.string().regex(/^\d{1,6}$/, 'a part number') })

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks of it). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return String(header)
    .split(',')
    .some((tag) => {
      const t = tag.trim()
      return t === '*' || t.replace(/^W\//, '') === bare
    })
}

/**
 * robots.txt and the sitemap, generated from the catalogue. Registered as routes, so they win over the
 * static files and the client's history fallback.
 */
export const seoModule: ModuleRegistration = (app, { config, database }) => {
  const { catalog } = app
  const seo = createSeoService({
    repo: createSeoRepo(database.db),
    origins: config.PUBLIC_ORIGIN ? [config.PUBLIC_ORIGIN] : [],
    log: app.log,
  })
  app.decorate('sitemaps', seo)
  // Each new catalogue index (a catalogue change) rebuilds the sitemaps beside it, without holding the
  // index up: the current files answer until the new ones are ready.
  catalog.alongside(() => {
    seo.refresh().catch((err: unknown) => app.log.error({ err }, 'sitemaps: rebuild failed'))
    return Promise.resolve()
  })
  app.addHook('onClose', () => seo.close())

  const originOf = (req: FastifyRequest) => publicOrigin(req, config.PUBLIC_ORIGIN)
  // With PUBLIC_ORIGIN the answers are the same for every request, and shared caches may keep them.
  // Without it, their links follow the host the request names (a trusted proxy's X-Forwarded-Host
  // included), and a shared cache keys on its own view of the request, not on what a proxy behind it
  // forwards: `Vary: Host` would not name the forwarded headers, and many CDNs ignore Vary beyond
  // Accept-Encoding. So they are private then; the files are in memory with an ETag, and a crawler's
  // revalidation costs the server next to nothing.
  const cacheControl = `${config.PUBLIC_ORIGIN ? 'public' : 'private'}, max-age=${MAX_AGE}`

  const sendXml = (req: FastifyRequest, reply: FastifyReply, file: SitemapFile) => {
    reply
      .header('cache-control', cacheControl)
      .header('vary', 'accept-encoding')
      .header('x-robots-tag', 'noindex')
      .header('etag', file.etag)
      .type('application/xml; charset=utf-8')
    if (matchesEtag(req.headers['if-none-match'], file.etag)) return reply.code(304).send()
    const gzipped = file.body.finished
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      reply.header('content-encoding', 'gzip')
      return reply.send(gzipped ?? Readable.from(file.body.read()))
    }
    // a client that takes no gzip gets the file unzipped as it is sent: the plain text of a big
    // catalogue is tens of megabytes a part, too much to keep for the few that ask for it
    const source = Readable.from(gzipped ? [gzipped] : file.body.read())
    const plain = createGunzip()
    source.on('error', (err) => plain.destroy(err))
    return reply.send(source.pipe(plain))
  }

  const serve = async (req: FastifyRequest, reply: FastifyReply, key: SitemapKey) =>
    sendXml(req, reply, await seo.file(originOf(req), key))

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawling rules for search engines' } },
    async (req, reply) =>
      reply
        .header('cache-control', cacheControl)
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
    (req, reply) => serve(req, reply, 'root'),
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
    (req, reply) => serve(req, reply, Number(req.params.part)),
  )
}
