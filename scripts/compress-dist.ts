/**
 * Runs after `vite build`: writes `.br` (brotli, quality 11) and `.gz` (gzip, level 9) beside every
 * compressible file in dist/ over 1 KB. The server's @fastify/static `preCompressed` option serves them,
 * so the slowest, smallest compression is paid once per build instead of on every request.
 *
 *   npx tsx scripts/compress-dist.ts [dir]
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
])
const MIN_BYTES = 1024

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

export interface CompressResult {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

async function compressedSince(file: string, mtimeMs: number): Promise<boolean> {
  const copies = await Promise.all([`${file}.br`, `${file}.gz`].map((f) => stat(f).catch(() => null)))
  return copies.every((copy) => copy !== null && copy.mtimeMs >= mtimeMs)
}

export async function compressDist(dir: string): Promise<CompressResult> {
  const result: CompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  const jobs: Array<Promise<void>> = []
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue
    const info = await stat(file)
    if (info.size <= MIN_BYTES) continue
    // An earlier build's chunk kept beside this one (scripts/prune-assets.ts) was compressed then.
    if (await compressedSince(file, info.mtimeMs)) continue
    jobs.push(
      (async () => {
        const source = await readFile(file)
        const [br, gzipped] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gz(source, { level: 9 }),
        ])
        // A compressed copy that is not smaller would only cost the shopper a decode.
        if (br.length < source.length) await writeFile(`${file}.br`, br)
        if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped)
        result.files += 1
        result.bytes += source.length
        result.brotliBytes += Math.min(br.length, source.length)
        result.gzipBytes += Math.min(gzipped.length, source.length)
      })(),
    )
  }
  await Promise.all(jobs)
  return result
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist')
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
  const { files, bytes, brotliBytes, gzipBytes } = await compressDist(dir)
  console.log(
    `compressed ${files} files in ${path.relative(process.cwd(), dir) || '.'}: ${kb(bytes)} → br ${kb(brotliBytes)}, gz ${kb(gzipBytes)}`,
  )
}
