import { useContext } from 'react'
import { ServerRenderContext } from './server-head'

/**
 * The store's origin for absolute links (canonical addresses, schema.org data): the page's own in the
 * browser; on the server, the one the request came to, from the render's own context.
 */
export function useSiteOrigin(): string {
  const render = useContext(ServerRenderContext)
  if (render) return render.origin
  return typeof window === 'undefined' ? '' : window.location.origin
}
