import { createHash } from 'node:crypto'
import { Transform, type Readable } from 'node:stream'
import { parse } from 'csv-parse'
import streamArray from 'stream-json/streamers/stream-array.js'
import type { ImportFormat } from '../../../contract/values/catalog-import'
import { isImportField } from './rows'

/** One row of the file as read, before its checks: its number and its fields by column name. */
export interface ReadRow {
  rowNo: number
  raw: Record<string, unknown>
  /** Set when the row is not a row at all (a JSON item that is not an object). */
  unreadable?: true
}

/** The file could not be read on (broken CSV quoting, JSON syntax, a header the format does not have). */
export class UnreadableFile extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message)
  }
}

/** The bytes that went through: their SHA-256 and count, known once the stream has ended. */
export interface Tally {
  hash(): string
  bytes(): number
}

/**
 * What the parsers get at a time, one slice per turn of the event loop: they parse what they are given
 * in one go, and a request's chunk of 64 KB took csv-parse 16-40 ms (some 3,000 rows) while shoppers'
 * requests waited behind it.
 */
const SLICE_BYTES = 8192

/** A pass-through that hashes and counts what flows, so the file is read once; it hands it on in slices. */
function tally(): { stream: Transform; tally: Tally } {
  const hash = createHash('sha256')
  let bytes = 0
  let digest: string | null = null
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk)
      bytes += chunk.length
      let at = 0
      const handOn = () => {
        this.push(chunk.subarray(at, (at += SLICE_BYTES)))
        if (at < chunk.length) setImmediate(handOn)
        else done()
      }
      handOn()
    },
  })
  return {
    stream,
    tally: { hash: () => (digest ??= hash.digest('hex')), bytes: () => bytes },
  }
}

/**
 * The rows of an uploaded file, one at a time as they arrive (nothing holds the whole file): CSV with
 * a header row naming the columns (row 1; the first data row is row 2, as a spreadsheet numbers them),
 * or JSON, an array of objects (item 1 is the first). Throws `UnreadableFile` where the file stops being
 * readable; what the caller staged before is then thrown away with it.
 */
export function readRows(
  body: Readable,
  format: ImportFormat,
): { rows: AsyncIterable<ReadRow>; tally: Tally } {
  const counted = tally()
  body.on('error', (err) => counted.stream.destroy(err))
  body.pipe(counted.stream)
  return {
    tally: counted.tally,
    rows: format === 'csv' ? csvRows(counted.stream) : jsonRows(counted.stream),
  }
}

async function* csvRows(input: Readable): AsyncGenerator<ReadRow> {
  const parser = input.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: false }),
  )
  input.on('error', (err) => parser.destroy(err))
  let header: string[] | null = null
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
      if (!header) {
        header = item.record.map((name) => name.trim().toLowerCase())
        const unknown = header.filter((name) => !isImportField(name))
        if (unknown.length > 0)
          throw new UnreadableFile('unknown columns', { line: 1, columns: unknown.slice(0, 20) })
        if (!header.includes('sku')) throw new UnreadableFile('no sku column', { line: 1, columns: ['sku'] })
        continue
      }
      const raw: Record<string, unknown> = {}
      header.forEach((name, i) => {
        const cell = item.record[i]
        if (cell !== undefined && cell !== '') raw[name] = cell
      })
      yield { rowNo: item.info.records, raw }
    }
  } catch (err) {
    if (err instanceof UnreadableFile) throw err
    if (input.errored) throw input.errored
    const e = err as { code?: string; lines?: number; message?: string }
    if (e.code?.startsWith('CSV_'))
      throw new UnreadableFile('broken CSV', { line: e.lines ?? null, reason: e.code })
    throw err
  }
  if (!header) throw new UnreadableFile('empty file', { line: 1 })
}

async function* jsonRows(input: Readable): AsyncGenerator<ReadRow> {
  const items = input.pipe(streamArray.withParserAsStream())
  input.on('error', (err) => items.destroy(err))
  try {
    for await (const item of items as AsyncIterable<{ key: number; value: unknown }>) {
      const rowNo = item.key + 1
      if (typeof item.value !== 'object' || item.value === null || Array.isArray(item.value))
        yield { rowNo, raw: {}, unreadable: true }
      else yield { rowNo, raw: item.value as Record<string, unknown> }
    }
  } catch (err) {
    // the request's own failure (a client that went away) goes through as it is
    if (input.errored) throw input.errored
    throw new UnreadableFile('broken JSON', { reason: (err as Error).message.slice(0, 200) })
  }
}
