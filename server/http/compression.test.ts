import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import { createBrotliDecompress, createGunzip } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESSION } from './compression'

/** A streamed page's parts, each far above the compression threshold together. */
const FIRST = `<header>${'Смартфоны '.repeat(200)}</header>`
const SECOND = `<main>${'Тоңазытқыштар '.repeat(200)}</main>`

/** A promise and its resolvers (Node 20 has no Promise.withResolvers). */
function deferred() {
  let resolve: () => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('compressing a streamed answer', () => {
  let app: FastifyInstance
  let port: number
  /** The stream of the answer being sent, so the test writes its second part when it chooses. */
  let page: PassThrough | undefined

  beforeAll(async () => {
    app = Fastify()
    await app.register(compress, COMPRESSION)
    app.get('/page', (_req, reply) => {
      page = new PassThrough()
      page.write(FIRST)
      return reply.type('text/html; charset=utf-8').send(page)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as AddressInfo).port
  })
  afterAll(() => app.close())

  it.each([
    ['gzip', createGunzip],
    ['br', createBrotliDecompress],
  ] as const)(
    'sends each part through %s as it is written, not when the answer ends',
    async (encoding, decompress) => {
      const decoded: string[] = []
      const firstArrived = deferred()
      const finished = deferred()
      request({ port, path: '/page', headers: { 'accept-encoding': encoding } }, (res) => {
        expect(res.headers['content-encoding']).toBe(encoding)
        const plain = res.pipe(decompress())
        plain.setEncoding('utf8')
        plain.on('data', (text: string) => {
          decoded.push(text)
          if (decoded.join('').includes('</header>')) firstArrived.resolve()
        })
        plain.on('end', () => finished.resolve())
        plain.on('error', finished.reject)
      })
        .on('error', firstArrived.reject)
        .end()
      // The first part reaches the browser while the page is still being rendered...
      await firstArrived.promise
      expect(decoded.join('')).toBe(FIRST)
      // ...and the rest when it comes.
      page?.end(SECOND)
      await finished.promise
      expect(decoded.join('')).toBe(FIRST + SECOND)
    },
  )
})
