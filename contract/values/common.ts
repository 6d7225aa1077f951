/**
 * The shared words of client and server that need no zod: cities, languages, header names, error keys.
 * Every module in contract/values/ is free of zod, so the browser bundle can import it; the zod schemas
 * in contract/*.ts re-export these, and the server keeps importing them from there.
 */

/** The one error shape every 4xx/5xx answer carries. `message` is an i18n key the client translates. */
export interface ErrorBody {
  error: {
    code: string
    message: string
    details?: unknown
  }
}

export const CITIES = [
  { id: 1, slug: 'almaty' },
  { id: 2, slug: 'astana' },
  { id: 3, slug: 'shymkent' },
  { id: 4, slug: 'aktobe' },
] as const
export type CitySlug = (typeof CITIES)[number]['slug']
export type CityId = (typeof CITIES)[number]['id']
export const DEFAULT_CITY_SLUG: CitySlug = 'almaty'

/**
 * The message of a well-formed city_id that names no city. The server answers it with 404 rather than 400
 * (an unknown city is like an unknown product), so the check's message is shared.
 */
export const UNKNOWN_CITY_MESSAGE = 'unknown city_id'

export const LANGS = ['ru', 'kk'] as const
export type Lang = (typeof LANGS)[number]
export const DEFAULT_LANG: Lang = 'ru'

/**
 * Request headers shared by client and server (spec section 7: a session id header, a language header,
 * a bearer Authorization header when a token exists).
 */
export const HEADERS = {
  sessionId: 'x-session-id',
  lang: 'accept-language',
  idempotencyKey: 'idempotency-key',
  requestId: 'x-request-id',
  /** The device's random id and the number of this change among the device's changes (the outbox). */
  deviceId: 'x-device-id',
  mutationSeq: 'x-mutation-seq',
} as const

/** Error message keys from the spec's error catalogues, used by the server and translated by the client. */
export const ERROR_KEYS = {
  tryLater: 'errors:tryLater',
  somethingWentWrong: 'errors:somethingWentWrong',
  notFound: 'errors:notFound',
  badRequest: 'errors:pleaseVerifyInputData',
  tooManyRequests: 'errors:tryLater',
  payloadTooLarge: 'errors:payloadTooLarge',
  failedToCompleteTheOperation: 'errors:failedToCompleteTheOperation',
  /** A change sent by another site's page with the shopper's cookies (the Origin check, 403). */
  crossSiteRequest: 'errors:crossSiteRequest',
} as const

/**
 * The city-and-language segment that starts a page's address: none for Almaty in Russian, `astana`,
 * `almaty_kk`, `astana_kk`… (spec 2.2). The browser's router and the server's redirects both build it here.
 */
export function pagePrefix(citySlug: CitySlug, lang: Lang): string | undefined {
  if (lang === 'kk') return `${citySlug}_kk`
  return citySlug === DEFAULT_CITY_SLUG ? undefined : citySlug
}
