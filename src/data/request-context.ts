import { DEFAULT_LANG, type CityId, type Lang } from '../../contract/values/common'

export interface RequestContext {
  lang: Lang
  cityId: CityId
}

// Module state rather than React context: the api client runs outside components (loaders, the outbox).
let context: RequestContext = { lang: DEFAULT_LANG, cityId: 1 }

/** Called by the app shell whenever the URL's locale or city changes. */
export function setRequestContext(next: Partial<RequestContext>): void {
  context = { ...context, ...next }
}

export function getRequestContext(): RequestContext {
  return context
}
