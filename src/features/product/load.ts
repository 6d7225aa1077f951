import type { QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import { localizePath } from '../../url/locale-prefix'
import type { StoreLocaleContext } from '../../url/router-context'
import { isApiError } from '../../data/api-error'
import { DEFAULT_TAB, isStocked, type ProductTab } from './product-tabs'
import { productPath } from './product-path'
import { deliveryQuery, productQuery, recommendationsQuery, stocksQuery } from './queries'

export interface LoadProductOptions {
  queryClient: QueryClient
  locale: StoreLocaleContext
  /** The uri of `/p/{uri}` or the sku of `/p/s/{sku}`. */
  id: string
  kind: 'product' | 'service'
  tab: ProductTab
}

/**
 * The loader of the product and service pages: the product (3 s timeout), then the delivery options and
 * the data of the tab asked for (stock, services), started without waiting for them in the browser and
 * waited for on the server.
 *
 * An unknown product is the not-found page. A product asked for by another address (a sku in place of
 * the uri, a service at `/p/...`) is redirected to its own. Any other failure is left to the page, which
 * shows it with a way to try again.
 */
export async function loadProduct({ queryClient, locale, id, kind, tab }: LoadProductOptions): Promise<void> {
  const { cityId, lang } = locale
  let product
  try {
    product = await queryClient.ensureQueryData({
      ...productQuery(id, cityId, lang),
      revalidateIfStale: true,
    })
  } catch (error) {
    if (isApiError(error, 404)) throw notFound()
    return
  }
  const own = productPath(product)
  const asked = kind === 'service' ? `/p/s/${encodeURIComponent(id)}` : `/p/${encodeURIComponent(id)}`
  if (own !== asked) {
    const search = tab === DEFAULT_TAB ? '' : `?tab=${tab}`
    throw redirect({ href: localizePath(own, locale) + search, replace: true })
  }
  if (isStocked(product.type)) {
    const parts = [queryClient.prefetchQuery(deliveryQuery(product.sku, cityId, lang))]
    if (tab === 'availability') parts.push(queryClient.prefetchQuery(stocksQuery(product.sku, cityId, lang)))
    if (tab === 'services')
      parts.push(queryClient.prefetchQuery(recommendationsQuery(product.sku, cityId, lang)))
    // The server renders these parts with their data (they read it with useQuery, which does not wait on
    // the server), so the browser hydrates the same markup; the browser shows the page meanwhile.
    if (typeof window === 'undefined') await Promise.all(parts)
  }
}
