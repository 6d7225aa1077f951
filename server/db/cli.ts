import { pathToFileURL } from 'node:url'
import { ConfigError, readConfig } from '../config'
import { openDatabase, type Db } from './connection'

/** Runs `fn` on the store's database; a command takes it as a parameter so its tests pass their own. */
export type WithDatabase = <T>(fn: (db: Db) => Promise<T>) => Promise<T>

/** What a command prints: lines to standard output and to standard error. */
export interface CommandIo {
  out: (line: string) => void
  err: (line: string) => void
}

/**
 * The database the store is configured with (DATABASE_URL, else the PGlite files under DATA_DIR),
 * migrated, opened for one piece of work and closed after it.
 */
export const withConfiguredDatabase: WithDatabase = async (fn) => {
  const config = readConfig({ ...process.env, LOG_LEVEL: 'silent' })
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  )
  try {
    await database.migrate()
    return await fn(database.db)
  } finally {
    await database.close()
  }
}

export const consoleIo: CommandIo = { out: (line) => console.log(line), err: (line) => console.error(line) }

/**
 * Runs `main` when `moduleUrl` is the script node was started with (`npm run …`), not when a test
 * imports the module; exits with its code, 2 for a configuration error, 1 for anything else thrown.
 */
export function runAsScript(moduleUrl: string, main: () => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err)
      process.exit(err instanceof ConfigError ? 2 : 1)
    },
  )
}
