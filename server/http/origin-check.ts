import type { FastifyRequest } from 'fastify'
import { ERROR_KEYS } from '../../contract/values/common'
import { forbidden } from './errors'
import { publicOrigin } from './public-origin'
import type { App } from './types'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A provider's signed callback (server/http/signed-callback.ts). Providers post from their own
     * servers, cross-origin by nature, with no cookie: the signature proves the sender, so the Origin
     * check lets them through.
     */
    signedCallback?: boolean
  }
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const refused = () => forbidden(ERROR_KEYS.crossSiteRequest)

/** The origin a browser wrote, lower-cased as URL reads it; null for `null` or anything unreadable. */
function parsedOrigin(value: string): URL | null {
  if (!URL.canParse(value)) return null
  const url = new URL(value)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
}

/**
 * Whether a browser's Origin is the store's own. With PUBLIC_ORIGIN, exactly that origin. Without it,
 * the host the request came to (as public-origin.ts reads it, TRUST_PROXY deciding): the scheme is not
 * compared, since a proxy that ends TLS and is not named in TRUST_PROXY makes every request look like
 * http while the page's origin is https; another site's page cannot make a browser name our host.
 */
function isOwnOrigin(origin: string, req: FastifyRequest, configured: string | undefined): boolean {
  const url = parsedOrigin(origin)
  if (!url) return false
  const own = new URL(publicOrigin(req, configured))
  return configured ? url.origin === own.origin : url.host === own.host
}

/**
 * CSRF protection on top of SameSite=Lax cookies: a change (POST, PUT, PATCH, DELETE) that a browser
 * says comes from another site's page is refused with 403 before any route runs: its Origin is not the
 * store's, or, without an Origin, `Sec-Fetch-Site: cross-site`. A request with neither header (curl,
 * another server, an app) is no browser acting for a shopper on another site's behalf, and passes.
 */
export function registerOriginCheck(app: App, configuredOrigin: string | undefined) {
  app.addHook('onRequest', (req, _reply, done) => {
    if (!CHANGES.has(req.method) || req.routeOptions.config?.signedCallback) return done()
    const origin = req.headers.origin
    if (origin !== undefined) {
      if (!isOwnOrigin(origin, req, configuredOrigin)) return done(refused())
    } else if (req.headers['sec-fetch-site'] === 'cross-site') return done(refused())
    done()
  })
}
