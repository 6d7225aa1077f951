import Fastify from 'fastify'

/** The largest static answer `/bytes/:n` makes (a search page is about 70 KB). */
const MAX_BYTES = 1_000_000
const answers = new Map<number, Buffer>()

/** A JSON answer of exactly `n` bytes (n ≥ 12), made once. */
function answerOf(n: number): Buffer {
  let body = answers.get(n)
  if (!body) {
    body = Buffer.from(`{"pad":"${'a'.repeat(n - 10)}"}`)
    answers.set(n, body)
  }
  return body
}

const app = Fastify({ logger: false })
app.get('/', () => ({ hello: 'world' }))
// the ceiling for answers as big as a scenario's: what sending that many bytes costs by itself
app.get<{ Params: { n: string } }>('/bytes/:n', (req, reply) => {
  const n = Number(req.params.n)
  if (!Number.isInteger(n) || n < 12 || n > MAX_BYTES) return reply.code(400).send({ error: 'n' })
  return reply.type('application/json; charset=utf-8').send(answerOf(n))
})
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) })
