import compress from '@fastify/compress'
import Fastify from 'fastify'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createAnswerBuffers, sendJson, sendJsonParts, sendLentJson } from './json-bytes'

const parts = [Buffer.from('{"products":[{"title":"Тоңазытқыш"}]'), Buffer.from(',"query_id":"q1"}')]
const app = Fastify()
await app.register(compress, { global: true, threshold: 16, encodings: ['gzip'] })
app.get('/parts', (_req, reply) => sendJsonParts(reply, parts))
app.get('/whole', (_req, reply) => sendJson(reply, Buffer.concat(parts)))
app.get('/none', (_req, reply) => sendJsonParts(reply, []))
const buffers = createAnswerBuffers({ size: 1024, keep: 4 })
const whole = Buffer.concat(parts)
app.get('/lent', (_req, reply) => {
  const body = buffers.take(whole.length)
  whole.copy(body)
  return sendLentJson(reply, body, buffers)
})
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

describe('sendLentJson', () => {
  it('sends the lent bytes and takes the buffer back for the next answer', async () => {
    const res = await app.inject({ url: '/lent' })
    expect(res.headers['content-length']).toBe(String(whole.length))
    expect(res.json()).toEqual({ products: [{ title: 'Тоңазытқыш' }], query_id: 'q1' })
    expect(buffers.count).toEqual({ lent: 0, free: 1 })
    const again = await app.inject({ url: '/lent', headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(again.rawPayload).equals(whole)).toBe(true)
    expect(buffers.count).toEqual({ lent: 0, free: 1 })
  })

  it('lends a buffer of its own for an answer larger than the pooled size, and keeps no more than asked', () => {
    const small = createAnswerBuffers({ size: 16, keep: 1 })
    const big = small.take(32)
    expect(big.length).toBe(32)
    small.give(big)
    const [a, b] = [small.take(8), small.take(8)]
    expect(a.buffer).not.toBe(b.buffer)
    small.give(a)
    small.give(b)
    expect(small.count).toEqual({ lent: 0, free: 1 })
    expect(small.take(4).buffer).toBe(a.buffer)
  })
})
