import { isIP } from 'node:net'
import { z } from 'zod'
import { isValidBin } from './providers/organisation-registry/bin'
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './providers/guard'
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_POOL_SIZE, DEFAULT_QUERY_TIMEOUT_MS } from './db/connection'

/** Names proxy-addr (Fastify's trustProxy) knows for the loopback and private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * Which peers may say who the client is (X-Forwarded-For, -Host, -Proto): nobody by default, since any
 * client can send those headers; else the proxies' addresses or CIDRs. A hop count is not offered: it
 * cannot tell the proxy from a client that connects directly and writes the hops itself (Fastify 5
 * trusts nobody when given one).
 */
const TrustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | string[] => {
    if (!value || value === 'false') return false
    const entries = value.split(',').map((entry) => entry.trim())
    const bad = entries.filter((entry) => !isAddressOrCidr(entry))
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a list of proxy addresses or CIDRs (bad: ${bad.join(', ')})`,
      })
      return z.NEVER
    }
    return entries
  })

/** An https address a deployment may leave unset (or empty). */
const OptionalHttpsUrl = z
  .string()
  .trim()
  .refine((s) => URL.canParse(s) && new URL(s).protocol === 'https:', 'must be an https:// URL')
  .optional()
  .or(z.literal('').transform(() => undefined))

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Connections to PostgreSQL per process (see DEFAULT_POOL_SIZE for the measurement). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_SIZE),
  /**
   * Milliseconds a request waits for a PostgreSQL connection (a free one of the pool or a new one)
   * before it is answered 503: a database that went away fails requests instead of hanging them.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_CONNECT_TIMEOUT_MS),
  /**
   * Milliseconds one statement of a request may take (PostgreSQL's `statement_timeout`, and the client's
   * wait on a connection that stopped answering); 0 waits for ever. Migrations and the seed have none.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(DEFAULT_QUERY_TIMEOUT_MS),
  /**
   * How long pricing keeps the promotions, promo codes and other benefit tables before it reads them
   * again in the background; unset, 5 s (0 under NODE_ENV=test, whose tests write a promotion and price
   * at once).
   */
  PRICING_TABLES_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * Milliseconds a call to an outside service (card acquirer, QR, loan broker, SMS gateway, organisation
   * registry) may take on a shopper's request before it fails with 504 `provider_timeout`.
   */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(DEFAULT_PROVIDER_TIMEOUT_MS),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_PRODUCTS: z.coerce.number().int().min(100).max(1_000_000).default(5000),
  /** Reviews seeded with the catalogue; unset, as many as products. */
  SEED_REVIEWS: z.coerce.number().int().min(0).max(5_000_000).optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /**
   * Processes answering requests on the one port. More than one needs DATABASE_URL: PGlite's files
   * belong to a single process.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** The store's public address for absolute links (sitemap, robots.txt); unset: the request's own host. */
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, 'must be an origin like https://store.example.kz (no path)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: TrustProxy,
  /**
   * Megabytes of rendered public pages kept (gzipped) for a minute at most (`server/http/server-pages-cache.ts`);
   * 0 renders every page.
   */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /**
   * `1` serves `GET /dev/sms-outbox` (the local SMS provider's messages) in production mode too, for the
   * journeys; there it answers loopback clients only. Development and test modes always serve it.
   */
  SMS_OUTBOX_ROUTE: z.enum(['0', '1']).default('0'),
  /**
   * SMS codes one client address may ask for in an hour (against SMS pumping). The journeys sign dozens
   * of shoppers up from 127.0.0.1 against one server and raise it.
   */
  SMS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Unknown gift card or promo code checks one client address may make before each further one waits
   * (2 s, doubling up to 15 min; forgotten after a quiet day). Checks of real codes are not counted.
   */
  CODE_CHECK_FREE_MISSES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** The same for one cart, one device (its session id) and one signed-in shopper, whatever the address. */
  CODE_CHECK_FREE_MISSES_PER_SHOPPER: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Unknown gift card codes the whole store may be asked about in a minute: past it, every gift card
   * check answers 429 until the minute has passed, so many addresses together cannot enumerate codes.
   */
  GIFT_CARD_MISSES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** The same for promo codes, which shoppers mistype more often (they are printed and dictated). */
  PROMO_CODE_MISSES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Organisation registry lookups by BIN (receiver autofill; the registry bills each) per shopper an hour. */
  ORGANISATION_LOOKUPS_PER_SHOPPER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** The same per client address (an office of shoppers behind one address). */
  ORGANISATION_LOOKUPS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Largest catalogue import file (README, Catalogue import): 100,000 price and stock rows are about 4 MB. */
  CATALOG_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1_048_576),
  /** Rows of an import applied in one transaction: bounded, so the locks it takes are short. */
  CATALOG_IMPORT_CHUNK_ROWS: z.coerce.number().int().min(1).max(50_000).default(2000),
  /** A pause between two transactions of an import, giving shoppers' statements the database. */
  CATALOG_IMPORT_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * And a pause this many times as long as each transaction took: at 1 an import takes at most half of
   * the time; the shoppers' reads' p95 during an import of 100,000 rows at 200,000 products fell from
   * 4× idle to about 2× (README, Catalogue import).
   */
  CATALOG_IMPORT_PAUSE_RATIO: z.coerce.number().min(0).max(10).default(1),
  /**
   * The captcha's proof-of-work (ALTCHA): the largest number a challenge hides, so a client tries half
   * of it on average. 50,000 SHA-256 hashes take a phone's browser well under a second; the tests
   * lower it.
   */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  /** The HMAC key that signs captcha challenges (16+ characters); unset, one is made and kept in the database. */
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  /**
   * `1` serves `GET /dev/mail-outbox` (the local mail provider's messages and their attachments) in
   * production mode too, for the journeys; there it answers loopback clients only.
   */
  MAIL_OUTBOX_ROUTE: z.enum(['0', '1']).default('0'),
  /** The seller on invoices, receipts and commercial offers: name, BIN, address, bank account. */
  SELLER_NAME: z.string().trim().min(1).max(300).default('ТОО «Storefront Retail»'),
  SELLER_BIN: z
    .string()
    .trim()
    .refine(isValidBin, 'must be a BIN of 12 digits whose last is its checksum')
    .default('031240005719'),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).default('г. Алматы, пр. Аль-Фараби, 77/8'),
  SELLER_IBAN: z
    .string()
    .trim()
    .regex(/^KZ\d{2}[A-Z0-9]{16}$/, 'must be a Kazakh IBAN (KZ and 18 characters)')
    .default('KZ356010002004567891'),
  SELLER_BANK: z.string().trim().min(1).max(300).default('АО «Народный Банк Казахстана»'),
  SELLER_BIK: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{8}$/, 'must be a BIC of 8 characters')
    .default('HSBKKZKX'),
  /**
   * The secret the payment providers sign their callbacks with (HMAC-SHA256). The built-in providers
   * run inside the store, so any value shared by the store's processes works; set a long random one in
   * production, where the server warns at start when it is unset.
   */
  PAYMENT_CALLBACK_SECRET: z.string().min(16).default('local-payment-callback-secret'),
  /**
   * Runs the fulfilment simulator in the server process (`npm run fulfil` does it from outside): unset
   * or 0, off; a number, how many times faster than a real warehouse (1 = realistic, 60 = a minute of
   * its delays per second). For PGlite, whose files belong to one process, this is the way to watch
   * orders move while the store runs.
   */
  FULFILMENT_SPEED: z.coerce.number().min(0).max(1_000_000).default(0),
  /**
   * Who delivers web push: `local` (default) builds each encrypted message and keeps it in `push_outbox`
   * (a store without outside access cannot reach the browsers' push services); `web-push` posts it to
   * the subscription's push service.
   */
  PUSH_PROVIDER: z.enum(['local', 'web-push']).default('local'),
  /** The VAPID contact push services may use (RFC 8292): a `mailto:` or `https:` URL. */
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .default('mailto:push@localhost'),
  /**
   * `1` serves `GET /dev/push-outbox` (the local push provider's messages) in production mode too, for the
   * journeys; there it answers loopback clients only.
   */
  PUSH_OUTBOX_ROUTE: z.enum(['0', '1']).default('0'),
  /** The messenger bot the support chat's help link opens (`https://t.me/…`); unset, no link is shown. */
  SUPPORT_BOT_URL: OptionalHttpsUrl,
  /** The partner widget's script, loaded lazily on every page but one; unset, nothing is loaded. */
  PARTNER_WIDGET_URL: OptionalHttpsUrl,
  /** The path (after the city and language prefix) the partner widget is not loaded on, with what follows it. */
  PARTNER_WIDGET_SKIP_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path like /checkout')
    .default('/checkout'),
  /** How many times faster than real banks the local loan broker's banks score (journeys hurry them). */
  BROKER_SPEED: z.coerce.number().min(0.01).max(1_000_000).default(1),
})
export type Config = z.infer<typeof Env>

export class ConfigError extends Error {}

/** Reads the environment once at start; every bad variable is named with what is wrong with it. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    )
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  if (parsed.data.WORKERS > 1 && !parsed.data.DATABASE_URL) {
    throw new ConfigError(
      `Invalid environment:\n  WORKERS: more than one process needs DATABASE_URL; PGlite's files belong to one process (got ${JSON.stringify(env.WORKERS)})`,
    )
  }
  return parsed.data
}
