import { z } from 'zod'
import {
  CITIES,
  LANGS,
  UNKNOWN_CITY_MESSAGE,
  type CityId as CityIdValue,
  type ErrorBody as ErrorBodyShape,
  type Lang as LangValue,
} from './values/common'

export {
  CITIES,
  DEFAULT_CITY_SLUG,
  DEFAULT_LANG,
  ERROR_KEYS,
  HEADERS,
  LANGS,
  UNKNOWN_CITY_MESSAGE,
  type CitySlug,
} from './values/common'

/** Why `text()` refuses a string; the 400's issue carries it with the field's path. */
export const UNSTORABLE_TEXT_MESSAGE = 'must not hold NUL characters or unpaired surrogates'

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text PostgreSQL can keep as it came: no NUL, no unpaired surrogate. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !UNPAIRED_SURROGATE.test(s)
}

/**
 * Text that can be stored and looked up: no NUL (PostgreSQL's text refuses it and the query fails)
 * and no unpaired UTF-16 surrogate (no character at all: UTF-8 cannot carry it, so it would be kept as
 * U+FFFD, or refused inside JSON). Every string a request brings, in its path, query or body, starts
 * from this, so such text is a 400 naming the field rather than a 500 or quietly changed data.
 */
export const text = () => z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE })

/** Free-form JSON deeper than this is refused: nothing the store keeps nests further. */
export const STORED_JSON_MAX_DEPTH = 32
const TOO_DEEP_MESSAGE = `must not nest deeper than ${STORED_JSON_MAX_DEPTH} levels`

/**
 * Where a free-form JSON value holds text that cannot be stored (in a string or a key), or nests too
 * deep: the path to the first such place and what is wrong there, or null when there is none.
 * Iterative, so a deep value cannot overflow the stack.
 */
export function unstorableJson(value: unknown): { path: PropertyKey[]; message: string } | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: v, path } = next
    if (typeof v === 'string') {
      if (!isStorableText(v)) return { path, message: UNSTORABLE_TEXT_MESSAGE }
    } else if (typeof v === 'object' && v !== null) {
      if (path.length >= STORED_JSON_MAX_DEPTH) return { path, message: TOO_DEEP_MESSAGE }
      for (const [key, child] of Object.entries(v)) {
        if (!isStorableText(key)) return { path: [...path, key], message: UNSTORABLE_TEXT_MESSAGE }
        stack.push({ value: child, path: [...path, Array.isArray(v) ? Number(key) : key] })
      }
    }
  }
  return null
}

/**
 * A free-form JSON value a request brings to be kept as is (a jsonb column): any shape, but every
 * string and key storable text and at most STORED_JSON_MAX_DEPTH levels deep.
 */
export const storedJson = () =>
  z.unknown().superRefine((value, ctx) => {
    const problem = unstorableJson(value)
    if (problem) ctx.addIssue({ code: 'custom', ...problem })
  })

/** The one error shape every 4xx/5xx answer carries. `message` is an i18n key the client translates. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
}) satisfies z.ZodType<ErrorBodyShape>
export type ErrorBody = z.infer<typeof ErrorBody>

export const CityId = z.coerce
  .number()
  .int()
  .refine((n) => CITIES.some((c) => c.id === n), { message: UNKNOWN_CITY_MESSAGE })
export type CityId = CityIdValue

export const Lang = z.enum(LANGS)
export type Lang = LangValue

/** Query carrying the shopper's city, as every city-specific call of the spec does. */
export const CityQuery = z.object({ city_id: CityId.default(1) })
