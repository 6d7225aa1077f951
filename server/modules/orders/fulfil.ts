import { parseArgs } from 'node:util'
import { consoleIo, runAsScript, withConfiguredDatabase, type WithDatabase } from '../../db/cli'
import { createNotifier } from '../notifications'
import { createLifecycleRepo } from './lifecycle-repo'
import { createOrderLifecycle } from './lifecycle'

const USAGE = `Usage: npm run fulfil -- [--once] [--speed N] [--interval S]

  The warehouse of the local store: moves orders on as a real one would, each move when its delay in
  order_status_transitions has passed since the order's last change (paid or accepted → assembling
  after 2 min, → ready for pickup or handed to the courier after 10-15 min, delivered after an hour).

  --once         make every move that is due now, once, and stop (a watch otherwise, until Ctrl-C)
  --speed N      N times faster than a real warehouse (default 1; 60: a minute of delays per second)
  --interval S   seconds between looks in watch mode (default 5)

Works on DATABASE_URL when set, otherwise on the PGlite files under DATA_DIR (stop the server first:
PGlite's files belong to one process; or start the server with FULFILMENT_SPEED=N to run this inside it).`

export interface FulfilIo {
  out: (line: string) => void
  err: (line: string) => void
}

/** Runs `fn` on the store's database. */
interface Parsed {
  once: boolean
  speed: number
  interval: number
}

function parse(argv: string[]): Parsed | { help: boolean; problem?: string } {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        once: { type: 'boolean', default: false },
        speed: { type: 'string', default: '1' },
        interval: { type: 'string', default: '5' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (e) {
    return { help: false, problem: e instanceof Error ? e.message : String(e) }
  }
  const { values } = parsed
  if (values.help) return { help: true }
  const speed = Number(values.speed)
  if (!Number.isFinite(speed) || speed <= 0 || speed > 1_000_000)
    return {
      help: false,
      problem: `the speed is a number above 0 and at most 1000000, not "${values.speed}"`,
    }
  const interval = Number(values.interval)
  if (!Number.isFinite(interval) || interval < 0.1 || interval > 3600)
    return { help: false, problem: `the interval is 0.1 to 3600 seconds, not "${values.interval}"` }
  return { once: values.once, speed, interval }
}

/**
 * The command behind `npm run fulfil`: 0 done (or stopped), 2 bad arguments. `stop` ends a watch (the
 * signal handler's promise in the script, a test's timer).
 */
export async function runFulfilCli(
  argv: string[],
  withDatabase: WithDatabase,
  io: FulfilIo,
  stop: Promise<void> = new Promise(() => {}),
): Promise<number> {
  const parsed = parse(argv)
  if (!('once' in parsed)) {
    if (parsed.problem) io.err(`fulfil: ${parsed.problem}\n`)
    ;(parsed.help ? io.out : io.err)(USAGE)
    return parsed.help ? 0 : 2
  }
  return withDatabase(async (db) => {
    const lifecycle = createOrderLifecycle({
      db,
      repo: createLifecycleRepo(db),
      notify: createNotifier(db),
      settlement: null,
    })
    let stopped = false
    void stop.then(() => (stopped = true))
    for (;;) {
      const moves = await lifecycle.fulfil(parsed.speed)
      for (const m of moves) io.out(`fulfil: order ${m.number} ${m.from} → ${m.to}`)
      if (parsed.once) {
        if (moves.length === 0) io.out('fulfil: nothing is due')
        return 0
      }
      let timer: NodeJS.Timeout | undefined
      await Promise.race([stop, new Promise((r) => (timer = setTimeout(r, parsed.interval * 1000)))])
      clearTimeout(timer)
      if (stopped) return 0
    }
  })
}

async function main(): Promise<number> {
  const stop = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
  return runFulfilCli(process.argv.slice(2), withConfiguredDatabase, consoleIo, stop)
}

// Run as a script (npm run fulfil), not when a test imports runFulfilCli.
runAsScript(import.meta.url, main)
