import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { storePids } from './processes'

describe('the store processes', () => {
  it.runIf(process.platform === 'linux')('lists a process, its child and its grandchild', async () => {
    // a shell that starts a sleeping shell that starts a sleep: three generations
    const top = spawn('sh', ['-c', 'sh -c "sleep 30; true" & wait'], { stdio: 'ignore' })
    try {
      let pids: number[] = []
      for (let i = 0; i < 50 && pids.length < 3; i++) {
        await sleep(20)
        pids = storePids(top.pid!)
      }
      expect(pids[0]).toBe(top.pid)
      expect(pids).toHaveLength(3)
    } finally {
      for (const pid of storePids(top.pid!).reverse()) process.kill(pid, 'SIGKILL')
    }
  })

  it.runIf(process.platform === 'linux')('lists only the primary of a process that ended', () => {
    expect(storePids(2 ** 22 + 1)).toEqual([2 ** 22 + 1])
  })
})
