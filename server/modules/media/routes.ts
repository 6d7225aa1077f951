import path from 'node:path'
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
import { badRequest, notFound } from '../../http/errors'
import type { ModuleRegistration } from '../../http/types'
import { createMediaRepo } from './repo'
import { createMediaService } from './service'

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
  const media = createMediaService({
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
        summary: 'A product video; the store has none yet, so every id is unknown',
        params: VideoParams,
        response: { 404: ErrorBody },
      },
    },
    () => {
      throw notFound()
    },
  )
}
