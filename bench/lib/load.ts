import autocannon from 'autocannon'
import { createRequire } from 'node:module'
import { summarise, type LatencySummary } from './percentiles'

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: string
  headers?: Record<string, string>
  /** Sends a new `Idempotency-Key` with every request, as the store's own client sends with each change. */
  idempotent?: boolean
}

export interface LoadOptions {
  baseUrl: string
  /** A fixed request, or a list cycled through so a run touches many rows rather than one. */
  requests: LoadRequest[]
  connections?: number
  durationSeconds?: number
  /** Requests per second over all connections (autocannon's overallRate); unset, as fast as they go. */
  overallRate?: number
  /**
   * Each request asked at most once: the load ends when all are asked (or at the duration). Cycling
   * through them again would measure refusals (an ordered cart asked again), not the work.
   */
  once?: boolean
  /** Stops the load early when this settles. */
  until?: Promise<unknown>
}

export interface LoadResult extends LatencySummary {
  requestsPerSecond: number
  total: number
  errors: number
  non2xx: number
  /** How many answers of each status other than 2xx, e.g. `{ 409: 485 }`. */
  refusals: Record<number, number>
}

/**
 * autocannon keeps every response body as a string (`body += chunk`), which nothing here reads. For
 * the store's answers that means decoding tens of KB of Cyrillic UTF-8 per response in the load
 * generator's single thread: a static 65 KB answer of Russian JSON measured 2,400 req/s against 7,900
 * for the same size in ASCII, so the figures were the generator's, not the server's. Bodies are
 * dropped instead (the byte counts and latencies autocannon reports are unaffected).
 */
function dropResponseBodies() {
  const require = createRequire(import.meta.url)
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: Buffer): void }
  }
  queue.prototype.addBody = () => {}
}
dropResponseBodies()

/** Drives one scenario with autocannon and measures every response's latency itself (autocannon has no p95). */
export async function runLoad({
  baseUrl,
  requests,
  connections = 32,
  durationSeconds = 10,
  overallRate,
  once = false,
  until,
}: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = []
  let next = 0
  const run = Math.random().toString(36).slice(2)
  let finish: (err: Error | null, result: autocannon.Result) => void = () => {}
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (err, result) => (err ? reject(err) : resolve(result))
  })
  const instance = autocannon(
    {
      url: baseUrl,
      connections,
      duration: durationSeconds,
      ...(overallRate ? { overallRate } : {}),
      // autocannon ends at `amount` and then ignores the duration: the timer below keeps it
      ...(once ? { amount: requests.length } : {}),
      requests: [
        {
          setupRequest: (req) => {
            const r = requests[next++ % requests.length]!
            return {
              ...req,
              method: r.method ?? 'GET',
              path: r.path,
              body: r.body,
              headers: {
                'content-type': 'application/json',
                ...(r.headers ?? {}),
                ...(r.idempotent ? { 'idempotency-key': `bench-${run}-${next}` } : {}),
              },
            }
          },
        },
      ],
    },
    (err, result) => finish(err, result),
  )
  const refusals: Record<number, number> = {}
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime)
    if (status < 200 || status > 299) refusals[status] = (refusals[status] ?? 0) + 1
  })
  void until?.finally(() => instance.stop())
  const deadline = once ? setTimeout(() => instance.stop(), durationSeconds * 1000) : undefined
  const result = await done
  clearTimeout(deadline)
  return {
    ...summarise(latencies),
    // a run ended by its last request has a partial last second, which the per-second average counts whole
    requestsPerSecond: once ? result.requests.total / result.duration : result.requests.average,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    refusals,
  }
}
