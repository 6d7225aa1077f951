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
