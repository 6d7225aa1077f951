/**
 * The store's origin for absolute links (schema.org data): the page's own in the browser; on the server,
 * the one the request came to, set by the page renderer before each render.
 */
let serverOrigin = ''

export function setServerOrigin(origin: string): void {
  serverOrigin = origin
}

export function siteOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin
}
