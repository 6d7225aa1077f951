import type { QueryClient } from '@tanstack/react-query'

export interface PageDataAge {
  /** When the oldest data on screen was fetched (ms since the epoch), or null when nothing is shown. */
  oldest: number | null
  /** The newest attempt to refresh something on screen failed, so the shopper sees an older copy. */
  refreshFailed: boolean
}

/**
 * How old the data on screen is: the queries something on the page reads (an observer), the oldest of
 * them, and whether refreshing one failed since it was fetched.
 */
export function pageDataAge(queryClient: QueryClient): PageDataAge {
  let oldest: number | null = null
  let refreshFailed = false
  for (const query of queryClient.getQueryCache().getAll()) {
    const { dataUpdatedAt, errorUpdatedAt } = query.state
    if (query.getObserversCount() === 0 || dataUpdatedAt === 0) continue
    if (oldest === null || dataUpdatedAt < oldest) oldest = dataUpdatedAt
    if (errorUpdatedAt > dataUpdatedAt) refreshFailed = true
  }
  return { oldest, refreshFailed }
}
