import { splitPathname } from './locale-prefix'

/**
 * Pages the server renders: the public catalogue, products and content, the same for every shopper.
 * The shopper's own pages (cart, account, checkout, sign-in) start from the shell and render in the
 * browser, where the session is.
 */
const RENDERED_SECTIONS = new Set(['', 'catalog', 'p', 'b', 'cms', 'gift-cards', 'search'])

export function isServerRendered(pathname: string): boolean {
  const { rest } = splitPathname(pathname)
  const section = rest.split('/', 2)[1] ?? ''
  return RENDERED_SECTIONS.has(section)
}
