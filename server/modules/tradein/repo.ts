import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'

export interface TradeinShopRow extends Record<string, unknown> {
  id: number
  city_id: number
  type: string
  title_ru: string
  title_kk: string
  address_ru: string
  address_kk: string
  work_hours: string
  is_active: boolean
  accepts_tradein: boolean
}

/** The shops that take old devices, as `GET /trade/product-link` lists them. */
export function createTradeinRepo(db: Db) {
  return {
    /** The city's active shops that take old devices, in id order. */
    shops(cityId: number): Promise<TradeinShopRow[]> {
      return rows<TradeinShopRow>(
        db,
        sql`select id, city_id, type, title_ru, title_kk, address_ru, address_kk, work_hours, is_active,
                   accepts_tradein
            from service_points
            where city_id = ${cityId} and type = 'shop' and is_active and accepts_tradein
            order by id`,
      )
    },

    /** One service point, whatever it takes: a shop asked about that takes nothing is 422, not 404. */
    async point(id: number): Promise<TradeinShopRow | undefined> {
      const [row] = await rows<TradeinShopRow>(
        db,
        sql`select id, city_id, type, title_ru, title_kk, address_ru, address_kk, work_hours, is_active,
                   accepts_tradein
            from service_points where id = ${id}`,
      )
      return row
    },
  }
}
export type TradeinRepo = ReturnType<typeof createTradeinRepo>
