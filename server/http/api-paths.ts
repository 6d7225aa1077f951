/**
 * Every API base has `api` as its first or second path segment (`/api/health`, `/cart/api/v3/...`,
 * `/katalog/api/v1/...`), while client routes never do; `/dev/` holds development-only helpers.
 * This is how the history fallback tells a client route from an unknown API path.
 */
const API_PATH = /^\/(?:api|dev|[^/]+\/api)(?:\/|$)/

export function isApiPath(url: string): boolean {
  return API_PATH.test(url.split('?', 1)[0] ?? '')
}
