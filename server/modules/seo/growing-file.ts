import { once } from 'node:events'
import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { createGzip } from 'node:zlib'

/**
 * A gzipped file being written, that readers may follow from its first byte: a reader that comes while
 * it is written gets what is there and then each new chunk, so a file is compressed once however many
 * ask for it at the same time, and the first of them starts receiving it at once.
 */
export class GrowingFile {
  private chunks: Buffer[] = []
  private waiting: (() => void)[] = []
  private failure: Error | null = null
  private whole: Buffer | null = null
  /** Settles when the file is complete (or failed); its value is the whole file. */
  readonly complete: Promise<Buffer>
  private settle!: { resolve: (file: Buffer) => void; reject: (err: Error) => void }

  constructor() {
    this.complete = new Promise<Buffer>((resolve, reject) => {
      this.settle = { resolve, reject }
    })
    // a failure is also thrown to the readers; nobody need be waiting on `complete`
    this.complete.catch(() => {})
  }

  /** The whole file once it is complete, else null. */
  get finished(): Buffer | null {
    return this.whole
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.wake()
  }

  end(): void {
    this.whole = Buffer.concat(this.chunks)
    // readers still going on keep the array they hold; new readers take the one buffer
    this.chunks = [this.whole]
    this.settle.resolve(this.whole)
    this.wake()
  }

  fail(err: Error): void {
    if (this.whole || this.failure) return
    this.failure = err
    this.settle.reject(err)
    this.wake()
  }

  /** The file's chunks from the first, following the writer until it ends. */
  async *read(): AsyncGenerator<Buffer> {
    const chunks = this.chunks
    let at = 0
    for (;;) {
      while (at < chunks.length) yield chunks[at++]!
      if (this.failure) throw this.failure
      if (this.whole) {
        // `end` swapped the array this reader holds for the whole buffer: nothing more will come
        return
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
  }

  private wake(): void {
    const waiting = this.waiting
    this.waiting = []
    for (const resolve of waiting) resolve()
  }
}

/**
 * Gzips the text `pieces` yields into a new `GrowingFile`, one piece at a time: compression runs in
 * zlib's threads, and the event loop serves requests between pieces, so a file of tens of megabytes is
 * written without holding up anything else.
 */
export function gzipPieces(pieces: Iterable<string>, level = 6): GrowingFile {
  const file = new GrowingFile()
  const gzip = createGzip({ level })
  gzip.on('data', (chunk: Buffer) => file.push(chunk))
  gzip.on('end', () => file.end())
  gzip.on('error', (err) => file.fail(err))
  void (async () => {
    try {
      for (const piece of pieces) {
        if (!gzip.write(piece)) await once(gzip, 'drain')
        else await yieldToRequests()
      }
      gzip.end()
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err))
      file.fail(error)
      gzip.destroy(error)
    }
  })()
  return file
}
