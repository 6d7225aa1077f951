import { describe, expect, it } from 'vitest'
import { binCheckDigit, completeBin, isValidBin } from './bin'
import { createLocalOrganisationRegistry, localOrganisations } from './local'

describe('BIN checksum', () => {
  it('accepts a real-shaped BIN whose last digit is the weighted sum modulo 11', () => {
    // 1..11 weights over 07054000001: 0+14+0+20+20+0+0+0+0+0+11 = 65 → 65 % 11 = 10 → second weights
    const bin = completeBin('07054000001')
    expect(bin).toMatch(/^\d{12}$/)
    expect(isValidBin(bin as string)).toBe(true)
  })

  it('refuses a BIN with a wrong check digit, a wrong length or letters', () => {
    const bin = completeBin('19074001234') as string
    const wrong = `${bin.slice(0, 11)}${(Number(bin[11]) + 1) % 10}`
    expect(isValidBin(wrong)).toBe(false)
    expect(isValidBin(bin.slice(0, 11))).toBe(false)
    expect(isValidBin(`${bin}0`)).toBe(false)
    expect(isValidBin('12345678901a')).toBe(false)
  })

  it('uses the second weights when the first sum gives 10, and has no digit when both give 10', () => {
    let sawSecond = false
    let sawNone = false
    for (let n = 0; n < 2000 && !(sawSecond && sawNone); n++) {
      const first11 = String(10_000_000_000 + n * 7919).slice(0, 11)
      const digits = [...first11].map(Number)
      const first = digits.reduce((s, d, i) => s + d * (i + 1), 0) % 11
      const check = binCheckDigit(first11)
      if (first === 10 && check !== null) sawSecond = true
      if (check === null) sawNone = true
      if (first !== 10) expect(check).toBe(first)
    }
    expect(sawSecond).toBe(true)
    expect(sawNone).toBe(true)
  })
})

describe('local organisation registry', () => {
  it('holds only checksum-valid, distinct BINs', () => {
    const all = localOrganisations()
    expect(all.length).toBeGreaterThan(10)
    expect(new Set(all.map((o) => o.bin)).size).toBe(all.length)
    for (const o of all) expect(isValidBin(o.bin)).toBe(true)
  })

  it('finds an organisation by BIN and answers null for a valid BIN it does not know', async () => {
    const registry = createLocalOrganisationRegistry({ delayMs: 0 })
    const [first] = localOrganisations()
    expect(await registry.lookup(first!.bin, new AbortController().signal)).toEqual(first)
    const unknown = completeBin('99129999998') ?? (completeBin('99129999997') as string)
    expect(await registry.lookup(unknown, new AbortController().signal)).toBeNull()
  })

  it('gives up when the caller aborts (the 30 s timeout of the spec)', async () => {
    const registry = createLocalOrganisationRegistry({ delayMs: 5000 })
    const [first] = localOrganisations()
    await expect(registry.lookup(first!.bin, AbortSignal.timeout(20))).rejects.toThrow()
  })
})
