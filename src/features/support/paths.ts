import { SUPPORT_HIDDEN_PATHS } from '../../../contract/values/support-chat'
import { splitPathname } from '../../url/locale-prefix'

/** `path` is `prefix` or a page under it: `/cart`, `/cart/shared/1`, not `/cartoons`. */
export const isUnder = (path: string, prefix: string) =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)

/**
 * Spec 2.8: the chat's button is not on the cart, the checkout and the gift cards (with their pages,
 * after the city and language prefix), nor in the back office.
 */
export function chatHidden(pathname: string): boolean {
  const { rest } = splitPathname(pathname)
  return (
    [...SUPPORT_HIDDEN_PATHS, '/admin'].some((prefix) => isUnder(rest, prefix)) || isUnder(pathname, '/admin')
  )
}

/** Spec 2.8: the partner widget loads on every page but one configured path (and what follows it). */
export function partnerSkipped(pathname: string, skipPath: string | null): boolean {
  if (!skipPath) return false
  return isUnder(splitPathname(pathname).rest, skipPath) || isUnder(pathname, '/admin')
}
