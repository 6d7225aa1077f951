import type { QueryClient } from '@tanstack/react-query'
import type { CityId, CitySlug, Lang } from '../../contract/common'

/** What every route's loader and beforeLoad receive from the router (createRootRouteWithContext). */
export interface RouterContext {
  queryClient: QueryClient
}

/** Added by the `{-$city}` layout route for every page under it. */
export interface StoreLocaleContext {
  cityId: CityId
  citySlug: CitySlug
  lang: Lang
}
