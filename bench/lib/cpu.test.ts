import { describe, expect, it } from 'vitest'
import { startCpuMeter, ticksOfStat } from './cpu'

describe('CPU per request', () => {
  it('reads user and system ticks after a command name holding spaces and parentheses', () => {
    const stat = '4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 100 0 0 0 700 55 0 0 20 0 11 0 1'
    expect(ticksOfStat(stat)).toEqual({ comm: 'node (worker) 1', ticks: 755 })
  })

  it.runIf(process.platform === 'linux')('counts the CPU this process spends, per request', () => {
    const meter = startCpuMeter(process.pid, false)
    expect(meter).not.toBeNull()
    const until = Date.now() + 120
    let spin = 0
    while (Date.now() < until) spin++
    expect(spin).toBeGreaterThan(0)
    const cpu = meter!.stop(2)
    // some 120 ms of CPU over two requests (ticks are 10 ms; a busy machine may give the test less)
    expect(cpu!.storeMs).toBeGreaterThanOrEqual(20)
    expect(cpu!.storeMs).toBeLessThan(200)
    expect(cpu!.postgresMs).toBeNull()
  })

  it('cannot count a process it cannot see', () => {
    expect(startCpuMeter(undefined, true)).toBeNull()
  })
})
