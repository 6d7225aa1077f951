import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'

/** Product types with a page of their own under /p/{uri}; services and warranties come with a product. */
export const SITEMAP_PRODUCT_TYPES = ['regular', 'mto', 'certificate', 'digital'] as const

const typeList = sql.join(
  SITEMAP_PRODUCT_TYPES.map((t) => sql`${t}`),
  sql`, `,
)

export interface SitemapProduct {
  id: number
  uri: string
  /** The day it was created, `YYYY-MM-DD` in UTC: the page's last change. */
  day: string
}

export function createSeoRepo(db: Db) {
  return {
    /** Paths of the categories search engines may index (not services, not NOINDEX ones). */
    async indexableCategoryPaths(): Promise<string[]> {
      const found = await rows<{ path: string }>(
        db,
        sql`select path from categories
             where not is_service and robots like 'INDEX%'
             order by level, sort, id`,
      )
      return found.map((r) => r.path)
    },

    /** Brands that have at least one product with a page. */
    async brandSlugs(): Promise<string[]> {
      const found = await rows<{ slug: string }>(
        db,
        sql`select b.slug from brands b
             where exists (select 1 from products p where p.brand_id = b.id and p.type in (${typeList}))
             order by b.slug`,
      )
      return found.map((r) => r.slug)
    },

    /**
     * Products with a page, in id order after `afterId`, `limit` at a time: id, uri and the UTC day each
     * was created. One text value split here, since narrow rows decode slowly in both drivers.
     */
    async productsAfter(afterId: number, limit: number): Promise<SitemapProduct[]> {
      const [row] = await rows<{ data: string | null }>(
        db,
        sql`select string_agg(
                 id || chr(31) || translate(uri, chr(30) || chr(31), '  ') || chr(31) ||
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'),
                 chr(30) order by id) as data
             from (select id, uri, created_at from products
                    where type in (${typeList}) and id > ${afterId}
                    order by id limit ${limit}) page`,
      )
      if (!row?.data) return []
      return row.data.split('\x1e').map((record) => {
        const [id = '0', uri = '', day = ''] = record.split('\x1f')
        return { id: Number(id), uri, day }
      })
    },
  }
}

export type SeoRepo = ReturnType<typeof createSeoRepo>
