import type { DehydratedState } from '@tanstack/react-query'

/** The id of the `<script type="application/json">` in which the server hands its queries to the page. */
export const SERVER_STATE_ID = 'server-state'

/**
 * The queries a server-rendered page was rendered from, or `null` when the page came as the shell
 * (the shopper's own pages, the service worker's offline copy, a render that fell back).
 */
export function readServerState(doc: Document = document): DehydratedState | null {
  const script = doc.getElementById(SERVER_STATE_ID)
  if (!script?.textContent) return null
  try {
    return JSON.parse(script.textContent) as DehydratedState
  } catch {
    return null
  }
}

/** JSON that is safe inside a script element: `</script>` or `<!--` in a product text cannot end it. */
export function serializeServerState(state: DehydratedState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
