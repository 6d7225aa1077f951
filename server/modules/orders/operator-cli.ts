import { pathToFileURL } from 'node:url'
import { ConfigError, readConfig } from '../../config'
import type { Db } from '../../db/connection'
import { openDatabase } from '../../db/connection'
import { createLifecycleRepo } from './lifecycle-repo'

/** The role that lets an account move orders through the operator endpoint. */
const ROLE = 'operator'

const USAGE = `Usage: npm run operator -- <command>

  grant <phone>    let the account of a phone (7XXXXXXXXXX) move orders
                   (POST /oms/api/v1/operator/orders/{id}/status)
  revoke <phone>   take that back

Works on DATABASE_URL when set, otherwise on the PGlite files under DATA_DIR (stop the server first).`

export type WithDatabase = <T>(fn: (db: Db) => Promise<T>) => Promise<T>

/** The command behind `npm run operator`: 0 done, 1 no account for the phone, 2 bad arguments. */
export async function runOperatorCli(
  argv: string[],
  withDatabase: WithDatabase,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const [command, phone, ...extra] = argv
  if (command === '--help' || command === '-h') {
    io.out(USAGE)
    return 0
  }
  if ((command !== 'grant' && command !== 'revoke') || extra.length > 0) {
    if (command) io.err(`operator: unknown command or too many arguments: ${argv.join(' ')}\n`)
    io.err(USAGE)
    return 2
  }
  if (!phone || !/^7\d{10}$/.test(phone)) {
    io.err(`operator: a phone is 11 digits starting with 7, not "${phone ?? ''}"`)
    return 2
  }
  const done = await withDatabase((db) => {
    const repo = createLifecycleRepo(db)
    return command === 'grant' ? repo.grantRole(phone, ROLE) : repo.revokeRole(phone, ROLE)
  })
  if (!done) {
    io.err(`operator: no account has the phone ${phone}`)
    return 1
  }
  io.out(
    command === 'grant'
      ? `operator: ${phone} may move orders`
      : `operator: ${phone} may no longer move orders`,
  )
  return 0
}

async function main(): Promise<number> {
  const withDatabase: WithDatabase = async (fn) => {
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
  return runOperatorCli(process.argv.slice(2), withDatabase, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err)
      process.exit(err instanceof ConfigError ? 2 : 1)
    },
  )
