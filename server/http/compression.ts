import { constants } from 'node:zlib'
import type { FastifyCompressOptions } from '@fastify/compress'

/**
 * How answers are compressed (@fastify/compress): brotli or gzip above 1 KB. Each write is flushed
 * through the compressor as it comes: a server-rendered page streams its parts as React finishes them,
 * and a compressor that waited for more input would hold the page's first screen back until the end.
 * Answers sent whole (JSON, a bot's page) are one write, so this costs them nothing.
 */
export const COMPRESSION: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  zlibOptions: { flush: constants.Z_SYNC_FLUSH },
  brotliOptions: {
    flush: constants.BROTLI_OPERATION_FLUSH,
    // @fastify/compress's own default quality: 11 is far too slow for answers made per request.
    params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
  },
}
