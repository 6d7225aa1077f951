import type { QueryKey } from '@tanstack/react-query'

/**
 * Query keys starting with one of these hold the shopper's own data: they are dropped on sign-out and
 * never written to IndexedDB. Queries elsewhere may opt in with `meta: { user: true }`.
 */
export const USER_QUERY_ROOTS: readonly string[] = ['account', 'bonus', 'orders', 'cards', 'promo-codes']

export function isUserQuery(queryKey: QueryKey, meta: Record<string, unknown> | undefined): boolean {
  return meta?.user === true || (typeof queryKey[0] === 'string' && USER_QUERY_ROOTS.includes(queryKey[0]))
}
