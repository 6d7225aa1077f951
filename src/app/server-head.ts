import type { PageHead } from './page-head'

/**
 * The head of a page rendered on the server. In the browser the page's effects set the title and meta
 * texts; on the server effects never run, so the same hooks note them here while rendering (one page
 * renders at a time) and the renderer puts them into the HTML.
 */
export interface ServerHead extends PageHead {
  /** The page frame's title, used when the page names no title of its own. */
  frameTitle?: string | undefined
}

let head: ServerHead = { title: undefined, description: undefined }

export const isServerRender = () => typeof document === 'undefined'

export function noteServerHead(next: Partial<ServerHead>): void {
  if (!isServerRender()) return
  for (const [key, value] of Object.entries(next) as [keyof ServerHead, string | undefined][]) {
    if (value) head[key] = value
  }
}

/** The head noted since the last call: the renderer takes it after each render pass. */
export function takeServerHead(): ServerHead {
  const taken = head
  head = { title: undefined, description: undefined }
  return taken
}
