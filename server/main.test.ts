import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { resetPostgres } from './test/database'

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** The real entry point in its own process, on an empty PGlite directory, on a port the OS picks. */
function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_PRODUCTS: '100',
      LOG_LEVEL: 'info',
      STATIC_DIR: path.join(dataDir, 'no-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: { msg?: string; [k: string]: unknown }[] = []
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string }
        logs.push(entry)
        const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(entry.msg ?? '')
        if (match?.[1]) resolve(match[1])
      } catch {
        // not a log line
      }
    })
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)))
  })
  // A server that is meant to fail never listens; its rejection is expected, not unhandled.
  listening.catch(() => undefined)
  return { child, logs, listening, exited, stderr: () => stderr }
}

/** A PostgreSQL database beside the test one, created when missing and emptied. */
async function emptyPostgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({
    connectionString: new URL('/postgres', process.env.TEST_DATABASE_URL).toString(),
  })
  await admin.connect()
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  await resetPostgres(url.toString())
  return url.toString()
}

describe('the server process', () => {
  it('migrates and seeds an empty database, then finishes in-flight requests on SIGTERM and exits 0', async () => {
    const server = startServer()
    const base = await server.listening
    const health = await fetch(`${base}/api/health`)
    expect(health.status).toBe(200)
    expect((await health.json()).database.engine).toBe('pglite')
    expect(server.logs.some((l) => /^seed: catalogue of 100 products written/.test(String(l.msg)))).toBe(true)

    // Cold 800×800 renders take tens of milliseconds each, two at a time: these are still running when
    // the signal arrives.
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      fetch(`${base}/f3/api/v1/images/800/800/p${i + 1}-0.webp`).then((r) => r.status),
    )
    // Signal only once the server has received all of them: a request still on its way is not in flight.
    const received = () =>
      server.logs.filter(
        (l) => l.msg === 'incoming request' && String((l.req as { url?: string })?.url).includes('/800/'),
      )
    await expect.poll(() => received().length, { timeout: 30_000, interval: 5 }).toBe(8)
    server.child.kill('SIGTERM')

    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(200))
    expect(await server.exited).toBe(0)
    expect(server.logs.some((l) => String(l.msg).includes('shutting down'))).toBe(true)
    // Request logs carry the request id.
    expect(server.logs.some((l) => typeof l.reqId === 'string')).toBe(true)
    // Kept-alive sockets are told to close, so stopping does not wait out the 72 s keep-alive timeout.
  }, 60_000)

  it('reuses the data on a second start instead of seeding again', async () => {
    const server = startServer()
    const base = await server.listening
    expect((await fetch(`${base}/api/health`)).status).toBe(200)
    expect(server.logs.filter((l) => /^seed:/.test(String(l.msg)))).toEqual([])
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(0)
  }, 120_000)

  it('refuses several workers on PGlite, whose files belong to one process', async () => {
    const server = startServer({ WORKERS: '2' })
    expect(await server.exited).toBe(2)
    expect(server.stderr()).toContain('WORKERS')
  }, 60_000)

  // PostgreSQL is there whenever TEST_DATABASE_URL is (CI sets it); the workers get a database of their own
  // so their seed never races the server tests' one.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'runs several workers over PostgreSQL on one port, and stops them all on SIGTERM',
    async () => {
      const url = await emptyPostgresDatabase(
        `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_workers`,
      )
      const server = startServer({ WORKERS: '2', DATABASE_URL: url })
      const base = await server.listening
      await expect.poll(() => server.logs.filter((l) => /listening at/.test(String(l.msg))).length).toBe(2)
      const pids = new Set(server.logs.filter((l) => /listening at/.test(String(l.msg))).map((l) => l.pid))
      expect(pids.size).toBe(2)
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/api/health`)))
      expect(answers.every((r) => r.status === 200 || r.status === 503)).toBe(true)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(server.logs.filter((l) => String(l.msg).includes('shutting down')).length).toBe(3)
    },
    120_000,
  )

  it('refuses to start with a bad environment, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty' })
    expect(await server.exited).toBe(2)
    expect(server.stderr()).toContain('PORT')
  }, 60_000)
})
