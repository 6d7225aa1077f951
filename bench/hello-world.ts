import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', () => ({ hello: 'world' }))
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) })
