import { createContext, useContext } from 'react'
import type { PageHead } from './page-head-type'

/**
 * The head of a page rendered on the server. In the browser the page's effects set the title and meta
 * texts; on the server effects never run, so the same hooks note them into the render's own head while
 * rendering and the server puts them into the HTML's head. One per render: renders run concurrently.
 */
export interface ServerHead extends PageHead {
  /** The page frame's title, used when the page names no title of its own. */
  frameTitle?: string | undefined
}

/** What a server render gives the page besides its data: the origin asked for, and a head to fill. */
export interface ServerRender {
  /** The origin the shopper asked (PUBLIC_ORIGIN or the request's), for absolute links. */
  origin: string
  head: ServerHead
  /** Notes what a page says of its head (a value once said stays: the page's own after the frame's). */
  note: (next: Partial<ServerHead>) => void
}

export const ServerRenderContext = createContext<ServerRender | null>(null)

export function createServerRender(origin: string): ServerRender {
  const head: ServerHead = { title: undefined, description: undefined }
  return {
    origin,
    head,
    note(next) {
      for (const [key, value] of Object.entries(next) as [keyof ServerHead, string | undefined][]) {
        if (value) head[key] = value
      }
    },
  }
}

/** Notes the page's head in the server render around it; in the browser (no server render) nothing. */
export function useServerHead(next: Partial<ServerHead>): void {
  useContext(ServerRenderContext)?.note(next)
}
