import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { IMAGE_CONTENT_TYPES, type ImageFormat, type ImageParams } from '../../../contract/media'
import { notFound } from '../../http/errors'
import { Lru } from '../../lib/lru'
import { DiskCache } from './cache'
import { ILLUSTRATION_VERSION, illustrate } from './illustration'
import type { ImageRecord, MediaRepo } from './repo'

/** Bump when encoder settings change, for the same reason as ILLUSTRATION_VERSION. */
const ENCODER_VERSION = 1

export type ImageResult =
  { status: 304; etag: string } | { status: 200; etag: string; contentType: string; bytes: Buffer }

export interface MediaServiceOptions {
  repo: MediaRepo
  /** Where encoded images are kept, e.g. `${DATA_DIR}/image-cache`. */
  cacheDir: string
  /** sharp renders at once; each holds a full raster in memory, so a burst of cold URLs queues instead. */
  renderConcurrency?: number
  log?: { warn(obj: object, msg: string): void }
  /** The kept file of a shopper's photo (an image row of kind `upload`). */
  uploadedBytes?: (id: string) => Promise<Buffer | null>
}

/** The kind of image row that stands for a shopper's uploaded photo rather than a drawing. */
export const UPLOAD_KIND = 'upload'

/** A shopper's photo at a requested size: thumbnails are cropped to fill, the largest size shows it whole. */
export async function resizeUpload(
  original: Buffer,
  width: number,
  height: number,
  format: ImageFormat,
): Promise<Buffer> {
  const fit = Math.max(width, height) >= 800 ? 'contain' : 'cover'
  const pipeline = sharp(original)
    .resize(width, height, { fit, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
  return format === 'webp'
    ? pipeline.webp({ quality: 80, effort: 4 }).toBuffer()
    : pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
}

/** A counting semaphore that hands a freed slot straight to the next waiter, so it never overshoots. */
export function limiter(max: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}

/**
 * Everything that changes the bytes is in the key, so the key doubles as the ETag and a cached file
 * never goes stale: an edited row or a redrawn illustration simply gets a new file.
 */
export function cacheKey(record: ImageRecord, params: ImageParams): string {
  const parts = [
    ILLUSTRATION_VERSION,
    ENCODER_VERSION,
    record.id,
    record.kind,
    record.color,
    record.label,
    record.variant,
    params.width,
    params.height,
    params.ext,
  ]
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/** Rasterises the drawing at the scale it will be shown, so text and edges stay crisp at every size. */
export async function renderImage(
  record: ImageRecord,
  width: number,
  height: number,
  format: ImageFormat,
): Promise<Buffer> {
  const art = illustrate(record, { width, height })
  const scale =
    art.fit === 'contain'
      ? Math.min(width / art.width, height / art.height)
      : Math.max(width / art.width, height / art.height)
  // librsvg draws one SVG px as one pixel at 72 dpi.
  const pipeline = sharp(Buffer.from(art.svg), { density: 72 * scale })
    .resize(width, height, { fit: art.fit, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
  return format === 'webp'
    ? pipeline.webp({ quality: 80, effort: 4 }).toBuffer()
    : pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
}

export function createMediaService({
  repo,
  cacheDir,
  renderConcurrency = 2,
  log,
  uploadedBytes,
}: MediaServiceOptions) {
  const cache = new DiskCache(cacheDir)
  // Hot pictures (a listing's thumbnails) are served from memory; the rest from the disk cache.
  const hot = new Lru<string, Buffer>({
    maxEntries: 4000,
    maxWeight: 48 * 1024 * 1024,
    weigh: (b) => b.length,
  })
  // Rows change only when the catalogue is edited; a minute of staleness costs at most an old picture.
  const records = new Lru<string, ImageRecord>({ maxEntries: 20_000, ttlMs: 60_000 })
  const inFlight = new Map<string, Promise<Buffer>>()
  const limit = limiter(renderConcurrency)
  const stats = { renders: 0, cacheHits: 0 }

  async function renderAndStore(key: string, record: ImageRecord, params: ImageParams): Promise<Buffer> {
    // A request that missed the disk just before another one finished writing lands here; so does
    // every queued request, which may have waited long enough for another process to render it.
    const late = await cache.read(key, params.ext)
    if (late) return late
    stats.renders += 1
    let bytes: Buffer
    if (record.kind === UPLOAD_KIND) {
      const original = uploadedBytes ? await uploadedBytes(record.id) : null
      if (!original) throw notFound()
      bytes = await resizeUpload(original, params.width, params.height, params.ext)
    } else {
      bytes = await renderImage(record, params.width, params.height, params.ext)
    }
    try {
      await cache.write(key, params.ext, bytes)
    } catch (err) {
      // A full or read-only disk costs a re-render next time, not this answer.
      log?.warn({ err, key }, 'image cache write failed')
    }
    return bytes
  }

  async function bytesFor(key: string, record: ImageRecord, params: ImageParams): Promise<Buffer> {
    const inMemory = hot.get(key)
    if (inMemory) {
      stats.cacheHits += 1
      return inMemory
    }
    const cached = await cache.read(key, params.ext)
    if (cached) {
      stats.cacheHits += 1
      hot.set(key, cached)
      return cached
    }
    let pending = inFlight.get(key)
    if (!pending) {
      pending = limit(() => renderAndStore(key, record, params))
        .then((bytes) => {
          hot.set(key, bytes)
          return bytes
        })
        .finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    return pending
  }

  return {
    stats,
    cacheFile: (key: string, ext: ImageFormat) => cache.file(key, ext),

    async image(params: ImageParams, ifNoneMatch?: string): Promise<ImageResult> {
      let record = records.get(params.id) ?? null
      if (!record) {
        record = await repo.findImage(params.id)
        if (record) records.set(params.id, record)
      }
      if (!record) throw notFound()
      const key = cacheKey(record, params)
      const etag = `"${key}"`
      if (ifNoneMatch && matchesEtag(ifNoneMatch, etag)) return { status: 304, etag }
      const bytes = await bytesFor(key, record, params)
      return { status: 200, etag, contentType: IMAGE_CONTENT_TYPES[params.ext], bytes }
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
