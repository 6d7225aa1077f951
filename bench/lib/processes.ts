import { readdirSync, readFileSync } from 'node:fs'

/** A process's children as the kernel lists them for each of its threads (a fork may come from any). */
function childrenOf(pid: number): number[] {
  const out: number[] = []
  let threads: string[]
  try {
    threads = readdirSync(`/proc/${pid}/task`)
  } catch {
    return out // it ended
  }
  for (const tid of threads) {
    try {
      const listed = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim()
      if (listed) out.push(...listed.split(/\s+/).map(Number))
    } catch {
      // the thread ended while the list was read
    }
  }
  return out
}

/** The store's processes from /proc: the primary first, then every process below it (its workers). */
export function storePids(primary: number): number[] {
  const pids = [primary]
  for (let i = 0; i < pids.length; i++) pids.push(...childrenOf(pids[i]!))
  return pids
}
