import { parseArgs } from 'node:util'
import { ConfigError, readConfig } from '../config'
import { openDatabase } from '../db/connection'
import { DEFAULT_SEED, MIN_SEED_PRODUCTS } from './generate'
import { seedCatalog } from './seed-if-empty'

const USAGE = `Usage: npm run seed -- [--products N] [--reset] [--seed N]

  --products N  catalogue size (default SEED_PRODUCTS, 5000)
  --reviews N   reviews written with it (default SEED_REVIEWS, else as many as products)
  --reset       empty the catalogue tables (and whatever references them) and seed again
  --seed N      random seed (default ${DEFAULT_SEED}); the same seed gives the same catalogue

Writes to DATABASE_URL when set, otherwise to the PGlite files under DATA_DIR.`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      reviews: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const config = readConfig()
  const products = values.products === undefined ? config.SEED_PRODUCTS : Number(values.products)
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed)
  if (!Number.isInteger(products) || products < MIN_SEED_PRODUCTS) {
    console.error(`--products must be a whole number of at least ${MIN_SEED_PRODUCTS}\n\n${USAGE}`)
    return 2
  }
  const reviews = values.reviews === undefined ? config.SEED_REVIEWS : Number(values.reviews)
  if (reviews !== undefined && (!Number.isInteger(reviews) || reviews < 0)) {
    console.error(`--reviews must be a whole number\n\n${USAGE}`)
    return 2
  }
  if (!Number.isInteger(seed)) {
    console.error(`--seed must be a whole number\n\n${USAGE}`)
    return 2
  }

  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR }
  console.log(
    `seed: ${'url' in target ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}, ${products} products`,
  )
  const started = Date.now()
  const database = await openDatabase(target)
  try {
    await database.migrate()
    const seeded = await seedCatalog(database, {
      products,
      seed,
      reviews,
      reset: values.reset,
      log: (m) => console.log(m),
    })
    if (!seeded) {
      console.error('seed: the catalogue is already seeded; nothing was changed. Pass --reset to replace it.')
      return 1
    }
    console.log(`seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err)
    process.exit(err instanceof ConfigError ? 2 : 1)
  },
)
