import autocannon from 'autocannon'
import { summarise, type LatencySummary } from './percentiles'

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: string
  headers?: Record<string, string>
}

export interface LoadOptions {
  baseUrl: string
  /** A fixed request, or a list cycled through so a run touches many rows rather than one. */
  requests: LoadRequest[]
  connections?: number
  durationSeconds?: number
}

export interface LoadResult extends LatencySummary {
  requestsPerSecond: number
  total: number
  errors: number
  non2xx: number
}

/** Drives one scenario with autocannon and measures every response's latency itself (autocannon has no p95). */
export async function runLoad({
  baseUrl,
  requests,
  connections = 32,
  durationSeconds = 10,
}: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = []
  let next = 0
  let finish: (err: Error | null, result: autocannon.Result) => void = () => {}
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (err, result) => (err ? reject(err) : resolve(result))
  })
  const instance = autocannon(
    {
      url: baseUrl,
      connections,
      duration: durationSeconds,
      requests: [
        {
          setupRequest: (req) => {
            const r = requests[next++ % requests.length]!
            return {
              ...req,
              method: r.method ?? 'GET',
              path: r.path,
              body: r.body,
              headers: { 'content-type': 'application/json', ...(r.headers ?? {}) },
            }
          },
        },
      ],
    },
    (err, result) => finish(err, result),
  )
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  const result = await done
  return {
    ...summarise(latencies),
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}
