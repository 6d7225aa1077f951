import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LoanCalculation } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { SEED_PROMOTION_IDS } from '../../seed/benefits'
import { testApp } from '../../test/app'

let app: App
let database: Database
let goods: { sku: string; price: number }[]
const URL = '/api/cpms/v1/products/cart'

beforeAll(async () => {
  ;({ app, database } = await testApp())
  goods = await rows<{ sku: string; price: number }>(
    database.db,
    sql`select p.sku, pp.price from products p join product_prices pp on pp.product_id = p.id and pp.city_id = 2
        where p.type = 'regular' and pp.price between 50000 and 400000 order by p.id limit 2`,
  )
})

const calculate = (payload: object) => app.inject({ method: 'POST', url: URL, payload })

describe('POST /api/cpms/v1/products/cart (loan calculator)', () => {
  it("sums the city's prices times the quantities, ignoring the prices the client sends", async () => {
    const [a, b] = goods
    if (!a || !b) throw new Error('the seed has no products in the price range')
    const res = await calculate({
      city_id: 2,
      goods: [
        { sku: a.sku, quantity: 2, price: 1, amount: 2 },
        { sku: b.sku, quantity: 1 },
      ],
    })
    expect(res.statusCode).toBe(200)
    const result = LoanCalculation.parse(res.json())
    const amount = 2 * a.price + b.price
    expect(result.amount).toBe(amount)
    const kaspi12 = result.installments.find((o) => o.bankCode === 'CASPKZKA' && o.code === '0-0-12')
    expect(kaspi12).toMatchObject({
      bankTitle: 'Kaspi Bank',
      months: 12,
      rate: 0,
      monthlyPayment: Math.ceil(amount / 12),
    })
    expect(result.installments.map((o) => o.code)).toEqual(
      expect.arrayContaining(['0-0-3', '0-0-6', '0-0-24']),
    )
    const loan = result.loans.find((o) => o.bankCode === 'HSBKKZKX' && o.months === 24)
    const r = 24 / 12 / 100
    expect(loan).toMatchObject({
      code: 'loan-24',
      rate: 24,
      monthlyPayment: Math.ceil((amount * r) / (1 - (1 + r) ** -24)),
    })
    expect(result.installments.every((o, i, all) => o.months >= (all[i - 1]?.months ?? 0))).toBe(true)
  })

  it("prices a kit's parts sent beside its laptop at the kit's prices, and alone at the shelf price", async () => {
    const [kit] = await rows<{
      laptop: string
      rules: { discountKind: string; discountValue: number; productIds: number[] }[]
    }>(
      database.db,
      sql`select (select sku from products where id = (main_entity_ids->>0)::int) as laptop, rules
          from promotions where id = ${SEED_PROMOTION_IDS.laptopKit}`,
    )
    if (!kit) throw new Error('the seed wrote no laptop kit')
    const parts = await rows<{ id: number; sku: string; price: number }>(
      database.db,
      sql`select p.id, p.sku, pp.price from products p join product_prices pp on pp.product_id = p.id and pp.city_id = 1
          where p.id in (${sql.join(
            kit.rules.map((r) => sql`${r.productIds[0] ?? 0}`),
            sql`, `,
          )})`,
    )
    const [laptop] = await rows<{ price: number }>(
      database.db,
      sql`select pp.price from products p join product_prices pp on pp.product_id = p.id and pp.city_id = 1 where p.sku = ${kit.laptop}`,
    )
    expect(parts).toHaveLength(kit.rules.length)
    const kitPriceOf = (part: { id: number; price: number }) => {
      const rule = kit.rules.find((r) => r.productIds[0] === part.id)
      if (!rule) throw new Error('a part outside the kit')
      const off =
        rule.discountKind === 'fix' ? rule.discountValue : Math.floor((part.price * rule.discountValue) / 100)
      return part.price - Math.min(part.price, off)
    }
    const kitPrice = parts.reduce((sum, p) => sum + kitPriceOf(p), 0)
    const shelf = parts.reduce((sum, p) => sum + p.price, 0)
    expect(kitPrice).toBeLessThan(shelf)

    const amountOf = async (goods: { sku: string; quantity: number }[]) =>
      LoanCalculation.parse((await calculate({ city_id: 1, goods })).json()).amount
    const laptopPrice = laptop?.price ?? 0
    const partGoods = parts.map((p) => ({ sku: p.sku, quantity: 1 }))
    expect(await amountOf([{ sku: kit.laptop, quantity: 1 }, ...partGoods])).toBe(laptopPrice + kitPrice)
    // one set per laptop line, as in the cart: a second unit of a part is at its shelf price
    const [first] = parts
    if (!first) throw new Error('the kit has no parts')
    expect(
      await amountOf([
        { sku: kit.laptop, quantity: 1 },
        { sku: first.sku, quantity: 2 },
      ]),
    ).toBe(laptopPrice + kitPriceOf(first) + first.price)
    expect(await amountOf(partGoods)).toBe(shelf)
  })

  it("quotes only the loan broker's banks' terms, and follows an edit of a bank's product", async () => {
    const [good] = goods
    if (!good) throw new Error('the seed has no products in the price range')
    const terms = await rows<{
      bic: string
      product_type: string
      loan_lengths: number[]
      min_amount: number
      max_amount: number
    }>(
      database.db,
      sql`select p.bic, p.product_type, p.loan_lengths, p.min_amount, p.max_amount
          from broker_bank_products p join broker_banks b on b.bic = p.bic and b.is_active`,
    )
    const offered = (o: { bankCode: string; productType: string; months: number }, amount: number) =>
      terms.some(
        (t) =>
          t.bic === o.bankCode &&
          t.product_type === o.productType &&
          t.loan_lengths.includes(o.months) &&
          t.min_amount <= amount &&
          amount <= t.max_amount,
      )
    const before = LoanCalculation.parse(
      (await calculate({ city_id: 2, goods: [{ sku: good.sku, quantity: 1 }] })).json(),
    )
    const all = [...before.installments, ...before.loans]
    expect(all.length).toBeGreaterThan(10)
    expect(all.every((o) => offered(o, before.amount))).toBe(true)

    // a bank stops its 24-month installment: the calculator stops quoting it
    const [halyk] = await rows<{ id: number; loan_lengths: number[] }>(
      database.db,
      sql`select id, loan_lengths from broker_bank_products where bic = 'HSBKKZKX' and product_type = 'installment'`,
    )
    await database.db.execute(
      sql`update broker_bank_products set loan_lengths = '{3,6,12}' where id = ${halyk!.id}`,
    )
    try {
      const after = LoanCalculation.parse(
        (await calculate({ city_id: 2, goods: [{ sku: good.sku, quantity: 1 }] })).json(),
      )
      expect(after.installments.some((o) => o.bankCode === 'HSBKKZKX' && o.months === 24)).toBe(false)
      expect(after.installments.some((o) => o.bankCode === 'HSBKKZKX' && o.months === 12)).toBe(true)
    } finally {
      await database.db.execute(
        sql`update broker_bank_products set loan_lengths = ${`{${halyk!.loan_lengths.join(',')}}`} where id = ${halyk!.id}`,
      )
    }
  })

  it("the product pages' installment and credit lines are terms a broker bank offers for the price", async () => {
    const offending = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from product_prices pp
          where (pp.installment_month_num is not null and not exists (
                  select 1 from broker_bank_products p join broker_banks b on b.bic = p.bic and b.is_active
                  where p.product_type = 'installment' and pp.installment_month_num = any(p.loan_lengths)
                    and pp.price between p.min_amount and p.max_amount))
             or (pp.credit_month_num is not null and not exists (
                  select 1 from broker_bank_products p join broker_banks b on b.bic = p.bic and b.is_active
                  where p.product_type = 'installment' and pp.credit_month_num = any(p.loan_lengths)
                    and pp.price between p.min_amount and p.max_amount))
             or pp.installment_amount <> ceil(pp.price::numeric / pp.installment_month_num)
             or pp.credit_amount <> ceil(pp.price::numeric / pp.credit_month_num)`,
    )
    expect(offending[0]?.n).toBe(0)
  })

  it('answers 404 for an unknown sku and 400 for a malformed request', async () => {
    const unknown = await calculate({ city_id: 1, goods: [{ sku: '99999999999', quantity: 1 }] })
    expect(unknown.statusCode).toBe(404)
    expect(ErrorBody.parse(unknown.json()).error.message).toBe(CART_ERROR_KEYS.productNotFound)
    for (const payload of [
      { city_id: 1, goods: [] },
      { city_id: 1, goods: [{ sku: goods[0]?.sku, quantity: 0 }] },
      { city_id: 1, goods: [{ sku: goods[0]?.sku, quantity: 1_000 }] },
      { city_id: 1, goods: [{ sku: 'abc', quantity: 1 }] },
    ])
      expect((await calculate(payload)).statusCode).toBe(400)
  })
})
