import cluster, { type Worker } from 'node:cluster'

/** A worker that dies sooner than this after its start counts as a crash loop. */
const CRASH_WINDOW_MS = 10_000
const MAX_QUICK_CRASHES = 5

const log = (level: number, msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...extra }))

/**
 * The primary of a multi-process store: forks `count` workers that share the port (the operating
 * system hands each connection to one of them), replaces a worker that dies, and on SIGTERM/SIGINT
 * passes the signal on and exits once every worker has finished its in-flight requests.
 */
export function runWorkers(count: number, shutdownDeadlineMs: number): Promise<void> {
  let stopping = false
  let quickCrashes = 0
  const startedAt = new Map<Worker, number>()

  const fork = () => startedAt.set(cluster.fork(), Date.now())

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    if (stopping) {
      if (startedAt.size === 0) process.exit(0)
      return
    }
    log(50, 'worker died; starting another', { worker_pid: worker.process.pid, code, signal })
    quickCrashes = lived < CRASH_WINDOW_MS ? quickCrashes + 1 : 0
    if (quickCrashes >= MAX_QUICK_CRASHES) {
      log(60, `workers keep dying within ${CRASH_WINDOW_MS / 1000} s of starting: giving up`)
      process.exit(1)
    }
    fork()
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log(30, 'shutting down: workers finish their in-flight requests', { signal })
    for (const worker of startedAt.keys()) worker.process.kill(signal)
    setTimeout(() => {
      log(50, 'workers did not stop in time')
      process.exit(1)
    }, shutdownDeadlineMs).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  for (let i = 0; i < count; i++) fork()
  log(30, `started ${count} workers`)
  return Promise.resolve()
}
