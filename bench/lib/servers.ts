import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** A port nothing listens on now, so two bench runs (or a developer's server) do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  baseUrl: string
  /** The server's own process (with WORKERS, the primary that forks the workers); none for a store run elsewhere. */
  pid?: number
  stop(): Promise<void>
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before answering ${url}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`)
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
}

/** Where the store's own output goes during a bench. */
export const STORE_LOG = 'bench/results/store.log'

/**
 * The store as it runs in production, in its own process so the load generator does not share its CPU
 * time slice. Its output goes to `STORE_LOG` rather than into the bench's report, and its tail is
 * printed when it fails to start.
 *
 * A process that allocates an ArrayBuffer per request (a Buffer.concat of a 70 KB answer, say) can
 * fall into back-to-back incremental mark-compacts started by "external memory pressure"
 * (`--trace-incremental-marking`): buffers made while marking survive until it ends, so the pressure
 * feeds itself. Such a process served searches at half the rate. `http/json-bytes.ts` is the fix for the
 * search answers; look for that trace line when one run of a scenario is far off the others.
 */
export async function startStore(port: number, env: Record<string, string>): Promise<RunningServer> {
  mkdirSync(dirname(STORE_LOG), { recursive: true })
  const log = openSync(STORE_LOG, 'w')
  // Node itself, not npx: a signal to npx would not reach the server it started.
  // BENCH_STORE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the store under load
  const nodeArgs = process.env.BENCH_STORE_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  // as `npm start` runs it (package.json, README "Young generation")
  const args = ['--max-semi-space-size=32', ...nodeArgs, '--import', 'tsx', 'server/main.ts']
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${baseUrl}/api/health`, child, 30 * 60_000)
  } catch (err) {
    process.stderr.write(
      `The store's output (${STORE_LOG}):\n${readFileSync(STORE_LOG, 'utf8').slice(-4000)}\n`,
    )
    throw err
  }
  return { baseUrl, pid: child.pid, stop: stopper(child) }
}

/** A bare Fastify hello-world: the ceiling every store figure is read against. */
export async function startHelloWorld(port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello-world.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  await waitFor(baseUrl, child, 60_000)
  return { baseUrl, stop: stopper(child) }
}
