import fc from 'fast-check'
import type { z } from 'zod'

/**
 * fast-check arbitraries for the contract fuzzer: values a route's zod schema accepts (as far as its
 * declared checks tell; refinements may still refuse them, which only makes them hostile too), and
 * values meant to break a route: wrong types, huge strings, deep nesting, unicode edge cases,
 * prototype keys, path traversal.
 */

interface Check {
  check: string
  minimum?: number
  maximum?: number
  length?: number
  value?: number | bigint
  inclusive?: boolean
  format?: string
  pattern?: RegExp
}

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  keyType?: z.ZodType
  valueType?: z.ZodType
  items?: z.ZodType[]
  rest?: z.ZodType | null
  getter?: () => z.ZodType
  entries?: Record<string, string | number>
  values?: unknown[]
  format?: string
  pattern?: RegExp
  checks?: { _zod: { def: Check } }[]
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def)
const isOptional = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional'

/** Letters a Kazakh shopper types, and the other characters a store's text meets. */
const KAZAKH = 'ӘәҒғҚқҢңӨөҰұҮүҺһІі'
const storeText = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({
    unit: fc.constantFrom(...`${KAZAKH}абвгдеёжзийклмнопрстуфхцчшщыэюя 0123456789-`),
    maxLength: 24,
  }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
)

/** Strings matching the pattern, or undefined for a pattern fast-check cannot generate (lookaheads). */
function matchingArbitrary(pattern: RegExp): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(pattern)
  } catch {
    return undefined
  }
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def)
  let min = 0
  let max = 40
  let pattern = def.pattern
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = c.minimum
    if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(c.maximum, 200)
    if (c.check === 'length_equals' && c.length !== undefined) min = max = c.length
    if (c.check === 'string_format' && c.pattern) pattern = c.pattern
  }
  if (max < min) max = min
  const matching = pattern && matchingArbitrary(pattern)
  if (matching) {
    // A pattern with few short matches may not meet the length: any string of the length then stands in.
    const fitting = matching.filter((s) => s.length >= min && s.length <= Math.max(max, min))
    return fc.oneof(fitting, fc.string({ minLength: min, maxLength: max }))
  }
  if (min === max && min > 0) return fc.string({ minLength: min, maxLength: max })
  return fc.oneof(
    storeText.filter((s) => s.length >= min && s.length <= max),
    fc.string({ minLength: min, maxLength: Math.min(max, min + 24) }),
  )
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000
  let max = 1_000_000
  let integer = false
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') integer = c.format !== 'float32' && c.format !== 'float64'
    if (c.check === 'greater_than' && c.value !== undefined) min = Number(c.value) + (c.inclusive ? 0 : 1)
    if (c.check === 'less_than' && c.value !== undefined) max = Number(c.value) - (c.inclusive ? 0 : 1)
  }
  min = Math.max(min, Number.MIN_SAFE_INTEGER)
  max = Math.min(max, Number.MAX_SAFE_INTEGER)
  if (max < min) max = min
  const ints = fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
  return integer ? ints : fc.oneof(ints, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }))
}

/** Values a field of this name usually takes in this store (a real sku, a city), tried beside its schema's. */
export type Hints = Record<string, fc.Arbitrary<unknown>>

/** Values of the shape the schema declares. `depth` bounds recursive schemas. */
export function validArbitrary(schema: z.ZodType, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null)
  const def = defOf(schema)
  const inner = (child: z.ZodType | null | undefined) =>
    child ? validArbitrary(child, hints, depth + 1) : fc.constant(undefined)
  const field = (key: string, child: z.ZodType | undefined) => {
    const hint = Object.hasOwn(hints, key) ? hints[key] : undefined
    return hint
      ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: inner(child), weight: 1 })
      : inner(child)
  }
  switch (def.type) {
    case 'string':
      return stringArbitrary(def)
    case 'number':
      return numberArbitrary(def)
    case 'bigint':
      return fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).map(Number)
    case 'boolean':
      return fc.boolean()
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
    case 'null':
      return fc.constant(null)
    case 'undefined':
    case 'void':
      return fc.constant(undefined)
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }))
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]))
    case 'object': {
      const shape = def.shape ?? {}
      const keys = Object.keys(shape)
      const record = fc.record(Object.fromEntries(keys.map((key) => [key, field(key, shape[key])])), {
        requiredKeys: keys.filter((key) => !isOptional(shape[key]!)),
      })
      return record as fc.Arbitrary<unknown>
    }
    case 'array': {
      let min = 0
      let max = 4
      for (const c of checksOf(def)) {
        if (c.check === 'min_length' && c.minimum !== undefined) min = c.minimum
        if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(c.maximum, 6)
        if (c.check === 'length_equals' && c.length !== undefined) min = max = c.length
      }
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.max(min, max) })
    }
    case 'record':
      return fc.dictionary(
        inner(def.keyType).map((k) => (typeof k === 'string' ? k : String(k))),
        inner(def.valueType),
        { maxKeys: 3 },
      )
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item)))
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)))
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) => (typeof a === 'object' && typeof b === 'object' && a && b ? { ...a, ...b } : a))
    case 'pipe':
      // A transform's input is what the request carries.
      return defOf(def.in!).type === 'transform' ? inner(def.out) : inner(def.in)
    case 'lazy':
      return inner(def.getter?.())
    case 'nullable':
      return fc.oneof(
        { arbitrary: inner(def.innerType), weight: 4 },
        { arbitrary: fc.constant(null), weight: 1 },
      )
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType)
    case 'nan':
      return fc.constant(Number.NaN)
    case 'never':
      return fc.constant(undefined)
    default:
      // any, unknown, custom, transform, template_literal, …: some JSON
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Strings meant to break a handler, a query or a page. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Eтекст\u202C',
    '\u200F\u200E\u200B\uFEFF',
    '🔥👨‍👩‍👧‍👦🇰🇿',
    'Қазақстан Республикасы ӘәҒғҚқҢңӨөҰұҮүҺһІі',
    'a\uD800b',
    '\uDC00',
    '../../../../etc/passwd',
    '..\\..\\..\\windows\\win.ini',
    '%2e%2e%2f%2e%2e%2f',
    '/dev/null',
    'file:///etc/passwd',
    "' OR 1=1 --",
    '"; drop table orders; --',
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '-0',
    '9'.repeat(40),
    'true',
    'null',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...`${KAZAKH}\u0000\u202E\u200F🔥 ./%\\`), maxLength: 40 }),
  // Huge, within the body limit.
  fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'Ж'.repeat(n)),
)

/** A value of any JSON type, often not the one the schema wants. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(0, -1, 1.5, -0, 2 ** 53, -(2 ** 63), 1e308, true, false, null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom([], {}, [null], [[]], { __proto__: null }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
    { toString: 'x', valueOf: 1, hasOwnProperty: 'no' },
  ),
)

/** Raw request bodies that are not the JSON they claim to be, or nest deeper than any handler expects. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    'null',
    'true',
    '0',
    '"text"',
    '[]',
    '1e999999',
    '{"a":1}{"a":2}',
    '\u0000',
    '\uFEFF{}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  fc.integer({ min: 100, max: 100_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 100, max: 50_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.string({ unit: 'binary', maxLength: 60 }),
)

/**
 * A valid value with one place broken: a field of the wrong type or a hostile value, a prototype key
 * added, or the whole of it swapped for a hostile value.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, hostileValue, fc.nat(), fc.constantFrom('replace-field', 'add-proto', 'add-field', 'whole'))
    .map(([value, bad, pick, how]) => {
      if (how === 'whole' || typeof value !== 'object' || value === null) return bad
      const copy: Record<string, unknown> = Array.isArray(value) ? { ...value } : { ...value }
      const keys = Object.keys(copy)
      if (how === 'replace-field' && keys.length) copy[keys[pick % keys.length]!] = bad
      else if (how === 'add-proto')
        Object.defineProperty(copy, ['__proto__', 'constructor', 'prototype'][pick % 3]!, {
          value: bad,
          enumerable: true,
        })
      else copy[`x${pick % 7}`] = bad
      return Array.isArray(value) ? Object.values(copy) : copy
    })
}
