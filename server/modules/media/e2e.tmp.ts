import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildApp } from '../../app'
import { readConfig } from '../../config'
import { openDatabase } from '../../db/connection'
console.time('open')
const database = await openDatabase({ memory: true })
console.timeEnd('open')
const app = await buildApp({ config: readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'm-')) }), database, logger: false })
await app.ready()
console.timeEnd('open')
const r = await app.inject('/api/openapi.json')
console.log(r.statusCode, r.body.slice(0, 500))
await app.close(); await database.close()
