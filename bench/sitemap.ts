import { request } from 'node:http'
import type { LoadRequest } from './lib/load'
import type { Scenario } from './lib/scenario'

const GZIP = { 'accept-encoding': 'gzip' }
/** Crawlers asking at once in the first-byte probe. */
const CONCURRENT = 16

interface Timing {
  status: number
  firstByteMs: number
  totalMs: number
  bytes: number
  etag: string | undefined
}

/** One GET timed to its first body byte and to its end (node:http, so the Host header can be chosen). */
function timed(baseUrl: string, path: string, headers: Record<string, string>): Promise<Timing> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { headers }, (res) => {
      let firstByteMs = -1
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started
        bytes += chunk.length
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          firstByteMs: firstByteMs < 0 ? performance.now() - started : firstByteMs,
          totalMs: performance.now() - started,
          bytes,
          etag: typeof res.headers.etag === 'string' ? res.headers.etag : undefined,
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The files of the sitemap: the root and, for a large catalogue, every part its index names. */
async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/sitemap.xml`)
  if (!res.ok) return []
  const xml = await res.text()
  if (!xml.includes('<sitemapindex')) return ['/sitemap.xml']
  const parts = [...xml.matchAll(/<loc>[^<]*?(\/sitemaps\/\d+\.xml)<\/loc>/g)].map((m) => m[1]!)
  return ['/sitemap.xml', ...parts]
}

const ms = (n: number) => `${n.toFixed(1)} ms`

/**
 * The sitemaps as crawlers read them: every file gzipped, and revalidated with If-None-Match. Before the
 * load, prints how long the first byte takes for a file nobody asked for yet (a host the store has not
 * seen, so its files are made on that request) and for one kept in memory, and then for every file asked
 * by 16 crawlers at once (autocannon's latencies are to the last byte of a large answer).
 */
export async function sitemapScenarios(baseUrl: string): Promise<Scenario[]> {
  const paths = await sitemapPaths(baseUrl)
  if (paths.length === 0) return []
  // the first part is a full one (the root of a large catalogue is only the index of the parts)
  const probe = paths[1] ?? paths[0]!
  const host = `bench-${Date.now()}.example.kz`
  const cold = await timed(baseUrl, probe, { ...GZIP, host })
  const kept = await timed(baseUrl, probe, { ...GZIP, host })
  console.log(
    `Sitemap ${probe} (${paths.length} file(s)), gzipped: first byte ${ms(cold.firstByteMs)} ` +
      `(all ${ms(cold.totalMs)}, ${(cold.bytes / 1024).toFixed(0)} KB) for a host not seen before; ` +
      `${ms(kept.firstByteMs)} (all ${ms(kept.totalMs)}) from memory`,
  )
  // the files 16 crawlers at once ask for (each file twice, and at least two rounds of 16), timed to
  // their first byte and their end
  for (const path of paths) await timed(baseUrl, path, GZIP)
  const queue = Array.from(
    { length: 2 * Math.max(paths.length, CONCURRENT) },
    (_, i) => paths[i % paths.length]!,
  )
  const timings: Timing[] = []
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      for (let path = queue.shift(); path; path = queue.shift())
        timings.push(await timed(baseUrl, path, GZIP))
    }),
  )
  const firstBytes = timings.map((t) => t.firstByteMs).sort((a, b) => a - b)
  const totals = timings.map((t) => t.totalMs).sort((a, b) => a - b)
  const at = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  console.log(
    `Sitemap files, ${CONCURRENT} at a time: first byte p50 ${ms(at(firstBytes, 0.5))}, ` +
      `max ${ms(firstBytes[firstBytes.length - 1]!)}; whole file p50 ${ms(at(totals, 0.5))}, ` +
      `max ${ms(totals[totals.length - 1]!)}`,
  )
  const files: LoadRequest[] = paths.map((path) => ({ path, headers: GZIP }))
  const etags = await Promise.all(paths.map(async (path) => (await timed(baseUrl, path, GZIP)).etag))
  const revalidations: LoadRequest[] = paths.map((path, i) => ({
    path,
    headers: { ...GZIP, 'if-none-match': etags[i] ?? '"none"' },
  }))
  return [
    {
      name: `sitemap: every file gzipped (${paths.length} file(s))`,
      warmup: files,
      requests: files,
      target: 'first byte < 100 ms at 200k',
    },
    {
      name: `sitemap: revalidation with If-None-Match, 304 (${paths.length} file(s))`,
      requests: revalidations,
    },
  ]
}
