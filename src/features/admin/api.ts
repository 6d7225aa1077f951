import { ADMIN_API_V1, STAFF_ERROR_CODES } from '../../../contract/values/staff'

/*
 * The back office's own API client. It shares no module with the store's pages on purpose: a module
 * both import would be cut into a chunk of its own that every store page then loads (the category
 * page's JavaScript budget, README). Staff tokens travel as HttpOnly cookies (path /admin).
 */

const TIMEOUT_MS = 15_000
/** A file sent whole as the body (a catalogue import) may take longer on a slow line than a form. */
const UPLOAD_TIMEOUT_MS = 120_000

/** A refused or failed call: the HTTP status (0 without an answer), the store's error code and message key. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: string,
    readonly details?: unknown,
  ) {
    super(messageKey)
  }
}

export const isAdminError = (error: unknown, ...statuses: number[]): error is AdminApiError =>
  error instanceof AdminApiError && (statuses.length === 0 || statuses.includes(error.status))

/** Whether an error means "sign in to the back office" (no staff token, a dead one, a shopper's). */
export const needsStaffSignIn = (error: unknown): boolean =>
  isAdminError(error, 401) || (isAdminError(error, 403) && error.code === STAFF_ERROR_CODES.shopperToken)

let lang = 'ru'
/** The language of the answers' texts (the server's error keys, documents). */
export function setAdminApiLang(next: string) {
  lang = next
}

export type Query = Record<string, string | number | undefined>

function url(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== '') params.set(key, String(value))
  const search = params.toString()
  return `${ADMIN_API_V1}${path}${search ? `?${search}` : ''}`
}

/** A body sent as it is (a file) with its own content type, rather than as JSON. */
export interface RawBody {
  raw: Blob
  type: string
}

const isRaw = (body: unknown): body is RawBody =>
  typeof body === 'object' && body !== null && 'raw' in body && body.raw instanceof Blob

async function send<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  let res: Response
  const raw = isRaw(body) ? body : null
  try {
    res = await fetch(url(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': lang,
        ...(body === undefined ? {} : { 'content-type': raw ? raw.type : 'application/json' }),
      },
      body: body === undefined ? undefined : raw ? raw.raw : JSON.stringify(body),
      signal: AbortSignal.timeout(raw ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS),
    })
  } catch (cause) {
    throw new AdminApiError(0, 'network', 'errors:noConnection', cause)
  }
  const text = await res.text()
  let json: unknown = undefined
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON: a proxy's page
  }
  if (!res.ok) {
    const error = (json as { error?: { code?: string; message?: string; details?: unknown } } | undefined)
      ?.error
    throw new AdminApiError(
      res.status,
      error?.code ?? 'http_error',
      error?.message ?? 'errors:somethingWentWrong',
      error?.details,
    )
  }
  return json as T
}

let refreshing: Promise<boolean> | null = null

/** Renews the staff tokens once for every call that found them dead. */
function refreshStaffTokens(): Promise<boolean> {
  refreshing ??= send('POST', '/auth/refresh', {})
    .then(
      () => true,
      () => false,
    )
    .finally(() => setTimeout(() => (refreshing = null), 0))
  return refreshing
}

/** One back-office call (`path` under `/admin/api/v1`); a 401 renews the tokens once and sends it again. */
export async function adminRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  query?: Query,
): Promise<T> {
  try {
    return await send<T>(method, path, body, query)
  } catch (error) {
    if (!isAdminError(error, 401) || path.startsWith('/auth/')) throw error
    if (!(await refreshStaffTokens())) throw error
    return send<T>(method, path, body, query)
  }
}

export const adminApi = {
  get: <T>(path: string, query?: Query) => adminRequest<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => adminRequest<T>('POST', path, body),
  patch: <T>(path: string, body: unknown) => adminRequest<T>('PATCH', path, body),
  /** Sends a file as the whole body (not a form): the server reads it as it arrives. */
  upload: <T>(path: string, file: Blob, type: string) =>
    adminRequest<T>('POST', path, { raw: file, type } satisfies RawBody),
}
