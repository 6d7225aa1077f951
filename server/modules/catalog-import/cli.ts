import { createReadStream, existsSync } from 'node:fs'
import {
  consoleIo,
  runAsScript,
  withConfiguredDatabase,
  type CommandIo,
  type WithDatabase,
} from '../../db/cli'
import { HttpError } from '../../http/errors'
import { createImportService } from './service'

const USAGE = `Usage: npm run catalog-import -- <file.csv|file.json> [--chunk N] [--pause MS]

  Imports products, prices and stock per city from a CSV or JSON file (README, Catalogue import),
  as the back office's upload does: rows checked one by one, applied in transactions of N rows
  (2000), MS milliseconds apart (0) and as long again as each one took, so a running store's
  shoppers keep their share of the database. Prints the report: counts, then the rejected rows.

Works on DATABASE_URL when set, otherwise on the PGlite files under DATA_DIR (stop the server first).
A running store picks the changes up within seconds.`

/** The command behind `npm run catalog-import`: 0 applied, 1 the file was refused, 2 bad arguments. */
export async function runImportCli(
  argv: string[],
  withDatabase: WithDatabase,
  io: CommandIo,
): Promise<number> {
  const args = [...argv]
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name)
    if (at < 0) return fallback
    const value = Number(args[at + 1])
    args.splice(at, 2)
    return Number.isInteger(value) && value >= 0 ? value : NaN
  }
  const chunkRows = option('--chunk', 2000)
  const pauseMs = option('--pause', 0)
  const [file, ...extra] = args
  if (
    !file ||
    file === '--help' ||
    file === '-h' ||
    extra.length > 0 ||
    !(chunkRows > 0) ||
    Number.isNaN(pauseMs)
  ) {
    ;(file === '--help' || file === '-h' ? io.out : io.err)(USAGE)
    return file === '--help' || file === '-h' ? 0 : 2
  }
  const format = file.toLowerCase().endsWith('.json') ? 'json' : 'csv'
  if (!existsSync(file)) {
    io.err(`catalog-import: no file ${file}`)
    return 2
  }
  return withDatabase(async (db) => {
    const imports = createImportService({
      db,
      log: { info: () => {}, error: (obj) => io.err(`catalog-import: ${JSON.stringify(obj)}`) },
      options: { chunkRows, pauseMs, pauseRatio: 1, leaseMs: 30_000 },
    })
    const started = Date.now()
    let id: string
    try {
      id = (
        await imports.receive(createReadStream(file), format, {
          kind: 'system',
          id: 'npm run catalog-import',
        })
      ).id
    } catch (err) {
      if (!(err instanceof HttpError)) throw err
      io.err(`catalog-import: the file was refused: ${err.message} ${JSON.stringify(err.details ?? {})}`)
      return 1
    }
    await imports.drain()
    const report = await imports.view(id, 0, 50)
    io.out(
      `catalog-import ${report.id}: ${report.status} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${report.rows.total} rows, ${report.rows.rejected} rejected; ` +
        `products created ${report.changes.products_created}, updated ${report.changes.products_updated}; ` +
        `prices changed ${report.changes.prices}, stocks changed ${report.changes.stocks}` +
        (report.same_as ? `; the same file as import ${report.same_as}` : ''),
    )
    for (const r of report.rejections)
      io.out(
        `  row ${r.row}: ${r.field} ${r.reason}${r.value === null ? '' : ` (${r.value})`}${r.held === null ? '' : `, ${r.held} held`}`,
      )
    if (report.rejections_next !== null) io.out(`  … and more (the back office shows them all)`)
    return report.status === 'done' ? 0 : 1
  })
}

runAsScript(import.meta.url, () => runImportCli(process.argv.slice(2), withConfiguredDatabase, consoleIo))
