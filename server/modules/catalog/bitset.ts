/**
 * Fixed-size bitsets over product positions (see `catalog-index.ts`), as plain Uint32Arrays so a
 * category's slice is a word range. Windows (`Window`) are the words of one listing's position range;
 * operations on them allocate one array of the window's length and touch nothing outside it.
 */

export type Bits = Uint32Array

export const wordsFor = (bits: number): number => (bits + 31) >>> 5

export function newBits(size: number): Bits {
  return new Uint32Array(wordsFor(size))
}

export function setBit(bits: Bits, pos: number): void {
  bits[pos >>> 5]! |= 1 << (pos & 31)
}

export function clearBit(bits: Bits, pos: number): void {
  bits[pos >>> 5]! &= ~(1 << (pos & 31))
}

export function hasBit(bits: Bits, pos: number): boolean {
  return (bits[pos >>> 5]! & (1 << (pos & 31))) !== 0
}

export function popcount32(v: number): number {
  v = v - ((v >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** The words of positions [start, end): `first` is the index of the first word in global bitsets. */
export interface Window {
  start: number
  end: number
  first: number
  length: number
}

export function windowOf(start: number, end: number): Window {
  const first = start >>> 5
  const last = end > start ? (end - 1) >>> 5 : first - 1
  return { start, end, first, length: Math.max(0, last - first + 1) }
}

/** A window-sized bitset with exactly the positions [start, end) set. */
export function rangeBits(w: Window): Bits {
  const out = new Uint32Array(w.length)
  if (w.length === 0) return out
  out.fill(0xffffffff)
  const headBit = w.start & 31
  if (headBit) out[0] = out[0]! & ~((1 << headBit) - 1)
  const tailBits = w.end & 31
  if (tailBits) out[w.length - 1] = out[w.length - 1]! & ((1 << tailBits) - 1)
  return out
}

/** `target &= global` over the window (global is a catalogue-wide bitset). */
export function andGlobal(target: Bits, global: Bits, w: Window): void {
  const first = w.first
  for (let i = 0; i < target.length; i++) target[i] = target[i]! & (global[first + i] ?? 0)
}

/** `target |= global` over the window. */
export function orGlobal(target: Bits, global: Bits, w: Window): void {
  const first = w.first
  for (let i = 0; i < target.length; i++) target[i] = target[i]! | (global[first + i] ?? 0)
}

export function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i] = target[i]! & other[i]!
}

export function count(bits: Bits): number {
  let n = 0
  for (let i = 0; i < bits.length; i++) {
    const v = bits[i]!
    if (v !== 0) n += popcount32(v)
  }
  return n
}

/** |a ∧ global| over the window, without allocating. */
export function countAndGlobal(a: Bits, global: Bits, w: Window): number {
  let n = 0
  const first = w.first
  for (let i = 0; i < a.length; i++) {
    const v = a[i]! & (global[first + i] ?? 0)
    if (v !== 0) n += popcount32(v)
  }
  return n
}

/** Whether global position `pos` is set in a window-sized bitset. */
export function hasInWindow(bits: Bits, w: Window, pos: number): boolean {
  const i = (pos >>> 5) - w.first
  return i >= 0 && i < bits.length && (bits[i]! & (1 << (pos & 31))) !== 0
}
