import { z } from 'zod'

export const Health = z.object({
  status: z.literal('ok'),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    version: z.string(),
    migration: z.string().nullable(),
  }),
  uptime_s: z.number(),
  build_id: z.string(),
})
export type Health = z.infer<typeof Health>
