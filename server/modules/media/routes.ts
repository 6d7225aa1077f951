import path from 'node:path'
import send from '@fastify/send'
import { ErrorBody } from '../../../contract/common'
import {
  IMAGE_BASE,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  ImageBytes,
  ImageParams,
  NotModified,
  VIDEO_BASE,
  VideoParams,
} from '../../../contract/media'
import { badRequest, HttpError, notFound } from '../../http/errors'
import { ERROR_KEYS } from '../../../contract/common'
import type { ModuleRegistration } from '../../http/types'
import { createMediaRepo } from './repo'
import { createMediaService } from './service'
import { createUploads, type Uploads } from './uploads'
import { REVIEW_IMAGE_MAX_BYTES, REVIEW_VIDEO_MAX_BYTES } from '../../../contract/values/reviews'

declare module 'fastify' {
  interface FastifyInstance {
    /** Shoppers' photos and videos: reviews store theirs here (media's public face, `media/index.ts`). */
    uploads: Uploads
  }
}

/**
 * An image id stands for one picture for good (a new picture gets a new id), so browsers and CDNs may
 * keep each URL for a year; caches that do revalidate get a 304 from the ETag.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable'

const binary = {
  description: 'The encoded picture, exactly width × height pixels',
  content: Object.fromEntries(
    Object.values(IMAGE_CONTENT_TYPES).map((type) => [type, { schema: ImageBytes }]),
  ),
}

export const mediaModule: ModuleRegistration = (app, { config, database }) => {
  const uploads = createUploads(database.db, {
    videoCacheDir: path.resolve(config.DATA_DIR, 'video-cache'),
    limits: { imageMaxBytes: REVIEW_IMAGE_MAX_BYTES, videoMaxBytes: REVIEW_VIDEO_MAX_BYTES },
  })
  app.decorate('uploads', uploads)
  const media = createMediaService({
    uploadedBytes: (id) => uploads.imageBytes(id),
    repo: createMediaRepo(database.db),
    cacheDir: path.resolve(config.DATA_DIR, 'image-cache'),
    log: app.log,
  })

  app.get(
    `${IMAGE_BASE}/:width/:height/:id.:ext`,
    {
      // JPEG and WebP are compressed already; this also keeps content-length exact.
      compress: false,
      schema: {
        tags: ['media'],
        summary: 'A product, category or banner image at one of the allowed sizes',
        params: ImageParams,
        response: { 200: binary, 304: NotModified, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const result = await media.image(req.params, req.headers['if-none-match'])
      reply.header('cache-control', IMMUTABLE).header('etag', result.etag)
      if (result.status === 304) return reply.code(304).send()
      return reply.type(result.contentType).send(result.bytes)
    },
  )

  // Without this a URL missing its extension would fall through to the generic 404.
  app.get(`${IMAGE_BASE}/:width/:height/:id`, { compress: false, schema: { hide: true } }, () => {
    throw badRequest(undefined, {
      issues: [{ path: 'params.ext', message: `expected .${IMAGE_FORMATS.join(' or .')}` }],
    })
  })

  app.get(
    `${VIDEO_BASE}/:id`,
    {
      schema: {
        tags: ['media'],
        summary: 'A video a shopper uploaded (mp4 or webm), with range requests (206) for seeking',
        params: VideoParams,
        response: {
          200: {
            description: 'The video',
            content: { 'video/mp4': { schema: ImageBytes }, 'video/webm': { schema: ImageBytes } },
          },
          206: {
            description: 'The range asked for',
            content: { 'video/mp4': { schema: ImageBytes }, 'video/webm': { schema: ImageBytes } },
          },
          404: ErrorBody,
          416: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const video = await uploads.videoFile(req.params.id)
      if (!video) throw notFound()
      // @fastify/send answers Range, If-Range and HEAD as a static file server does (206, 416, ETag).
      const result = await send(req.raw, path.basename(video.file), {
        root: path.dirname(video.file),
        immutable: true,
        maxAge: 31_536_000_000,
        lastModified: false,
      })
      if (result.type === 'error' && result.statusCode === 416) {
        const range = result.headers['Content-Range']
        throw new HttpError(416, 'range_not_satisfiable', ERROR_KEYS.badRequest, { contentRange: range })
      }
      if (result.type !== 'file') throw notFound()
      reply.code(result.statusCode as 200 | 206 | 416)
      for (const [name, value] of Object.entries(result.headers)) reply.header(name, value)
      reply.header('content-type', video.contentType)
      // The schema documents the bytes; the stream is them, read from the file.
      return reply.send(result.stream as unknown as Uint8Array)
    },
  )
}
