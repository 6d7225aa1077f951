import type { QueryClient } from '@tanstack/react-query'
import { fastLinksQuery, homeBannersQuery, homeTilesQuery, type HomeLocale } from './queries'

/**
 * The home route's loader: banners, fast links and the category menu, together. A failure of any of them
 * leaves its section out rather than failing the page (spec 8: many reads give empty data on failure).
 * Kept apart from the page's components: a route's loader is in the app's first bundle, its component
 * is not.
 */
export async function loadHome(queryClient: QueryClient, locale: HomeLocale): Promise<void> {
  await Promise.allSettled([
    queryClient.ensureQueryData(homeBannersQuery(locale)),
    queryClient.ensureQueryData(fastLinksQuery(locale)),
    queryClient.ensureQueryData(homeTilesQuery(locale)),
  ])
}
