import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_SIZES } from '../../../contract/media'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import { images } from '../../db/schema/media'
import type { App } from '../../http/types'
import { buildTestApp } from '../../test/app'
import { createMediaRepo } from './repo'
import { createMediaService, limiter } from './service'

// The module's own rows, so the tests do not depend on how the seed names its images.
const PHONE = 'media-test-phone'
const FRIDGE = 'media-test-fridge'
const BANNER = 'media-test-banner'
const CACHE_PROBE = 'media-test-cache-probe'
const ETAG_PROBE = 'media-test-etag-probe'

const dataDir = mkdtempSync(path.join(tmpdir(), 'media-test-'))
let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await buildTestApp({ DATA_DIR: dataDir }))
  await app.ready()
  await database.db
    .insert(images)
    .values([
      { id: PHONE, kind: 'smartphone', color: '#1428a0', label: 'Samsung', variant: 0 },
      { id: FRIDGE, kind: 'fridge', color: '#c8102e', label: 'Haier', variant: 2 },
      { id: BANNER, kind: 'banner', color: '#e4002b', label: 'Скидки на смартфоны', variant: 1 },
      { id: CACHE_PROBE, kind: 'gpu', color: '#76b900', label: 'NVIDIA', variant: 0 },
      { id: ETAG_PROBE, kind: 'tv', color: '#a50034', label: 'LG', variant: 3 },
    ])
    .onConflictDoNothing()
})

afterAll(async () => {
  await app?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const url = (id: string, width: number | string, height: number | string, ext: string) =>
  `/f3/api/v1/images/${width}/${height}/${id}.${ext}`

describe('the image service', () => {
  it('renders every allowed width and height pair at exactly that size', async () => {
    for (const width of IMAGE_SIZES) {
      for (const height of IMAGE_SIZES) {
        const res = await app.inject(url(PHONE, width, height, 'webp'))
        expect(res.statusCode, `${width}x${height}`).toBe(200)
        const meta = await sharp(res.rawPayload).metadata()
        expect([meta.width, meta.height, meta.format]).toEqual([width, height, 'webp'])
      }
    }
  })

  it('answers webp as image/webp and jpg as image/jpeg, with length, ETag and a year of caching', async () => {
    for (const [ext, type, format] of [
      ['webp', 'image/webp', 'webp'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const res = await app.inject(url(FRIDGE, 272, 272, ext))
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe(type)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/)
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      expect((await sharp(res.rawPayload).metadata()).format).toBe(format)
    }
  })

  it('gives jpg and webp of the same image different ETags', async () => {
    const webp = await app.inject(url(FRIDGE, 100, 100, 'webp'))
    const jpg = await app.inject(url(FRIDGE, 100, 100, 'jpg'))
    expect(webp.headers.etag).not.toBe(jpg.headers.etag)
  })

  it('fills a banner to the whole frame at any allowed aspect', async () => {
    for (const [width, height] of [
      [800, 272],
      [272, 800],
      [800, 800],
    ] as const) {
      const res = await app.inject(url(BANNER, width, height, 'jpg'))
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.width, meta.height]).toEqual([width, height])
    }
  })

  it('sends images uncompressed even to a client that accepts br and gzip', async () => {
    const res = await app.inject({
      url: url(PHONE, 800, 800, 'webp'),
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800)
  })

  it.each([
    ['a width outside the list', url(PHONE, 64, 100, 'webp')],
    ['a height outside the list', url(PHONE, 100, 1000, 'webp')],
    ['a non-numeric width', url(PHONE, 'abc', 100, 'webp')],
    ['a size spelt with a leading zero', url(PHONE, '0100', 100, 'webp')],
    ['the png extension', url(PHONE, 100, 100, 'png')],
    ['an empty extension', url(PHONE, 100, 100, '')],
    ['no extension at all', `/f3/api/v1/images/100/100/${PHONE}`],
    ['an id with a slash in it', url('a%2Fb', 100, 100, 'webp')],
  ])('refuses %s with 400 in the JSON error shape', async (_name, target) => {
    const res = await app.inject(target)
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const body = res.json<{ error: { code: string; message: string } }>()
    expect(body.error.code).toEqual(expect.any(String))
    expect(body.error.message).toBe('errors:pleaseVerifyInputData')
  })

  it('answers 404 in the JSON error shape for an unknown id', async () => {
    const res = await app.inject(url('no-such-image', 100, 100, 'webp'))
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'errors:notFound' } })
  })

  it('keeps the first render on disk, and another process serves it from that file', async () => {
    const first = await app.inject(url(CACHE_PROBE, 150, 150, 'webp'))
    const key = String(first.headers.etag).replaceAll('"', '')
    const file = path.join(dataDir, 'image-cache', key.slice(0, 2), `${key}.webp`)
    expect(readFileSync(file).equals(first.rawPayload)).toBe(true)

    const second = await app.inject(url(CACHE_PROBE, 150, 150, 'webp'))
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers.etag).toBe(first.headers.etag)

    // Only a file read can return bytes that were put on disk behind the service's back; a second app
    // over the same data directory stands for another server process, with nothing in its memory.
    const marker = await sharp({ create: { width: 150, height: 150, channels: 3, background: '#ff00ff' } })
      .webp()
      .toBuffer()
    writeFileSync(file, marker)
    const other = await buildTestApp({ DATA_DIR: dataDir })
    try {
      await other.app.ready()
      const third = await other.app.inject(url(CACHE_PROBE, 150, 150, 'webp'))
      expect(third.rawPayload.equals(marker)).toBe(true)
    } finally {
      await other.app.close()
    }
    // This process answers from memory, with the bytes it rendered.
    const fourth = await app.inject(url(CACHE_PROBE, 150, 150, 'webp'))
    expect(fourth.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it('answers 304 with no body when If-None-Match carries the current ETag', async () => {
    const first = await app.inject(url(ETAG_PROBE, 208, 208, 'webp'))
    const etag = String(first.headers.etag)
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await app.inject({
        url: url(ETAG_PROBE, 208, 208, 'webp'),
        headers: { 'if-none-match': ifNoneMatch },
      })
      expect(again.statusCode, ifNoneMatch).toBe(304)
      expect(again.rawPayload.length).toBe(0)
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    const stale = await app.inject({
      url: url(ETAG_PROBE, 208, 208, 'webp'),
      headers: { 'if-none-match': '"0000"' },
    })
    expect(stale.statusCode).toBe(200)
  })

  it("draws the seeded catalogue's pictures: every banner, every category tile, a product of every kind", async () => {
    const seeded = await rows<{ id: string }>(
      database.db,
      sql`select id from images where product_id is null and id not like 'media-test-%'
          union all
          select min(id) from images where product_id is not null group by kind`,
    )
    expect(seeded.length).toBeGreaterThan(10)
    for (const { id } of seeded) {
      const res = await app.inject(url(id, 88, 88, 'webp'))
      expect(res.statusCode, id).toBe(200)
      expect((await sharp(res.rawPayload).metadata()).width).toBe(88)
    }
  })

  it('answers a JSON 404 for videos, since the store has none', async () => {
    const res = await app.inject('/f3/api/v1/videos/some-video')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'errors:notFound' } })
  })

  it('lists the image and video paths in the OpenAPI document', async () => {
    const res = await app.inject('/api/openapi.json')
    expect(res.statusCode).toBe(200)
    const paths = res.json<{ paths: Record<string, { get: { parameters: { name: string }[] } }> }>().paths
    const image = paths['/f3/api/v1/images/{width}/{height}/{id}.{ext}']
    expect(image?.get.parameters.map((p) => p.name).sort()).toEqual(['ext', 'height', 'id', 'width'])
    expect(paths['/f3/api/v1/videos/{id}']).toBeDefined()
  })
})

describe('rendering under load', () => {
  it('renders once when the same image is asked for many times at once', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'media-burst-'))
    try {
      const service = createMediaService({ repo: createMediaRepo(database.db), cacheDir })
      const params = { id: PHONE, width: 800, height: 800, ext: 'webp' } as const
      const results = await Promise.all(Array.from({ length: 12 }, () => service.image(params)))
      expect(service.stats.renders).toBe(1)
      const bodies = results.map((r) => (r.status === 200 ? r.bytes : Buffer.alloc(0)))
      expect(bodies.every((b) => b.length > 0 && b.equals(bodies[0] as Buffer))).toBe(true)

      await service.image(params)
      expect(service.stats.renders).toBe(1)
      expect(service.stats.cacheHits).toBe(1)
    } finally {
      rmSync(cacheDir, { recursive: true, force: true })
    }
  })

  it('runs no more renders at once than the limit', async () => {
    const limit = limiter(2)
    let active = 0
    let peak = 0
    const task = () =>
      limit(async () => {
        active += 1
        peak = Math.max(peak, active)
        await new Promise((resolve) => setTimeout(resolve, 5))
        active -= 1
      })
    await Promise.all(Array.from({ length: 10 }, task))
    expect(peak).toBe(2)
  })
})
