import { consoleIo, runAsScript, withConfiguredDatabase, type WithDatabase } from '../../db/cli'
import { consoleOperator, recordAudit } from '../audit'
import { createLifecycleRepo } from './lifecycle-repo'

/** The role that lets an account move orders through the operator endpoint. */
const ROLE = 'operator'

const USAGE = `Usage: npm run operator -- <command>

  grant <phone>    let the account of a phone (7XXXXXXXXXX) move orders
                   (POST /oms/api/v1/operator/orders/{id}/status)
  revoke <phone>   take that back

Works on DATABASE_URL when set, otherwise on the PGlite files under DATA_DIR (stop the server first).`

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
  const done = await withDatabase((db) =>
    db.transaction(async (tx) => {
      const repo = createLifecycleRepo(tx)
      const userId =
        command === 'grant' ? await repo.grantRole(phone, ROLE) : await repo.revokeRole(phone, ROLE)
      if (userId)
        await recordAudit(tx, {
          ...consoleOperator(),
          action: `role.${command}`,
          subjectKind: 'user',
          subjectId: userId,
          details: { role: ROLE },
        })
      return userId !== null
    }),
  )
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
  return runOperatorCli(process.argv.slice(2), withConfiguredDatabase, consoleIo)
}

runAsScript(import.meta.url, main)
