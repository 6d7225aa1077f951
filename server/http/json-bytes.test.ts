import compress from '@fastify/compress'
import Fastify from 'fastify'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { sendJson, sendJsonParts } from './json-bytes'

const parts = [Buffer.from('{"products":[{"title":"Тоңазытқыш"}]'), Buffer.from(',"query_id":"q1"}')]
const app = Fastify()
await app.register(compress, { global: true, threshold: 16, encodings: ['gzip'] })
app.get('/parts', (_req, reply) => sendJsonParts(reply, parts))
app.get('/whole', (_req, reply) => sendJson(reply, Buffer.concat(parts)))
app.get('/none', (_req, reply) => sendJsonParts(reply, []))
afterAll(() => app.close())

describe('sendJsonParts', () => {
  it('sends the parts one after another with their total length', async () => {
    const res = await app.inject({ url: '/parts' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-length']).toBe(String(Buffer.concat(parts).length))
    expect(res.json()).toEqual({ products: [{ title: 'Тоңазытқыш' }], query_id: 'q1' })
  })

  it('is compressed like any other answer when the client asks for it', async () => {
    const res = await app.inject({ url: '/parts', headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-length']).toBeUndefined()
    expect(gunzipSync(res.rawPayload).equals(Buffer.concat(parts))).toBe(true)
  })

  it('sends an empty body for no parts', async () => {
    const res = await app.inject({ url: '/none' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe('0')
    expect(res.body).toBe('')
  })
})

describe('sendJson', () => {
  it('sends the bytes as they are, as JSON', async () => {
    const res = await app.inject({ url: '/whole' })
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.rawPayload.equals(Buffer.concat(parts))).toBe(true)
  })
})
