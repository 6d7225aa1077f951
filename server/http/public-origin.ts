import type { FastifyRequest } from 'fastify'

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The store's origin for absolute links: PUBLIC_ORIGIN when set; otherwise the origin the request came
 * to (behind a proxy: its forwarded host). A host header that is not a host name reads as localhost.
 */
export function publicOrigin(req: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '')
  const host = HOST.test(req.host) ? req.host : 'localhost'
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`
}
