import { queryOptions } from '@tanstack/react-query'
import type { TradeProductLink } from '../../../contract/cart'
import type { CityId, Lang } from '../../../contract/common'
import { TRADE_BASE } from '../../../contract/values/cart'
import { api } from '../../data/api'

/** The old devices a product takes in the city and their credits, when the shopper opens trade-in. */
export const tradeinOfferQuery = (sku: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['tradein', sku, cityId, lang],
    queryFn: ({ signal }) =>
      api.get<TradeProductLink>(`${TRADE_BASE}/api/v1/product-link`, { cityId, query: { sku }, signal }),
    staleTime: 60_000,
  })
