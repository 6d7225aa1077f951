import { parseArgs } from 'node:util'
import { consoleIo, runAsScript, withConfiguredDatabase, type WithDatabase } from '../../db/cli'
import { BonusOperatorError, checkPhone, createBonusOperator, MAX_BONUS_GRANT, parseGrantAmount } from '.'

const USAGE = `Usage: npm run bonus -- <command>

  grant <phone> <amount> [--note TEXT]   credit the account of a phone (7XXXXXXXXXX) with bonuses,
                                         spendable at once (at most ${MAX_BONUS_GRANT})
  balance <phone>                        the account's spendable and pending bonuses

Works on DATABASE_URL when set, otherwise on the PGlite files under DATA_DIR (stop the server first:
PGlite's files belong to one process).`

export interface BonusCliIo {
  out: (line: string) => void
  err: (line: string) => void
}

/** Runs `fn` on the store's database; the command opens it only once its arguments are good. */
type Parsed =
  | { command: 'grant'; phone: string | undefined; amount: string | undefined; note: string | undefined }
  | { command: 'balance'; phone: string | undefined }

function parse(argv: string[]): Parsed | { help: boolean; problem?: string } {
  // parseArgs reads "-5" as an unknown option; the operator meant an amount
  const negative = argv.find((arg) => /^-\d/.test(arg))
  if (negative)
    return {
      help: false,
      problem: `the amount is a whole number of bonuses from 1 to ${MAX_BONUS_GRANT}, not "${negative}"`,
    }
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { note: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    })
  } catch (e) {
    return { help: false, problem: e instanceof Error ? e.message : String(e) }
  }
  const { values, positionals } = parsed
  const [command, phone, amount, ...extra] = positionals
  if (values.help) return { help: true }
  if (command === 'grant' && extra.length === 0) return { command, phone, amount, note: values.note }
  if (command === 'balance' && amount === undefined && values.note === undefined) return { command, phone }
  if (!command) return { help: false }
  const known = command === 'grant' || command === 'balance'
  return { help: false, problem: known ? `too many arguments for ${command}` : `unknown command ${command}` }
}

/** The command behind `npm run bonus`: 0 done, 1 no account for the phone or a failure, 2 bad arguments. */
export async function runBonusCli(
  argv: string[],
  withDatabase: WithDatabase,
  io: BonusCliIo,
): Promise<number> {
  const parsed = parse(argv)
  if (!('command' in parsed)) {
    if (parsed.problem) io.err(`bonus: ${parsed.problem}\n`)
    ;(parsed.help ? io.out : io.err)(USAGE)
    return parsed.help ? 0 : 2
  }
  try {
    // the arguments are checked before the database opens: a typo is told at once, and PGlite's files
    // are not taken from a running server for nothing
    checkPhone(parsed.phone)
    if (parsed.command === 'grant') {
      const amount = parseGrantAmount(parsed.amount)
      const granted = await withDatabase((db) =>
        createBonusOperator(db).grant(parsed.phone, amount, parsed.note),
      )
      io.out(
        `bonus: credited ${granted.credited} to ${parsed.phone}; spendable now ${granted.balance.accessible}`,
      )
      return 0
    }
    const balance = await withDatabase((db) => createBonusOperator(db).balance(parsed.phone))
    const expiring = balance.nearestEnd
      ? `; ${balance.nearestSum} expire on ${balance.nearestEnd.toISOString().slice(0, 10)}`
      : ''
    io.out(
      `bonus: ${parsed.phone} has ${balance.accessible} spendable, ${balance.notAccessible} pending${expiring}`,
    )
    return 0
  } catch (e) {
    if (!(e instanceof BonusOperatorError)) throw e
    io.err(`bonus: ${e.message}`)
    return e.fault === 'unknownPhone' ? 1 : 2
  }
}

async function main(): Promise<number> {
  return runBonusCli(process.argv.slice(2), withConfiguredDatabase, consoleIo)
}

// Run as a script (npm run bonus), not when a test imports runBonusCli.
runAsScript(import.meta.url, main)
