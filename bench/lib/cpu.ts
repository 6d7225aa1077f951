import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { storePids } from './processes'

/*
 * The CPU a scenario cost the store and PostgreSQL, per request. On two cores shared by the load
 * generator, the store and PostgreSQL, throughput and p95 say how long requests waited for a core as
 * much as how much work they were (order creation moved from 603 to 339 orders/s over one evening with
 * the code unchanged); this says how much work a request was and on which side. It moves with the
 * contention too (cache misses, switches), less for light requests than for orders. Read from /proc
 * (Linux); elsewhere the column stays empty.
 */

/** User plus system time of a process and all its threads, in clock ticks, from `/proc/<pid>/stat`. */
export function ticksOfStat(stat: string): { comm: string; ticks: number } {
  // the command name is in parentheses and may itself hold spaces or parentheses: split after the last
  const close = stat.lastIndexOf(')')
  const comm = stat.slice(stat.indexOf('(') + 1, close)
  const fields = stat
    .slice(close + 2)
    .trim()
    .split(' ')
  // after the name: state(0) … utime(11) stime(12)
  return { comm, ticks: Number(fields[11]) + Number(fields[12]) }
}

interface ProcessTicks {
  pid: number
  comm: string
  ticks: number
}

function processes(): ProcessTicks[] {
  const out: ProcessTicks[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      out.push({ pid: Number(name), ...ticksOfStat(readFileSync(`/proc/${name}/stat`, 'utf8')) })
    } catch {
      // the process ended while the list was read
    }
  }
  return out
}

/** The store (its process and its workers) and the local PostgreSQL, in ticks at one moment. */
interface Snapshot {
  store: Map<number, number>
  postgres: Map<number, number>
}

function snapshot(storePid: number): Snapshot {
  const all = processes()
  const inStore = new Set(storePids(storePid))
  const store = new Map(all.filter((p) => inStore.has(p.pid)).map((p) => [p.pid, p.ticks]))
  const postgres = new Map(all.filter((p) => p.comm === 'postgres').map((p) => [p.pid, p.ticks]))
  return { store, postgres }
}

/** Ticks spent between two snapshots by the processes alive at the second (one that ended is not counted). */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0)
  return ticks
}

let ticksPerSecond: number | undefined
function msPerTick(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  return 1000 / ticksPerSecond
}

export interface CpuMeter {
  /** CPU ms a request over the scenario: the store's and, on PostgreSQL, the database's. */
  stop(requests: number): { storeMs: number; postgresMs: number | null } | null
}

/** Starts counting the store's CPU (and PostgreSQL's when `postgres`); null when it cannot be read here. */
export function startCpuMeter(storePid: number | undefined, postgres: boolean): CpuMeter | null {
  if (storePid === undefined || !existsSync(`/proc/${storePid}/stat`)) return null
  const before = snapshot(storePid)
  return {
    stop(requests) {
      if (requests <= 0) return null
      const after = snapshot(storePid)
      const per = (ticks: number) => Math.round(((ticks * msPerTick()) / requests) * 100) / 100
      return {
        storeMs: per(spent(before.store, after.store)),
        postgresMs: postgres ? per(spent(before.postgres, after.postgres)) : null,
      }
    },
  }
}
