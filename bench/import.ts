import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { LoadRequest } from './lib/load'
import type { Scenario } from './lib/scenario'

/** Price and stock rows of the import: 25,000 products in the four cities. */
const ROWS = 100_000
/** Shoppers' reads at a steady rate, as a store sees them, rather than as many as the machine can take. */
const READ_RATE = 200
const READ_CONNECTIONS = 8
const CATEGORIES = ['smartfony', 'noutbuki', 'televizory', 'naushniki', 'holodilniki', 'pylesosy']
const ADMIN = '/admin/api/v1'

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init)
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** Product pages and category listings over the four cities, both languages. */
async function shopperReads(baseUrl: string): Promise<LoadRequest[]> {
  const reads: LoadRequest[] = []
  let n = 0
  for (const category of CATEGORIES) {
    const listing = await json<{ payload: { uri: string }[] }>(
      `${baseUrl}/katalog/api/v2/products/category/short/${category}?limit=100&sorting=score`,
    )
    for (const { uri } of listing.payload.slice(0, 60)) {
      const city = 1 + (n % 4)
      const headers = { 'accept-language': n % 3 === 0 ? 'kk' : 'ru' }
      reads.push({ path: `/katalog/api/v1/products/${uri}?city_id=${city}`, headers })
      if (n % 3 === 0)
        reads.push({
          path: `/katalog/api/v2/products/category/${category}?city_id=${city}&page=${1 + (n % 5)}&sorting=${n % 2 ? 'price_asc' : 'score'}`,
          headers,
        })
      n++
    }
  }
  return reads
}

/**
 * The file an ERP would send: for 25,000 regular products, each city's shelf price and the stock on
 * hand at the city's first shop. Prices move by 10 tenge and stock by one unit, back and forth from
 * one run to the next, so every run changes every row (and never takes stock below what orders hold).
 */
async function importFile(
  databaseUrl: string,
): Promise<{ csv: string; probe: { uri: string; price: number } }> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const { rows } = await db.query<{
      sku: string
      uri: string
      city_id: number
      price: number
      old_price: number | null
      point_id: number
      on_hand: number
      available: number
    }>(
      `with shop as (select distinct on (city_id) city_id, id from service_points
                     where is_active and type = 'shop' order by city_id, id),
            picked as (select id, sku, uri from products where type = 'regular' order by id limit $1)
       select p.sku, p.uri, pp.city_id,
              case when pp.price % 20 = 10 then pp.price + 10 else pp.price - 10 end as price,
              pp.old_price, shop.id as point_id,
              coalesce(s.quantity, 0) + coalesce((
                select sum(o.quantity) from order_reservations o join orders ord on ord.id = o.order_id
                where o.product_id = p.id and o.service_point_id = shop.id and o.condition = 'N'
                  and ord.status in ('NEW', 'PAYMENT_PENDING', 'PROCESSING', 'ASSEMBLING', 'READY_FOR_PICKUP')
              ), 0)::int as on_hand,
              coalesce(s.quantity, 0) as available
       from picked p
       join product_prices pp on pp.product_id = p.id
       join shop on shop.city_id = pp.city_id
       left join stocks s on s.product_id = p.id and s.service_point_id = shop.id and s.condition = 'N'
       order by p.id, pp.city_id`,
      [ROWS / 4],
    )
    const lines = ['sku,city_id,price,old_price,point_id,stock']
    for (const r of rows) {
      const old = r.old_price !== null && r.old_price > r.price ? r.old_price : ''
      const stock = r.available > 0 && r.on_hand % 2 === 1 ? r.on_hand - 1 : r.on_hand + 1
      lines.push(`${r.sku},${r.city_id},${r.price},${old},${r.point_id},${stock}`)
    }
    const first = rows.find((r) => r.city_id === 1)!
    return { csv: `${lines.join('\n')}\n`, probe: { uri: first.uri, price: first.price } }
  } finally {
    await db.end()
  }
}

/** A staff account of the bench's own (as `npm run staff -- add` makes one), signed in. */
function staffToken(baseUrl: string, databaseUrl: string): Promise<string> {
  const login = `bench-import-${randomBytes(3).toString('hex')}`
  const password = randomBytes(12).toString('hex')
  execFileSync('npx', ['tsx', 'server/modules/staff/cli.ts', 'add', login, 'admin', '--name', 'Bench'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, STAFF_PASSWORD: password, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return json<{ access_token: string }>(`${baseUrl}${ADMIN}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  }).then((t) => t.access_token)
}

/**
 * The catalogue import (issue 27's Speed): shoppers' product and category reads at a steady rate, idle,
 * then while an admin uploads 100,000 price and stock rows through the back office's route; the import
 * must be applied within 60 s and the reads' p95 stay under twice the idle one. Printed: the upload's
 * answer time, the whole import's, and when a changed price showed on its product page. PostgreSQL only
 * (the store and the bench each reach the database: the bench reads what to change from it).
 */
export async function importScenarios(baseUrl: string, databaseUrl?: string): Promise<Scenario[]> {
  if (!databaseUrl) {
    console.log('import: the catalogue import scenario runs on PostgreSQL only (--engine postgres)')
    return []
  }
  const reads = await shopperReads(baseUrl)
  const { csv, probe } = await importFile(databaseUrl)
  const token = await staffToken(baseUrl, databaseUrl)
  const load = { connections: READ_CONNECTIONS, overallRate: READ_RATE }

  const alongside = async (): Promise<string> => {
    const started = performance.now()
    const secs = (at: number) => `${((at - started) / 1000).toFixed(1)} s`
    const staged = await json<{ id: string }>(`${baseUrl}${ADMIN}/catalog/imports`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'x-staff-token': token },
      body: csv,
    })
    const uploaded = performance.now()
    let view: { status: string; rows: { total: number; rejected: number }; changes: Record<string, number> }
    for (;;) {
      view = await json(`${baseUrl}${ADMIN}/catalog/imports/${staged.id}?limit=1`, {
        headers: { 'x-staff-token': token },
      })
      if (view.status === 'done' || view.status === 'failed') break
      await new Promise((r) => setTimeout(r, 250))
    }
    const applied = performance.now()
    let shown = Number.NaN
    for (let i = 0; i < 240; i++) {
      const page = await json<{ price: number }>(`${baseUrl}/katalog/api/v1/products/${probe.uri}?city_id=1`)
      if (page.price === probe.price) {
        shown = performance.now()
        break
      }
      await new Promise((r) => setTimeout(r, 250))
    }
    return (
      `import: ${view.rows.total} rows (${(csv.length / 1e6).toFixed(1)} MB CSV), ${view.status}, ` +
      `${view.rows.rejected} rejected, ${JSON.stringify(view.changes)}; uploaded and checked in ${secs(uploaded)}, ` +
      `applied in ${secs(applied)} (target < 60 s); the new price on its product page after ${secs(shown)}`
    )
  }

  return [
    {
      name: `import: product and category reads, idle (${READ_RATE} req/s)`,
      warmup: reads,
      requests: reads,
      load,
      target: 'the idle figure',
    },
    {
      name: `import: the same reads while ${ROWS.toLocaleString('en')} price and stock rows are imported`,
      requests: reads,
      load,
      alongside,
      target: 'p95 < 2 × idle; import < 60 s',
    },
  ]
}
