/**
 * By hand: `npx tsx server/modules/cart/cart-json.bench.ts`. Times three ways of writing one cart answer
 * (eight goods and two services, Cyrillic titles) as UTF-8 bytes, in turns so the machine's load falls on
 * each alike: the hand-written writer (`cart-json.ts`, each product's own fields kept rendered), the
 * serializer Fastify would compile from the contract's JSON schema (fast-json-stringify), and
 * `JSON.stringify`. The two others build the answer object first, as a route that sends it would.
 */
import fastJson from 'fast-json-stringify'
import { performance } from 'node:perf_hooks'
import { z } from 'zod'
import { Cart } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import { inputOf, line, source } from './answer-fixtures'
import { cartJson } from './cart-json'
import { cartAnswer } from './cart-view'

const goods = Array.from({ length: 8 }, (_, i) => line(source(1 + i), 1 + (i % 3)))
const services = [1, 2].map((i) =>
  line(source(100 + i, { type: 'guaranty', price: 9_990, images: null, stickers: [] }), 1, {
    referenceProductId: i,
  }),
)
const inputs = (['ru', 'kk'] as Lang[]).map((lang) => inputOf([...goods, ...services], lang))
const stringify = fastJson(z.toJSONSchema(Cart, { target: 'draft-7', io: 'output' }) as object)

const ways: Record<string, (input: (typeof inputs)[number]) => Buffer> = {
  'hand-written bytes': (input) => cartJson(input),
  'fast-json-stringify': (input) => Buffer.from(stringify(cartAnswer(input))),
  'JSON.stringify': (input) => Buffer.from(JSON.stringify(cartAnswer(input))),
}

const ROUNDS = 20
const PER_ROUND = 2_000
const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, write] of Object.entries(ways)) {
    const start = performance.now()
    for (let i = 0; i < PER_ROUND; i++) write(inputs[i % 2]!)
    times[name]!.push(((performance.now() - start) * 1000) / PER_ROUND)
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const bytes = cartJson(inputs[0]!).length
console.log(`One answer of ${(bytes / 1024).toFixed(1)} KB, median of ${ROUNDS} rounds of ${PER_ROUND}:`)
console.table(
  Object.keys(ways).map((name) => ({ way: name, 'µs per answer': median(times[name]!).toFixed(1) })),
)
