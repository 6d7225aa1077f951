import { HEADERS } from '../../contract/values/common'
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_KEYS } from './api-error'
import { credentialsGeneration, getAccessToken } from './auth-tokens'
import { isErrorBody } from './error-body'
import { getRequestContext } from './request-context'
import { currentSessionId } from './session-id'
import { refreshTokens } from './token-refresh'
import { transportFetch } from './transport'

/*
 * Documents the server draws as PDFs (receipts, invoices, barcodes, commercial offers): fetched with the
 * shopper's credentials and language like any call (a link alone would carry neither the bearer nor
 * the language), then handed to the browser as a file.
 */

const TIMEOUT_MS = 20_000

async function failure(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = JSON.parse(await response.text())
  } catch {
    body = undefined
  }
  if (isErrorBody(body)) {
    const { code, message, details } = body.error
    return new ApiError({ status: response.status, code, messageKey: message, details })
  }
  return new ApiError({
    status: response.status,
    code: CLIENT_ERROR_CODES.httpError,
    messageKey: CLIENT_ERROR_KEYS.somethingWentWrong,
  })
}

async function once(method: 'GET' | 'POST', path: string, body: unknown): Promise<Response> {
  const headers = new Headers({
    accept: 'application/pdf, application/json',
    [HEADERS.sessionId]: currentSessionId(),
    [HEADERS.lang]: getRequestContext().lang,
  })
  const bearer = getAccessToken()
  if (bearer) headers.set('authorization', `Bearer ${bearer}`)
  if (body !== undefined) headers.set('content-type', 'application/json')
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
  try {
    return await transportFetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    })
  } catch (cause) {
    throw new ApiError(
      controller.signal.aborted
        ? { status: 0, code: CLIENT_ERROR_CODES.timeout, messageKey: CLIENT_ERROR_KEYS.tryLater }
        : { status: 0, code: CLIENT_ERROR_CODES.network, messageKey: CLIENT_ERROR_KEYS.noConnection },
      { cause },
    )
  } finally {
    clearTimeout(timer)
  }
}

/** A PDF of the API, as a Blob; an error answer as an ApiError. A 401 renews the tokens once. */
export async function fetchPdf(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Blob> {
  const generation = credentialsGeneration()
  let response = await once(method, path, body)
  if (response.status === 401) {
    if (credentialsGeneration() === generation) await refreshTokens()
    response = await once(method, path, body)
  }
  if (!response.ok) throw await failure(response)
  return response.blob()
}

/** Hands a file to the browser, which saves it (or opens it, as the shopper's settings say). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the click; the object URL is freed once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** Fetches a PDF and saves it under `filename`. */
export async function downloadPdf(
  method: 'GET' | 'POST',
  path: string,
  filename: string,
  body?: unknown,
): Promise<void> {
  saveFile(await fetchPdf(method, path, body), filename)
}
