import { HEADERS } from '../../contract/values/common'
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_KEYS } from './api-error'
import { isErrorBody } from './error-body'
import { getRequestContext } from './request-context'
import { currentSessionId } from './session-id'
import { transportFetch } from './transport'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type QueryValue = string | number | boolean | undefined | readonly string[]
export type Query = Record<string, QueryValue>

export interface HttpRequest {
  method: HttpMethod
  path: string
  body?: unknown
  query?: Query
  signal?: AbortSignal
  timeoutMs: number
  idempotencyKey?: string
  bearer?: string | null
  /** Extra headers a call needs (the captcha token of the SMS calls). */
  headers?: Record<string, string>
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) params.append(key, item)
    else params.append(key, String(value))
  }
  const search = params.toString()
  if (!search) return path
  return `${path}${path.includes('?') ? '&' : '?'}${search}`
}

function headersFor(request: HttpRequest): Headers {
  const headers = new Headers({
    accept: 'application/json',
    [HEADERS.sessionId]: currentSessionId(),
    [HEADERS.lang]: getRequestContext().lang,
  })
  // Only with a body: the server refuses a JSON content type on an empty one (a DELETE, a bodiless POST).
  // A form (a file upload) sets its own multipart type with the boundary.
  if (request.body !== undefined && !isForm(request.body)) headers.set('content-type', 'application/json')
  if (request.bearer) headers.set('authorization', `Bearer ${request.bearer}`)
  if (request.idempotencyKey) headers.set(HEADERS.idempotencyKey, request.idempotencyKey)
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value)
  return headers
}

const isForm = (body: unknown): body is FormData =>
  typeof FormData !== 'undefined' && body instanceof FormData

const encodeBody = (body: unknown): BodyInit | undefined =>
  body === undefined ? undefined : isForm(body) ? body : JSON.stringify(body)

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

function errorFromAnswer(status: number, text: string): ApiError {
  const json = parseJson(text)
  if (json.ok && isErrorBody(json.value)) {
    const { code, message, details } = json.value.error
    return new ApiError({ status, code, messageKey: message, details })
  }
  return new ApiError({
    status,
    code: CLIENT_ERROR_CODES.httpError,
    messageKey: CLIENT_ERROR_KEYS.somethingWentWrong,
  })
}

const timeoutError = (cause: unknown) =>
  new ApiError(
    { status: 0, code: CLIENT_ERROR_CODES.timeout, messageKey: CLIENT_ERROR_KEYS.tryLater },
    { cause },
  )

const networkError = (cause: unknown) =>
  new ApiError(
    { status: 0, code: CLIENT_ERROR_CODES.network, messageKey: CLIENT_ERROR_KEYS.noConnection },
    { cause },
  )

/**
 * One HTTP exchange: headers, timeout, the caller's abort, and the answer turned into parsed JSON or an
 * ApiError. Knows nothing of tokens beyond the bearer it is handed.
 *
 * The answer is taken to be `T` without checking it: the server validates and serialises every answer
 * with the contract's schemas, and checking them again here would put zod in every page's bundle. Only
 * a body that is not JSON at all is refused.
 */
export async function sendHttp<T>(request: HttpRequest): Promise<T> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, request.timeoutMs)
  const callerSignal = request.signal
  const forwardAbort = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) forwardAbort()
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true })

  let status: number
  let text: string
  try {
    const response = await transportFetch(buildUrl(request.path, request.query), {
      method: request.method,
      headers: headersFor(request),
      body: encodeBody(request.body),
      credentials: 'same-origin',
      signal: controller.signal,
    })
    status = response.status
    // The timeout covers reading the body too, so a stalled stream cannot hang a product page.
    text = await response.text()
  } catch (error) {
    // TanStack Query recognises its own cancellation only by the original AbortError.
    if (callerSignal?.aborted) throw error
    if (timedOut) throw timeoutError(error)
    throw networkError(error)
  } finally {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', forwardAbort)
  }

  if (status < 200 || status >= 300) throw errorFromAnswer(status, text)
  const json = parseJson(text)
  if (!json.ok) {
    throw new ApiError({
      status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      messageKey: CLIENT_ERROR_KEYS.somethingWentWrong,
      details: { reason: 'not json' },
    })
  }
  return json.value as T
}
