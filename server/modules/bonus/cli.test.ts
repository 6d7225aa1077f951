import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { BonusProfile } from '../../../contract/account-area'
import { Cart, CART_ERROR_KEYS } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { randomPhone, signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct } from '../../test/products'
import { listAudit } from '../audit'
import { runBonusCli } from './cli'

let app: App
let db: Db

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
})

/** The command as an operator runs it, on the test database; what it printed and its exit code. */
async function bonus(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  let opened = false
  const code = await runBonusCli(
    argv,
    (fn) => {
      opened = true
      return fn(db)
    },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  )
  return { code, out: out.join('\n'), err: err.join('\n'), opened }
}

async function manualRows(userId: string) {
  return rows<{ kind: string; amount: number; note: string | null; order_id: string | null }>(
    db,
    sql`select kind, amount, note, order_id from bonus_transactions where user_id = ${userId} order by created_at`,
  )
}

async function spendable(user: TestUser): Promise<number> {
  const res = await app.inject({ url: '/bonus/api/v1/profiles', headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return BonusProfile.parse(res.json()).bonusAccessible
}

/** A signed-in shopper whose cart holds one product at `price` in Almaty. */
async function shopperWithCart(price: number) {
  const user = await signInTestUser(app)
  const product = await makeProduct(db, { prices: { 1: price }, stock: { 1: 5 } })
  const res = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
  })
  expect(res.statusCode, res.body).toBe(200)
  return user
}

const spendOnCart = (user: TestUser, bonusAmount: number) =>
  app.inject({
    method: 'PUT',
    url: '/cart/api/v2/carts',
    headers: user.headers,
    payload: { city_id: 1, bonusAmount },
  })

describe('npm run bonus -- grant <phone> <amount> [--note TEXT]', () => {
  it('credits a manual row with the note, spendable at once, and balance reads it back', async () => {
    const user = await signInTestUser(app)
    const granted = await bonus('grant', user.phone, '5000', '--note', '  apology for a late courier ')
    expect(granted).toMatchObject({ code: 0, err: '' })
    expect(granted.out).toBe(`bonus: credited 5000 to ${user.phone}; spendable now 5000`)
    expect(await manualRows(user.userId)).toEqual([
      { kind: 'manual', amount: 5000, note: 'apology for a late courier', order_id: null },
    ])
    expect(await spendable(user)).toBe(5000)

    expect((await bonus('grant', user.phone, '250')).code).toBe(0)
    const read = await bonus('balance', user.phone)
    expect(read).toMatchObject({ code: 0, err: '' })
    expect(read.out).toBe(`bonus: ${user.phone} has 5250 spendable, 0 pending`)
    expect((await manualRows(user.userId)).map((r) => r.note)).toEqual(['apology for a late courier', null])
    // each grant is the console operator's in the audit log; reading the balance is not an action
    const audited = await listAudit(db, {
      subjectKind: 'user',
      subjectId: user.userId,
      action: 'bonus.grant',
      limit: 5,
    })
    expect(audited.map((e) => [e.actorKind, e.details])).toEqual([
      ['staff', { amount: 250, note: null }],
      ['staff', { amount: 5000, note: 'apology for a late courier' }],
    ])
    expect(audited[0]!.actorId).toMatch(/^cli:/)
  })

  it.each([
    ['a phone of 10 digits', ['grant', '7701234567', '100']],
    ['a phone not starting with 7', ['grant', '87012345678', '100']],
    ['no phone', ['balance']],
  ])('refuses %s with exit 2 before the database opens', async (_, argv) => {
    const run = await bonus(...argv)
    expect(run).toMatchObject({ code: 2, out: '', opened: false })
    expect(run.err).toContain('a phone is 11 digits starting with 7')
  })

  it.each([
    ['zero', '0'],
    ['a negative amount', '-5'],
    ['a fraction', '12.5'],
    ['an exponent', '1e3'],
    ['words', 'lots'],
    ['nothing', undefined],
    ['more than one grant may credit', '1000001'],
    ['an absurd amount', '99999999999'],
  ])('refuses %s with exit 2 and credits nothing', async (_, amount) => {
    const user = await signInTestUser(app)
    const run = await bonus(...['grant', user.phone, amount].filter((a) => a !== undefined))
    expect(run).toMatchObject({ code: 2, out: '', opened: false })
    expect(run.err).toContain('the amount is a whole number of bonuses from 1 to 1000000')
    expect(await manualRows(user.userId)).toEqual([])
  })

  it('refuses a note longer than 500 characters with exit 2 and credits nothing', async () => {
    const user = await signInTestUser(app)
    const run = await bonus('grant', user.phone, '100', '--note', 'x'.repeat(501))
    expect(run).toMatchObject({ code: 2, out: '' })
    expect(run.err).toBe('bonus: the note is at most 500 characters')
    expect(await manualRows(user.userId)).toEqual([])
  })

  it('answers a phone without an account with exit 1, for grant and balance', async () => {
    const phone = randomPhone()
    for (const argv of [
      ['grant', phone, '100'],
      ['balance', phone],
    ]) {
      const run = await bonus(...argv)
      expect(run).toMatchObject({ code: 1, out: '', err: `bonus: no account has the phone ${phone}` })
    }
    const [written] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bonus_transactions b join users u on u.id::text = b.user_id
          where u.phone = ${phone}`,
    )
    expect(written?.n).toBe(0)
  })

  it('answers unknown commands and extra arguments with the usage and exit 2', async () => {
    for (const argv of [
      [],
      ['refund', '77000000000'],
      ['grant', '77000000000', '5', '6'],
      ['balance', '77000000000', '5'],
    ]) {
      const run = await bonus(...argv)
      expect(run.code, argv.join(' ')).toBe(2)
      expect(run.err).toContain('Usage: npm run bonus -- <command>')
      expect(run.opened).toBe(false)
    }
    const help = await bonus('--help')
    expect(help).toMatchObject({ code: 0, err: '' })
    expect(help.out).toContain('grant <phone> <amount> [--note TEXT]')
  })

  it('is the script npm runs: a bad phone exits 2 with the reason', async () => {
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url))
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))
    const failed = await promisify(execFile)(tsx, [cli, 'grant', '123', '5']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    )
    expect(failed?.code).toBe(2)
    expect(failed?.stderr).toContain('bonus: a phone is 11 digits starting with 7, not "123"')
  })
})

describe('credited bonuses in the cart', () => {
  it('are spendable at once, never beyond the balance', async () => {
    const user = await shopperWithCart(50_000)
    expect((await bonus('grant', user.phone, '5000')).code).toBe(0)

    const tooMany = await spendOnCart(user, 5001)
    expect(tooMany.statusCode, tooMany.body).toBe(422)
    expect(ErrorBody.parse(tooMany.json()).error).toMatchObject({
      message: CART_ERROR_KEYS.bonusTooMany,
      details: { max: 5000 },
    })
    const spent = await spendOnCart(user, 5000)
    expect(spent.statusCode, spent.body).toBe(200)
    expect(Cart.parse(spent.json())).toMatchObject({ bonusSum: 5000, grandTotalSum: 45_000 })
  })

  it('never beyond the cap of 30 % of the sum, however many the shopper has', async () => {
    const user = await shopperWithCart(50_000)
    expect((await bonus('grant', user.phone, '100000')).code).toBe(0)

    const overCap = await spendOnCart(user, 15_001)
    expect(overCap.statusCode, overCap.body).toBe(422)
    expect(ErrorBody.parse(overCap.json()).error).toMatchObject({
      message: CART_ERROR_KEYS.bonusTooMany,
      details: { max: 15_000 },
    })
    const spent = await spendOnCart(user, 15_000)
    expect(spent.statusCode, spent.body).toBe(200)
    expect(Cart.parse(spent.json())).toMatchObject({ bonusSum: 15_000, grandTotalSum: 35_000 })
    // spending in the cart is a choice, not a debit: the balance goes down when an order is placed
    expect(await spendable(user)).toBe(100_000)
  })
})
