import { parseArgs } from 'node:util'
import { STAFF_ROLES, type StaffRole } from '../../../contract/values/staff'
import { StaffLogin } from '../../../contract/staff'
import {
  consoleIo,
  runAsScript,
  withConfiguredDatabase,
  type CommandIo,
  type WithDatabase,
} from '../../db/cli'
import { createRateLimiter } from '../../http/rate-limit'
import { createStaffRepo } from './repo'
import { createStaffService } from './service'

/** A staff password is at least this long (staff open every shopper's orders). */
export const STAFF_PASSWORD_MIN = 10

const USAGE = `Usage: npm run staff -- <command>

  add <login> <role> [--name NAME]   a staff account: role operator (orders), moderator (reviews) or
                                     admin (everything); the password comes from STAFF_PASSWORD, else
                                     the first line of standard input (at least ${STAFF_PASSWORD_MIN} characters)
  disable <login>                    no more sign-ins; every sign-in of the account ends now
  list                               the accounts, their roles and whether they are disabled

Works on DATABASE_URL when set, otherwise on the PGlite files under DATA_DIR (stop the server first:
PGlite's files belong to one process).`

type Parsed =
  | { command: 'add'; login: string; role: StaffRole; name: string }
  | { command: 'disable'; login: string }
  | { command: 'list' }

function parse(argv: string[]): Parsed | { help: boolean; problem?: string } {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    })
  } catch (e) {
    return { help: false, problem: e instanceof Error ? e.message : String(e) }
  }
  const { values, positionals } = parsed
  if (values.help) return { help: true }
  const [command, login, role, ...extra] = positionals
  if (!command) return { help: false }
  const loginOf = (raw: string | undefined) => {
    const checked = StaffLogin.safeParse(raw ?? '')
    return checked.success ? checked.data : null
  }
  if (command === 'add') {
    if (extra.length > 0) return { help: false, problem: 'too many arguments for add' }
    const l = loginOf(login)
    if (!l)
      return { help: false, problem: `a login is 2-64 Latin letters, digits and . _ -, not "${login ?? ''}"` }
    if (!STAFF_ROLES.includes(role as StaffRole))
      return { help: false, problem: `the role is one of ${STAFF_ROLES.join(', ')}, not "${role ?? ''}"` }
    return { command, login: l, role: role as StaffRole, name: values.name?.trim() ?? '' }
  }
  if (command === 'disable') {
    if (role !== undefined || values.name !== undefined)
      return { help: false, problem: 'too many arguments for disable' }
    const l = loginOf(login)
    if (!l) return { help: false, problem: `no such login "${login ?? ''}"` }
    return { command, login: l }
  }
  if (command === 'list') {
    if (login !== undefined || values.name !== undefined)
      return { help: false, problem: 'too many arguments for list' }
    return { command }
  }
  return { help: false, problem: `unknown command ${command}` }
}

/** The first line of standard input (a password piped in or typed), without its line end. */
export async function firstLineOfStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/, 1)[0] ?? ''
}

/**
 * The command behind `npm run staff`: 0 done, 1 the login is taken or unknown, 2 bad arguments. It
 * prints nothing secret: not the password, not its hash.
 */
export async function runStaffCli(
  argv: string[],
  withDatabase: WithDatabase,
  io: CommandIo,
  readPassword: () => Promise<string> = async () => process.env.STAFF_PASSWORD ?? firstLineOfStdin(),
): Promise<number> {
  const parsed = parse(argv)
  if (!('command' in parsed)) {
    if (parsed.problem) io.err(`staff: ${parsed.problem}\n`)
    ;(parsed.help ? io.out : io.err)(USAGE)
    return parsed.help ? 0 : 2
  }
  if (parsed.command === 'add') {
    const password = await readPassword()
    if (password.length < STAFF_PASSWORD_MIN || password.length > 128) {
      io.err(
        `staff: the password must be ${STAFF_PASSWORD_MIN} to 128 characters (STAFF_PASSWORD or standard input)`,
      )
      return 2
    }
    const created = await withDatabase((db) =>
      createStaffService({ repo: createStaffRepo(db), limiter: createRateLimiter(db) }).add({
        login: parsed.login,
        name: parsed.name,
        role: parsed.role,
        password,
      }),
    )
    if (!created) {
      io.err(`staff: the login ${parsed.login} is taken`)
      return 1
    }
    io.out(`staff: ${created.login} added as ${created.role}`)
    return 0
  }
  if (parsed.command === 'disable') {
    const done = await withDatabase((db) => createStaffRepo(db).disable(parsed.login))
    if (!done) {
      io.err(`staff: no account has the login ${parsed.login}`)
      return 1
    }
    io.out(`staff: ${parsed.login} is disabled and signed out everywhere`)
    return 0
  }
  const rows = await withDatabase((db) => createStaffRepo(db).list())
  for (const r of rows)
    io.out(
      `${r.login}\t${r.role}\t${r.name || '-'}\t${r.disabledAt ? `disabled ${r.disabledAt.toISOString()}` : 'active'}`,
    )
  io.out(`staff: ${rows.length} account${rows.length === 1 ? '' : 's'}`)
  return 0
}

runAsScript(import.meta.url, () => runStaffCli(process.argv.slice(2), withConfiguredDatabase, consoleIo))
