import type { TradeProductLink } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { notFound, unprocessable } from '../../http/errors'
import { creditOf, deviceTitle, type PricingLine, type TradeinDevice } from '../pricing'
import type { TradeinRepo, TradeinShopRow } from './repo'

export interface TradeinServiceDeps {
  repo: TradeinRepo
  /** The product as a cart line of one unit in the city; 404 for an unknown sku. */
  line: (sku: string, cityId: number) => Promise<PricingLine>
  /** The old devices a product takes in a city (pricing's trade-in tables). */
  devices: (line: PricingLine, cityId: number) => Promise<TradeinDevice[]>
}

const shopOf = (row: TradeinShopRow, lang: Lang) => ({
  service_point_id: row.id,
  title: lang === 'kk' ? row.title_kk : row.title_ru,
  address: lang === 'kk' ? row.address_kk : row.address_ru,
  work_hours: row.work_hours,
})

/**
 * `GET /trade/product-link`: whether a product takes an old device in a city (and at a shop), which
 * devices and what each is worth, and where the device is handed over.
 */
export function createTradeinService({ repo, line, devices }: TradeinServiceDeps) {
  return {
    async productLink(
      query: { city_id: number; sku: string; trade_shop?: number },
      lang: Lang,
    ): Promise<TradeProductLink> {
      const product = await line(query.sku, query.city_id)
      let shop: TradeinShopRow | null = null
      if (query.trade_shop !== undefined) {
        const point = await repo.point(query.trade_shop)
        if (!point) throw notFound(CART_ERROR_KEYS.tradeinShopInvalid, { trade_shop: query.trade_shop })
        if (
          point.city_id !== query.city_id ||
          point.type !== 'shop' ||
          !point.is_active ||
          !point.accepts_tradein
        )
          throw unprocessable(CART_ERROR_KEYS.tradeinShopInvalid, { trade_shop: query.trade_shop })
        shop = point
      }
      const accepted = await devices(product, query.city_id)
      const shops = accepted.length > 0 ? await repo.shops(query.city_id) : []
      const offers = accepted.map((d) => ({
        kind: d.kind,
        title: deviceTitle(d, lang),
        credits: { working: creditOf(d, 'working'), damaged: creditOf(d, 'damaged') },
      }))
      return {
        sku: product.sku,
        city_id: query.city_id,
        available: offers.length > 0,
        price: product.isActive || product.price > 0 ? product.price : null,
        devices: offers,
        max_credit: Math.min(
          product.price,
          offers.reduce((max, d) => Math.max(max, d.credits.working), 0),
        ),
        shops: shops.map((s) => shopOf(s, lang)),
        shop: shop ? shopOf(shop, lang) : null,
      }
    },
  }
}
