import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Sends an answer already rendered as UTF-8 JSON as it is: Fastify's serializer (a zod check and a
 * JSON.stringify per request) is for answers made per request, not for ones made once and kept.
 */
export function sendJson(reply: FastifyReply, body: string | Buffer) {
  return reply.type(JSON_TYPE).send(body)
}

/**
 * Sends a JSON answer made of several buffers without joining them into one.
 *
 * Why: a search answer is a cached 30-70 KB body plus a per-request tail (its query id). Joining them
 * allocates a new ArrayBuffer per request, and V8 counts those as external memory: at search rates
 * that is about 100 MB/s, enough to keep an incremental mark-compact running back to back (buffers
 * made while marking live until it ends, so the pressure feeds itself). A store process that fell
 * into that state served searches at half the rate with four times the p95 (`npm run bench`, PostgreSQL
 * 200k). Streaming the parts costs one small Readable and copies nothing.
 */
export function sendJsonParts(reply: FastifyReply, parts: readonly Buffer[]) {
  let length = 0
  for (const part of parts) length += part.length
  let next = 0
  const body = new Readable({
    read() {
      this.push(next < parts.length ? parts[next++] : null)
    },
  })
  return reply.type(JSON_TYPE).header('content-length', length).send(body)
}

/**
 * Buffers for answers rendered straight to bytes, lent one per answer and taken back when its response
 * has closed. Rendering a dozen KB into a new buffer per request makes an ArrayBuffer per request, and
 * V8 counts those as external memory: at the rate of cart changes that started a mark of the whole heap
 * (the catalogue's index, hundreds of MB) every three seconds (`--trace-incremental-marking`: "external
 * memory pressure"). An answer larger than `size` gets a buffer of its own.
 */
export function createAnswerBuffers({ size = 64 * 1024, keep = 256 } = {}) {
  const free: Buffer[] = []
  const lent = new Map<ArrayBufferLike, Buffer>()
  return {
    /** A buffer of exactly `bytes` bytes, to fill and send with `sendLentJson`. */
    take(bytes: number): Buffer {
      if (bytes > size) return Buffer.allocUnsafe(bytes)
      const whole = free.pop() ?? Buffer.allocUnsafeSlow(size)
      lent.set(whole.buffer, whole)
      return whole.subarray(0, bytes)
    },
    give(part: Buffer): void {
      const whole = lent.get(part.buffer)
      if (!whole) return
      lent.delete(part.buffer)
      if (free.length < keep) free.push(whole)
    },
    /** Buffers lent and not yet given back, and buffers waiting to be lent. */
    get count() {
      return { lent: lent.size, free: free.length }
    },
  }
}
export type AnswerBuffers = ReturnType<typeof createAnswerBuffers>

/** Sends JSON in a buffer lent by `buffers`, and gives it back once the response is closed. */
export function sendLentJson(reply: FastifyReply, body: Buffer, buffers: AnswerBuffers) {
  // closed, the response holds the bytes no more: written, or dropped with its connection
  reply.raw.once('close', () => buffers.give(body))
  return sendJson(reply, body)
}
