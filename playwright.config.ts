import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4173)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The journeys' moderator: the seed's first reviewer, given the role before the server starts. */
export const E2E_MODERATOR_PHONE = '70000000001'
/**
 * The gift-card-and-bonuses journey's shopper: another of the seed's reviewers, which no other journey
 * signs in as, credited with E2E_BONUS_GRANT spendable bonuses before the server starts (a purchase's
 * bonuses become spendable only once its order is received, which no journey can do yet).
 */
export const E2E_BONUS_PHONE = '70000000077'
export const E2E_BONUS_GRANT = 5000
/** The orders journey's operator: another seeded reviewer, given the operator role before the server starts. */
export const E2E_OPERATOR_PHONE = '70000000002'
/** The support chat journey's operator: a staff account made before the server starts. */
export const E2E_SUPPORT_OPERATOR = { login: 'e2e-support', password: 'e2e-support-password' }
/** The order-cancel journey's own gift card (tests/e2e/journey-gift-card.ts writes it before the server starts). */
export const E2E_CANCEL_GIFT_CARD = 'E2ECANCEL5000'

/**
 * Journeys run in Debian's Chromium against the production build served by the real server on a
 * small seeded PGlite database of their own (./data/e2e, rebuilt per run).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      grep: /@phone/,
    },
  ],
  webServer: {
    // Seeded before the server starts, so a seeded reviewer's account (the seed's reviewers have the
    // phones 7000XXXXXXX) can be given the moderator role: PGlite's files belong to one process, and the
    // store has no other way to make a moderator. The reviews journey signs in as this moderator; the
    // gift card journey's shopper gets bonuses the same way.
    command:
      `rm -rf data/e2e && tsx server/seed/cli.ts && ` +
      `tsx server/modules/reviews/cli.ts grant ${E2E_MODERATOR_PHONE} && ` +
      `tsx server/modules/bonus/cli.ts grant ${E2E_BONUS_PHONE} ${E2E_BONUS_GRANT} --note journeys && ` +
      `tsx server/modules/orders/operator-cli.ts grant ${E2E_OPERATOR_PHONE} && ` +
      `tsx tests/e2e/journey-gift-card.ts && ` +
      `STAFF_PASSWORD=${E2E_SUPPORT_OPERATOR.password} tsx server/modules/staff/cli.ts add ${E2E_SUPPORT_OPERATOR.login} operator --name Айгерим && ` +
      `tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: './data/e2e',
      SEED_PRODUCTS: '2000',
      LOG_LEVEL: 'warn',
      // The journeys read sign-in codes from the local SMS provider (loopback only; see README).
      SMS_OUTBOX_ROUTE: '1',
      // Every journey signs its shoppers up by SMS from 127.0.0.1: more than the 30 codes an hour a
      // shopper's address may ask for.
      SMS_PER_ADDRESS_HOUR: '1000',
      // the captcha's proof of work, kept small: every journey signs a shopper up
      CAPTCHA_MAX_NUMBER: '5000',
      // The documents journey reads the emailed commercial offer from the local mail provider.
      MAIL_OUTBOX_ROUTE: '1',
      // The push journey reads the encrypted push the local provider built instead of posting it.
      PUSH_OUTBOX_ROUTE: '1',
      // The financing journeys watch the banks answer over seconds, three times faster than by default.
      BROKER_SPEED: '3',
    },
  },
})
