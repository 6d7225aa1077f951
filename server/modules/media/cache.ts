import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Encoded images on disk, one file per key. Several server processes may share the directory: a file
 * appears only by rename, so a reader sees either nothing or the whole picture, and two processes that
 * render the same key at once both write the same bytes.
 */
export class DiskCache {
  constructor(readonly dir: string) {}

  /** Two-character shards keep each directory small when the catalogue has hundreds of thousands of images. */
  file(key: string, ext: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.${ext}`)
  }

  async read(key: string, ext: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key, ext))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }

  async write(key: string, ext: string, bytes: Buffer): Promise<void> {
    const target = this.file(key, ext)
    await mkdir(path.dirname(target), { recursive: true })
    const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temp, bytes)
      await rename(temp, target)
    } catch (err) {
      await unlink(temp).catch(() => undefined)
      throw err
    }
  }
}
