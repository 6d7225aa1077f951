import { CatalogGenerator, FilterCollector, planCatalog } from './generate'
const n = Number(process.argv[2] ?? 20000)
const g = new CatalogGenerator(planCatalog(n))
const f = new FilterCollector()
let t = Date.now()
let size = 0
for (let id = 1; id <= n; id++) { const p = g.product(id); f.add(p.product); if (id % 2000 === 0) size += JSON.stringify(p).length }
console.log('gen ms', Date.now() - t)
t = Date.now()
const chunk = []
for (let id = 1; id <= 2000; id++) chunk.push(g.product(id).product)
const s = JSON.stringify(chunk)
console.log('stringify 2000 ms', Date.now() - t, 'bytes', s.length)
