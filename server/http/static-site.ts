import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isbot } from 'isbot'
import { isApiPath } from './api-paths'
import { sendNotFound } from './errors-plugin'
import { publicOrigin } from './public-origin'
import { pageContentSecurityPolicy } from './security'
import { deliveryClock } from '../modules/catalog'
import { answerPage, createNonce, loadPageRenderer, type PageRenderer } from './server-pages'
import { cachedBody, PageCache, type KeepDocument } from './server-pages-cache'
import type { App } from './types'

/**
 * A missing `/assets/x.js` must stay a 404, but a filter value such as `/f/diagonal/6.5-6.9` is a page:
 * only an extension with a letter in it (js, css, png, webmanifest...) names a file.
 */
export function looksLikeFile(url: string): boolean {
  return /\.[a-z0-9]*[a-z][a-z0-9]*$/i.test(path.posix.extname(url))
}

const NEVER_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/build.json'])
const IMMUTABLE = /^\/assets\//

export interface StaticSiteOptions {
  /** The page renderer; by default the built one beside the static directory, when there is one. */
  renderer?: PageRenderer | null
  /** PUBLIC_ORIGIN, for the absolute links of rendered pages. */
  publicOrigin?: string
  /** Bytes of rendered public pages kept (PAGE_CACHE_MB); 0 or unset renders every page. */
  pageCacheBytes?: number
}

/**
 * What a rendered page's data is as of now: the catalogue's version and its price and stock generations
 * (a change of products, prices or stock moves one of them) and the store's local hour (delivery
 * estimates follow it).
 */
async function pageData(app: App): Promise<string> {
  const index = await app.catalog.index()
  return `${index.version}.${index.priceState.generation}.${index.stock.generation}.${deliveryClock(Date.now())}`
}

/**
 * Serves the built PWA: hashed assets cached for a year, the shell files that decide which version a
 * shopper runs never cached, brotli/gzip files precompressed at build time, and every client route
 * answered with the page rendered on the server (catalogue, products, content) or with index.html (the
 * shopper's own pages, or whenever a render fails or is slow). Unknown API paths and missing files stay 404s.
 */
export async function registerStaticSite(app: App, staticDir: string, options: StaticSiteOptions = {}) {
  const root = path.resolve(staticDir)
  const indexFile = path.join(root, 'index.html')
  const hasBuild = existsSync(indexFile)

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // A route per built file, listed once at start: a page's address never reaches the disk. With a
      // wildcard route every page request first cost a stat and a readdir per path segment (the
      // plugin's spelling check) before falling through to the page, about 5% of a rendered page's CPU
      // time and far more than a cached page's. The build does not change under a running server.
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const rel =
          '/' +
          path
            .relative(root, filePath)
            .split(path.sep)
            .join('/')
            .replace(/\.(br|gz)$/, '')
        if (NEVER_CACHE.has(rel)) reply.header('cache-control', 'no-cache')
        else if (IMMUTABLE.test(rel)) reply.header('cache-control', 'public, max-age=31536000, immutable')
        else reply.header('cache-control', 'public, max-age=86400')
      },
    })
  }
  const indexHtml = hasBuild ? readFileSync(indexFile) : null
  const shellText = indexHtml?.toString('utf8') ?? ''
  const renderer =
    options.renderer !== undefined
      ? options.renderer
      : hasBuild
        ? await loadPageRenderer(app, staticDir)
        : null
  const sendShell = (reply: FastifyReply) =>
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml)

  const pages = new PageCache({ maxBytes: options.pageCacheBytes ?? 0 })
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!renderer || req.method !== 'GET') return sendShell(reply)
    const url = publicOrigin(req, options.publicOrigin) + req.url
    const nonce = createNonce()
    // Search engines and audits (Lighthouse is one for isbot) get the whole page at once.
    const bot = isbot(req.headers['user-agent'] ?? null)
    const render = (keep?: KeepDocument) =>
      answerPage(
        renderer,
        shellText,
        url,
        (error) => req.log.error({ err: error, url: req.url }, 'server render failed: sending the shell'),
        { nonce, bot, keep },
      )
    // Only whole public pages are kept: the renderer answers the shopper's own pages with the shell.
    const page = pages.enabled
      ? await pages.answer({ url, bot, data: await pageData(app) }, nonce, render)
      : await render()
    if (page.kind === 'shell') return sendShell(reply)
    if (page.kind === 'cached') {
      const { body, encoding } = cachedBody(page, req.headers['accept-encoding'])
      if (encoding) reply.header('content-encoding', encoding)
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('x-page-cache', page.source)
        .header('content-security-policy', pageContentSecurityPolicy(page.nonce))
        .send(body)
    }
    if ('source' in page && page.source) reply.header('x-page-cache', page.source)
    if (page.kind === 'redirect') {
      return reply
        .code(page.status)
        .header('location', page.location)
        .header('cache-control', 'no-cache')
        .send()
    }
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pageContentSecurityPolicy(page.nonce))
    if (!bot) return reply.send(page.body)
    const chunks: Buffer[] = []
    for await (const chunk of page.body) chunks.push(Buffer.from(chunk as Uint8Array))
    return reply.send(Buffer.concat(chunks))
  }

  const wantsPage = (req: FastifyRequest) => {
    const url = req.url.split('?', 1)[0] ?? '/'
    return (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(url) && !looksLikeFile(url)
  }
  if (indexHtml) {
    // The static plugin would treat `/` as a directory listing; the home page is a page like any route.
    app.get('/', { schema: { hide: true } }, sendPage)
    // Every address no file and no API route has: a page, or a 404 for a missing file or API path. A
    // route rather than the not-found handler, so pages are compressed like any answer.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      handler: (req, reply) => (wantsPage(req) ? sendPage(req, reply) : sendNotFound(reply)),
    })
  }

  app.setNotFoundHandler((req, reply) => {
    if (wantsPage(req) && indexHtml) return sendPage(req, reply)
    return sendNotFound(reply)
  })
}
