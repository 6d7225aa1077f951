import { eq } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { images } from '../../db/schema/media'

/** What the renderer needs to draw one image. */
export interface ImageRecord {
  id: string
  kind: string
  color: string
  label: string
  variant: number
}

export function createMediaRepo(db: Db) {
  return {
    async findImage(id: string): Promise<ImageRecord | null> {
      const rows = await db
        .select({
          id: images.id,
          kind: images.kind,
          color: images.color,
          label: images.label,
          variant: images.variant,
        })
        .from(images)
        .where(eq(images.id, id))
        .limit(1)
      return rows[0] ?? null
    },
  }
}

export type MediaRepo = ReturnType<typeof createMediaRepo>
