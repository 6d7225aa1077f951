import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'

/** Product types with a page of their own under /p/{uri}; services and warranties come with a product. */
export const SITEMAP_PRODUCT_TYPES = ['regular', 'mto', 'certificate', 'digital'] as const

const typeList = sql.join(
  SITEMAP_PRODUCT_TYPES.map((t) => sql`${t}`),
  sql`, `,
)

export interface SitemapProduct extends Record<string, unknown> {
  uri: string
  created_at: string | Date
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

    async productCount(): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from products where type in (${typeList})`,
      )
      return row?.n ?? 0
    },

    /** Products in id order, a page at a time (a sitemap part). */
    productPage(offset: number, limit: number): Promise<SitemapProduct[]> {
      return rows<SitemapProduct>(
        db,
        sql`select uri, created_at from products where type in (${typeList})
             order by id limit ${limit} offset ${offset}`,
      )
    },
  }
}

export type SeoRepo = ReturnType<typeof createSeoRepo>
