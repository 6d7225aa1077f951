import type { CityId } from '../../contract/values/common'
import { isApiError } from './api-error'
import { credentialsGeneration, getAccessToken } from './auth-tokens'
import { sendHttp, type HttpMethod, type Query } from './http'
import { REFRESH_PATH, refreshTokens } from './token-refresh'

/** Spec timeouts (browsing 9, purchase flow 9). Callers pass the one that fits as `timeoutMs`. */
export const TIMEOUTS = {
  post: 10_000,
  product: 3_000,
  menu: 3_000,
  catalogue: 10_000,
  binAutofill: 30_000,
} as const
const DEFAULT_TIMEOUT_MS = 10_000

/**
 * Calls whose 401 means "wrong credentials" or "not for you", not "expired token"; the spec lists them as
 * the exceptions to refresh-and-retry.
 */
export const NO_REFRESH_PATHS = [
  '/account/api/v1/auth/signin/phone',
  '/bonus/api/v1/profiles',
  '/payment/api/v1/token',
  '/api/location',
  REFRESH_PATH,
] as const

export interface RequestOptions {
  query?: Query
  /** Adds `city_id` to the query, the way the spec passes the city on reads. */
  cityId?: CityId
  signal?: AbortSignal
  timeoutMs?: number
  idempotencyKey?: string
  /** `false` sends no bearer and never refreshes: for calls that must not act as the signed-in user. */
  auth?: boolean
  /** Extra request headers (e.g. the captcha token of the SMS calls). */
  headers?: Record<string, string>
}

function refreshes(path: string, options: RequestOptions): boolean {
  if (options.auth === false) return false
  const pathname = path.split('?', 1)[0] ?? path
  return !NO_REFRESH_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

/**
 * Sends one call; on 401 renews the tokens once and sends it again. `T` is the contract's type of the
 * answer (the server validated it against the contract's schema before sending it).
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const query = options.cityId === undefined ? options.query : { ...options.query, city_id: options.cityId }
  const send = () =>
    sendHttp<T>({
      method,
      path,
      body,
      query,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      idempotencyKey: options.idempotencyKey,
      bearer: options.auth === false ? null : getAccessToken(),
      headers: options.headers,
    })

  const generation = credentialsGeneration()
  try {
    return await send()
  } catch (error) {
    if (!isApiError(error, 401) || !refreshes(path, options)) throw error
    // Credentials renewed while this call was in flight: the retry alone will carry the new ones.
    if (credentialsGeneration() === generation) await refreshTokens()
    return send()
  }
}

/** `api.get<Product>(path, options)`: the type argument names the contract's answer; without it, unknown. */
export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) =>
    apiRequest<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, body, { timeoutMs: TIMEOUTS.post, ...options }),
  put: <T = unknown>(path: string, body: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, body, { timeoutMs: TIMEOUTS.post, ...options }),
  patch: <T = unknown>(path: string, body: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, body, { timeoutMs: TIMEOUTS.post, ...options }),
  delete: <T = unknown>(path: string, options?: RequestOptions & { body?: unknown }) =>
    apiRequest<T>('DELETE', path, options?.body, { timeoutMs: TIMEOUTS.post, ...options }),
}
