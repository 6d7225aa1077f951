import { promisify } from 'node:util'
import { constants, crc32, deflateRaw } from 'node:zlib'

const deflateRawAsync = promisify(deflateRaw)

/**
 * A document kept gzipped with holes in it: a short text that changes with every answer (a page's CSP
 * nonce) is put into the holes at sending, without compressing the document again.
 *
 * Each part between two holes is compressed on its own and ends with a full flush, which leaves the
 * deflate stream on a byte boundary with nothing after it referring back; a hole's text goes in as a
 * stored (uncompressed) block, and the document ends with an empty final block. The gzip trailer's
 * CRC-32 of the whole is combined from the parts' (kept) and the text's, so sending costs a few
 * microseconds and a Buffer.concat, whatever the document's size.
 */
export interface SplicedGzip {
  /** The compressed parts, each ending byte-aligned after a full flush. */
  parts: Buffer[]
  /** CRC-32 and length of each part's uncompressed text. */
  crcs: number[]
  lengths: number[]
  /** Compressed bytes kept (the parts). */
  bytes: number
}

/** Compresses `parts` (the document split at its holes) for `fill`. */
export async function spliceableGzip(parts: Buffer[], level = 6): Promise<SplicedGzip> {
  const compressed = await Promise.all(
    parts.map((part) => deflateRawAsync(part, { level, finishFlush: constants.Z_FULL_FLUSH })),
  )
  return {
    parts: compressed,
    crcs: parts.map((part) => crc32(part)),
    lengths: parts.map((part) => part.length),
    bytes: compressed.reduce((sum, part) => sum + part.length, 0),
  }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty stored block with the final bit: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/** A stored (uncompressed) deflate block holding `text`, not the last one. */
function storedBlock(text: Buffer): Buffer {
  if (text.length > 0xffff) throw new Error('a hole holds at most 65535 bytes')
  const block = Buffer.allocUnsafe(5 + text.length)
  block[0] = 0x00
  block.writeUInt16LE(text.length, 1)
  block.writeUInt16LE(~text.length & 0xffff, 3)
  text.copy(block, 5)
  return block
}

/** The gzip document with `text` in every hole. */
export function fillSplicedGzip(doc: SplicedGzip, text: string): Buffer {
  const hole = Buffer.from(text, 'utf8')
  const holeBlock = storedBlock(hole)
  const holeCrc = crc32(hole)
  const pieces: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let length = 0
  doc.parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(holeBlock)
      crc = crc32Combine(crc, holeCrc, hole.length)
      length += hole.length
    }
    pieces.push(part)
    crc = crc32Combine(crc, doc.crcs[i] ?? 0, doc.lengths[i] ?? 0)
    length += doc.lengths[i] ?? 0
  })
  const trailer = Buffer.allocUnsafe(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  pieces.push(FINAL_BLOCK, trailer)
  return Buffer.concat(pieces)
}

// CRC-32 of a concatenation from its halves' CRCs, as zlib's crc32_combine does it: multiplying by
// x^(8·len2) modulo the CRC polynomial (reflected).
const POLY = 0xedb88320

function multModP(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = (b & 1) !== 0 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return p >>> 0
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = (() => {
  const table: number[] = []
  let p = 0x40000000 // x^1
  table.push(p)
  for (let n = 1; n < 32; n++) table.push((p = multModP(p, p)))
  return table
})()

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000 // x^0
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31] ?? 0, p)
    n = Math.floor(n / 2)
    k++
  }
  return p
}

/** The CRC-32 of A followed by B, from A's, B's and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA >>> 0) ^ (crcB >>> 0)) >>> 0
}
