import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { benchOffline } from './offline'
import { startCpuMeter, type CpuMeter } from './lib/cpu'
import { runLoad, type LoadRequest, type LoadResult } from './lib/load'
import { auditPages, meetsTarget, PAGE_TARGET } from './lib/pages'
import { freePort, startHelloWorld, startStore, type RunningServer } from './lib/servers'
import { runReliability } from './reliability'
import { pagesToAudit, storeScenarios } from './scenarios'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: process.env.BENCH_ENGINE ?? 'pglite' },
    products: { type: 'string' },
    /** Seconds per scenario (10), or of the soak with `--only reliability` (600). */
    duration: { type: 'string' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    /** Runs only the API scenarios whose name holds this text, e.g. `--match cart`. */
    match: { type: 'string' },
    workers: { type: 'string' },
    /** Lighthouse runs per page and visitor; the table shows their median. */
    runs: { type: 'string', default: '3' },
    /** A store already running there instead of one of the bench's own (e.g. `--only pages --url http://127.0.0.1:4310`). */
    url: { type: 'string' },
  },
})
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite'
const products = Number(values.products ?? (engine === 'postgres' ? 200_000 : 20_000))
const duration = Number(values.duration ?? (values.only === 'reliability' ? 600 : 10))
const connections = Number(values.connections)

const PG_SOCKET_DIR = '/var/run/postgresql'

async function ensurePostgresDatabase(): Promise<string> {
  // A store on the database's machine talks to it over the Unix socket: a checkout's dozen round trips
  // cost the kernel less than over TCP on 127.0.0.1 (order creation 426 against 386 orders/s).
  const host = existsSync(`${PG_SOCKET_DIR}/.s.PGSQL.5432`)
    ? encodeURIComponent(PG_SOCKET_DIR)
    : '127.0.0.1:5432'
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@${host}/storefront_bench_${products}`
  const name = new URL(url).pathname.slice(1)
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() })
  await admin.connect()
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
  if (!rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`)
  await admin.end()
  await forgetSmsLimits(url)
  return url
}

/**
 * The bench signs its shoppers up by SMS from one address, and the store lets an address ask 30 codes an
 * hour: a few runs in an hour used them up and the checkout and wishlist scenarios found no shopper.
 * The bench's own database forgets the bench's SMS requests before each run.
 */
async function forgetSmsLimits(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    await db.query(`delete from rate_limit_hits where bucket like 'sms-%'`)
  } catch {
    // a database not seeded yet has no such table, and nothing to forget
  } finally {
    await db.end()
  }
}

/** The statuses of the non-2xx answers, e.g. ` (409×485)`, so a row's refusals are named. */
function refusalsOf(r: LoadResult): string {
  const statuses = Object.entries(r.refusals)
  return statuses.length ? ` (${statuses.map(([s, n]) => `${s}×${n}`).join(', ')})` : ''
}

/** The CPU a request cost, e.g. `1.2 + 2.5 PG` (the store's ms, then PostgreSQL's). */
function cpuOf(meter: CpuMeter | null, r: LoadResult): string {
  const cpu = meter?.stop(r.total)
  if (!cpu) return ''
  return cpu.postgresMs === null ? `${cpu.storeMs}` : `${cpu.storeMs} + ${cpu.postgresMs} PG`
}

function row(name: string, r: LoadResult, ceiling?: LoadResult, target?: string, cpu = '') {
  return {
    scenario: name,
    'req/s': Math.round(r.requestsPerSecond),
    'p50 ms': r.p50.toFixed(2),
    'p95 ms': r.p95.toFixed(2),
    'p99 ms': r.p99.toFixed(2),
    '% of hello': ceiling ? `${Math.round((100 * r.requestsPerSecond) / ceiling.requestsPerSecond)}%` : '',
    'errors/non2xx': `${r.errors}/${r.non2xx}${refusalsOf(r)}`,
    'CPU ms/req': cpu,
    target: target ?? '',
  }
}

/** One of a scenario's requests, asked once; the answer's size in bytes. */
async function ask(baseUrl: string, r: LoadRequest): Promise<number> {
  const res = await fetch(baseUrl + r.path, { method: r.method ?? 'GET', body: r.body, headers: r.headers })
  return (await res.arrayBuffer()).byteLength
}

/** The mean size of a scenario's answers, over its first requests. */
async function meanAnswerBytes(baseUrl: string, requests: LoadRequest[]): Promise<number> {
  const sample = requests.slice(0, 20)
  let total = 0
  for (const r of sample) total += await ask(baseUrl, r)
  return Math.max(12, Math.round(total / Math.max(1, sample.length)))
}

/**
 * Asks each request once, `concurrency` at a time. One at a time, 600 product pages took longer than the
 * minute the server keeps a page, so the rows meant to measure kept pages measured renders.
 */
async function warm(baseUrl: string, requests: LoadRequest[], concurrency: number): Promise<void> {
  let next = 0
  const asker = async () => {
    for (let r = requests[next++]; r; r = requests[next++]) await ask(baseUrl, r)
  }
  await Promise.all(Array.from({ length: concurrency }, asker))
}

function saveReport(report: Record<string, unknown>): void {
  mkdirSync('bench/results', { recursive: true })
  const file = `bench/results/${engine}-${products}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
  writeFileSync(file, JSON.stringify(report, null, 2))
  console.log(`Saved ${file}`)
}

async function main() {
  // the checkout scenario signs its shopper up by SMS, read from the dev outbox (loopback only)
  const env: Record<string, string> = { SEED_PRODUCTS: String(products), SMS_OUTBOX_ROUTE: '1' }
  if (engine === 'postgres') env.DATABASE_URL = await ensurePostgresDatabase()
  // the reviews target is set at five reviews a product (1,000,000 at 200,000 products)
  if (engine === 'postgres') env.SEED_REVIEWS = String(products * 5)
  else env.DATA_DIR = `./data/bench-pglite-${products}`
  // several store processes on the port (PostgreSQL only); the hello-world stays one process
  if (values.workers) env.WORKERS = values.workers

  if (!existsSync('dist/index.html')) {
    console.log('No build in dist/: building the PWA first (npm run build)...')
    execSync('npm run build', { stdio: 'inherit' })
  }
  if (values.only === 'reliability') {
    // a worker killed and replaced needs several store processes, which run on PostgreSQL only
    if (engine !== 'postgres')
      return console.log('The reliability bench runs on PostgreSQL only: add --engine postgres.')
    const report = { engine, products, reliability: await runReliability(env, duration) }
    return saveReport(report)
  }
  if (values.url) console.log(`Bench: the store at ${values.url}`)
  else {
    console.log(
      `Bench: ${engine}, ${products} products, ${env.WORKERS ?? 1} store process(es), ${connections} connections, ${duration}s per scenario`,
    )
    console.log('Starting the store (the first start seeds the database; that can take minutes)...')
  }
  const servers: RunningServer[] = []
  try {
    const store: RunningServer = values.url
      ? { baseUrl: values.url.replace(/\/$/, ''), stop: async () => {} }
      : await startStore(await freePort(), env)
    servers.push(store)

    const report: Record<string, unknown> = {
      engine,
      products,
      workers: Number(env.WORKERS ?? 1),
      connections,
      duration,
    }
    if (values.only === 'offline') Object.assign(report, await benchOffline(store.baseUrl))
    else if (values.only !== 'pages') {
      const hello = await startHelloWorld(await freePort())
      servers.push(hello)
      const ceiling = await runLoad({
        baseUrl: hello.baseUrl,
        requests: [{ path: '/' }],
        connections,
        durationSeconds: duration,
      })
      const table = [row('bare Fastify hello-world', ceiling)]
      const scenarios = await storeScenarios(store.baseUrl, values.match, env.DATABASE_URL)
      const notes: string[] = []
      for (const scenario of scenarios) {
        if (scenario.warmup) await warm(store.baseUrl, scenario.warmup, connections)
        const alongside = scenario.alongside?.()
        const meter = startCpuMeter(store.pid, engine === 'postgres')
        const result = await runLoad({
          baseUrl: store.baseUrl,
          requests: scenario.requests,
          connections: scenario.load?.connections ?? connections,
          overallRate: scenario.load?.overallRate,
          once: scenario.once,
          // work alongside the load: the load runs until it ends (at most 10 minutes)
          durationSeconds: alongside ? 600 : duration,
          until: alongside,
        })
        if (alongside) notes.push(await alongside)
        table.push(row(scenario.name, result, ceiling, scenario.target, cpuOf(meter, result)))
        if (scenario.sizedCeiling) {
          const bytes = await meanAnswerBytes(store.baseUrl, scenario.requests)
          const sized = await runLoad({
            baseUrl: hello.baseUrl,
            requests: [{ path: `/bytes/${bytes}` }],
            connections,
            durationSeconds: duration,
          })
          table.push(row(`  ↳ bare Fastify, a static ${(bytes / 1024).toFixed(1)} KB answer`, sized, ceiling))
        }
      }
      console.table(table)
      for (const note of notes) console.log(note)
      report.api = table
      if (notes.length > 0) report.notes = notes
    }
    let failedPages: string[] = []
    if (values.only !== 'api' && values.only !== 'offline') {
      const runs = Number(values.runs)
      console.log(
        `Lighthouse, mobile preset (simulated slow 4G), ${runs} cold loads per page and visitor, after one warm-up visit each...`,
      )
      const pages = await auditPages(store.baseUrl, await pagesToAudit(store.baseUrl), { runs })
      console.table(
        pages.map((p) => ({
          page: p.page,
          delivery: p.delivery,
          performance: p.performance,
          'LCP ms': p.lcpMs,
          CLS: p.cls,
          'TBT ms': p.tbtMs,
          'CPU index': p.benchmarkIndex,
          load: p.load,
          'JS KB gz': p.jsGzipKb,
          runs: p.runs.map((r) => `${r.performance}/${r.tbtMs}`).join(' '),
          target: meetsTarget(p) ? 'met' : 'MISSED',
        })),
      )
      console.log(
        `Medians of ${runs} runs; "runs" is each run's score/TBT. Target: performance ≥ ${PAGE_TARGET.performance}, LCP < ${PAGE_TARGET.lcpMs} ms, CLS < ${PAGE_TARGET.cls}, TBT < ${PAGE_TARGET.tbtMs} ms; "load" is the machine's load average (2 cores).`,
      )
      failedPages = pages.filter((p) => !meetsTarget(p)).map((p) => `${p.page} (${p.delivery})`)
      report.pages = pages
    }
    saveReport(report)
    if (failedPages.length > 0) console.warn(`Pages under the target: ${failedPages.join(', ')}`)
  } finally {
    for (const s of servers.reverse()) await s.stop()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
