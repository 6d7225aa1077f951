import { vi } from 'vitest'

export interface RecordedCall {
  method: string
  /** Path and query, as the client wrote it. */
  url: string
  path: string
  search: URLSearchParams
  headers: Headers
  body: unknown
  signal: AbortSignal | undefined
}

export type FakeHandler = (call: RecordedCall) => Response | Promise<Response>

/** Replaces the global fetch with a handler and records every call, as a test's stand-in for the server. */
export function fakeFetch(handler: FakeHandler) {
  const calls: RecordedCall[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    const parsed = new URL(url, 'http://localhost')
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      search: parsed.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init.signal ?? undefined,
    }
    calls.push(call)
    if (init.signal?.aborted) throw abortError(init.signal)
    return handler(call)
  })
  vi.stubGlobal('fetch', fetch)
  return { calls, fetch }
}

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })

export const errorAnswer = (status: number, code: string, message: string, details?: unknown) =>
  json(status, { error: details === undefined ? { code, message } : { code, message, details } })

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

/** An answer that never comes: settles only when the request is aborted, as a real fetch does. */
export function never(call: RecordedCall): Promise<Response> {
  return new Promise((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(abortError(call.signal as AbortSignal)), {
      once: true,
    })
  })
}

/** A failure to reach the server, the way fetch reports it. */
export const networkDown = (): never => {
  throw new TypeError('Failed to fetch')
}
