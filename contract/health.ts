import { z } from 'zod'

export const Health = z.object({
  /** `starting` (with status 503) while a part such as the catalogue index is still being built. */
  status: z.enum(['ok', 'starting']),
  /** The parts still being prepared, by name. */
  pending: z.array(z.string()),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    version: z.string(),
    migration: z.string().nullable(),
  }),
  uptime_s: z.number(),
  build_id: z.string(),
})
export type Health = z.infer<typeof Health>
