import { buildApp } from './server/app'
import { readConfig } from './server/config'
import { openDatabase } from './server/db/connection'
import { catalogServices } from './server/modules/catalog/routes'

const url = process.env.DATABASE_URL!
const database = await openDatabase({ url })
const config = readConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url })
const app = await buildApp({ config, database, logger: false })
await app.ready()
const t0 = Date.now(); await catalogServices.get(app)!.index(); console.log('index ready', Date.now() - t0, 'ms')
// build requests like the bench
const cats = ['smartfony','noutbuki','televizory','naushniki','holodilniki','pylesosy','stiralnye-mashiny','planshety']
const reqs: string[] = []
let n = 0
for (const c of cats) {
  const f = (await app.inject(`/katalog/api/v1/products/filters?category=${c}`)).json() as any
  const codes = f.filters.filter((x: any) => x.type !== 'range' && x.options.some((o: any) => o.count > 0)).map((x: any) => ({ code: x.code, values: x.options.filter((o: any) => o.count > 0).map((o: any) => o.code) }))
  if (codes.length < 3) continue
  for (let i = 0; i < 60; i++, n++) {
    const picked = [0,1,2].map((k) => codes[(i + k * (1 + (i % 2))) % codes.length])
    if (new Set(picked.map((p: any) => p.code)).size < 3) picked.splice(0, 3, codes[0], codes[1], codes[2])
    const pairs = picked.flatMap((p: any, k: number) => { const a = p.values[(i*7+k)%p.values.length]; const b = p.values[(i*7+k+1)%p.values.length]; return k===0&&a!==b?[`${p.code}:${a}`,`${p.code}:${b}`]:[`${p.code}:${a}`] })
    const q = `city_id=${1+(n%4)}&filters=${encodeURIComponent(pairs.join(','))}`
    reqs.push(`/katalog/api/v2/products/category/${c}?${q}&sorting=${['score','price_asc','new','discount'][n%4]}`)
    reqs.push(`/katalog/api/v1/products/filters?category=${c}&${q}`)
  }
}
console.log('requests', reqs.length)
for (let round = 0; round < 3; round++) {
  const times: Record<string, number[]> = { listing: [], facets: [] }
  for (const r of reqs) {
    const s = process.hrtime.bigint(); const res = await app.inject(r); const d = Number(process.hrtime.bigint() - s) / 1e6
    if (res.statusCode !== 200) { console.log(res.statusCode, r); continue }
    times[r.includes('/filters') ? 'facets' : 'listing']!.push(d)
  }
  for (const [k, v] of Object.entries(times)) { v.sort((a,b)=>a-b); console.log(round, k, 'mean', (v.reduce((a,b)=>a+b,0)/v.length).toFixed(3), 'p50', v[v.length>>1]!.toFixed(3), 'p95', v[Math.floor(v.length*0.95)]!.toFixed(3)) }
}
// hello-ish baseline: health route
{ const s = process.hrtime.bigint(); for (let i=0;i<2000;i++) await app.inject('/menu/api/v1/menu/top'); console.log('inject overhead per small request ms', (Number(process.hrtime.bigint()-s)/1e6/2000).toFixed(3)) }
await app.close(); await database.close()
