import { DEFAULT_LANG, type CityId, type Lang } from '../../contract/values/common'

export interface RequestContext {
  lang: Lang
  cityId: CityId
}

// The browser's: module state rather than React context, because the api client runs outside
// components (loaders, the outbox). One shopper, one language and city at a time.
let context: RequestContext = { lang: DEFAULT_LANG, cityId: 1 }

/**
 * On the server each page render has its own language and city (src/entry-server.tsx keeps them in an
 * AsyncLocalStorage that follows the render's loaders and queries): this reads the current render's.
 */
let scoped: (() => RequestContext | undefined) | undefined

/** Called by the app shell whenever the URL's locale or city changes. */
export function setRequestContext(next: Partial<RequestContext>): void {
  context = { ...context, ...next }
}

/** The server's page renderer: where each render's own context is found. */
export function scopeRequestContext(source: () => RequestContext | undefined): void {
  scoped = source
}

export function getRequestContext(): RequestContext {
  return scoped?.() ?? context
}
