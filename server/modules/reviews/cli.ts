import { parseArgs } from 'node:util'
import { buildApp } from '../../app'
import { ConfigError, readConfig } from '../../config'
import { openDatabase } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { consoleOperator, recordAudit } from '../audit'
import { createReviewsRepo } from './repo'

const USAGE = `Usage: npm run moderate -- <command>

  list [--status NEW|NEED_APPROVE]   reviews waiting for a moderator, oldest first
  approve <id>                       publish a review
  reject <id> [--note TEXT]          reject a review (the shopper sees the note)
  grant <phone>                      give the account of a phone (7XXXXXXXXXX) the moderator role

Works on DATABASE_URL when set, otherwise on the PGlite files under DATA_DIR (stop the server first:
PGlite's files belong to one process).`

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      note: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const [command, arg] = positionals
  if (values.help || !command) {
    console.log(USAGE)
    return values.help ? 0 : 2
  }
  const config = readConfig({ ...process.env, LOG_LEVEL: 'silent' })
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  )
  try {
    await database.migrate()
    if (command === 'grant') {
      if (!arg || !/^7\d{10}$/.test(arg)) {
        console.error(`grant needs a phone of 11 digits starting with 7\n\n${USAGE}`)
        return 2
      }
      const granted = await database.db.transaction(async (tx) => {
        const userId = await createReviewsRepo(tx).grantRole(arg, 'moderator')
        if (userId)
          await recordAudit(tx, {
            ...consoleOperator(),
            action: 'role.grant',
            subjectKind: 'user',
            subjectId: userId,
            details: { role: 'moderator' },
          })
        return userId !== null
      })
      console.log(granted ? `moderate: ${arg} is a moderator` : `moderate: no account with the phone ${arg}`)
      return granted ? 0 : 1
    }
    // Decisions go through the store's own service, so whatever listens to them (the information
    // centre's notifications) hears a decision made here as one made through the API.
    const app = await buildApp({ config, database, logger: false })
    await app.ready()
    try {
      if (command === 'list') {
        const waiting = (['NEW', 'NEED_APPROVE'] as const).filter(
          (s) => !values.status || s === values.status,
        )
        const { reviews } = await app.reviews.queue([...waiting], 100, 'ru')
        for (const r of reviews)
          console.log(
            `#${r.id} ${r.status}${r.moderation_note ? ` (${r.moderation_note})` : ''} ${'★'.repeat(r.rating)} ` +
              `${r.product.sku} ${r.author}: ${r.text.replace(/\s+/g, ' ').slice(0, 120)}`,
          )
        console.log(`moderate: ${reviews.length} waiting`)
        return 0
      }
      if (command === 'approve' || command === 'reject') {
        const id = Number(arg)
        if (!Number.isInteger(id) || id < 1) {
          console.error(`${command} needs a review id\n\n${USAGE}`)
          return 2
        }
        await app.reviews.moderate(
          id,
          command === 'approve' ? 'APPROVED' : 'REJECTED',
          values.note ?? null,
          consoleOperator(),
        )
        await app.reviews.syncProductRatings()
        console.log(`moderate: review #${id} ${command === 'approve' ? 'approved' : 'rejected'}`)
        return 0
      }
      console.error(`unknown command ${command}\n\n${USAGE}`)
      return 2
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) {
      console.error('moderate: no review with this id is waiting for moderation')
      process.exit(1)
    }
    console.error(err instanceof ConfigError ? err.message : err)
    process.exit(err instanceof ConfigError ? 2 : 1)
  },
)
