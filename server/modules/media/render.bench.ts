/**
 * By hand: `npx tsx server/modules/media/render.bench.ts`. Times cold renders (draw, rasterise, encode,
 * write) and cache hits (a file read) through the service, without the database lookup.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { ImageFormat, ImageSize } from '../../../contract/media'
import { PRODUCT_KINDS } from './illustration'
import type { ImageRecord, MediaRepo } from './repo'
import { createMediaService } from './service'

const records = new Map<string, ImageRecord>()
PRODUCT_KINDS.forEach((kind, i) => {
  const id = `bench-${i}`
  records.set(id, { id, kind, color: '#e4002b', label: 'Brand', variant: i % 4 })
})
const repo: MediaRepo = { findImage: async (id) => records.get(id) ?? null }

const cacheDir = mkdtempSync(path.join(tmpdir(), 'media-bench-'))
const service = createMediaService({ repo, cacheDir })

async function timeEach(size: ImageSize, ext: ImageFormat): Promise<number[]> {
  const times: number[] = []
  for (const id of records.keys()) {
    const start = performance.now()
    await service.image({ id, width: size, height: size, ext })
    times.push(performance.now() - start)
  }
  return times
}

function summary(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  console.log(
    `${name.padEnd(28)} n=${times.length}  mean ${mean.toFixed(2)} ms  p50 ${at(0.5).toFixed(2)}  p90 ${at(0.9).toFixed(2)}  max ${at(1).toFixed(2)}`,
  )
}

try {
  const first = performance.now()
  await service.image({ id: 'bench-0', width: 100, height: 100, ext: 'jpg' })
  console.log(`first render in the process (font set-up) ${(performance.now() - first).toFixed(1)} ms`)
  summary('cold 800x800 webp', await timeEach(800, 'webp'))
  summary('cold 800x800 jpg', await timeEach(800, 'jpg'))
  summary('cold 272x272 webp', await timeEach(272, 'webp'))
  summary('cold 48x48 webp', await timeEach(48, 'webp'))
  summary('cached 800x800 webp', await timeEach(800, 'webp'))
  summary('cached 48x48 webp', await timeEach(48, 'webp'))
  console.log(`renders ${service.stats.renders}, cache hits ${service.stats.cacheHits}`)
} finally {
  rmSync(cacheDir, { recursive: true, force: true })
}
