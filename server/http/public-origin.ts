import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Config } from '../config'

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The store's origin for absolute links: PUBLIC_ORIGIN when set; otherwise the origin the request came
 * to, as Fastify reads it: the Host header and the socket's protocol of a direct request, and a proxy's
 * X-Forwarded-Host/-Proto only when that proxy is one TRUST_PROXY names. This function never reads the
 * forwarded headers itself, so an untrusted client cannot choose the links (a cache would hand them to
 * everyone). A host header that is not a host name reads as localhost; host names are case-insensitive
 * and read in lower case, so `Shop.KZ` and `shop.kz` are one origin.
 */
export function publicOrigin(req: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '')
  const host = HOST.test(req.host) ? req.host.toLowerCase() : 'localhost'
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`
}

/**
 * Says at start, in production, that PUBLIC_ORIGIN is unset: absolute links (robots.txt, the sitemaps,
 * rendered pages) then follow each request's host, and those answers cannot be kept by shared caches.
 * Returns whether it warned.
 */
export function warnIfNoPublicOrigin(
  config: Pick<Config, 'NODE_ENV' | 'PUBLIC_ORIGIN'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): boolean {
  if (config.NODE_ENV !== 'production' || config.PUBLIC_ORIGIN) return false
  log.warn(
    'PUBLIC_ORIGIN is not set: robots.txt, the sitemaps and rendered pages take their absolute links from ' +
      "each request's Host (or a trusted proxy's X-Forwarded-Host) and are not cached by shared caches; " +
      "set PUBLIC_ORIGIN to the store's address, e.g. PUBLIC_ORIGIN=https://store.example.kz",
  )
  return true
}
