/** What a page says of itself in the document's head, in the browser and in the server's HTML. */
export interface PageHead {
  /** The whole tab title (meta_title from the API, or `documentTitle(...)`), in the page's language. */
  title: string | undefined
  description: string | undefined
  /** 'INDEX,FOLLOW', 'NOINDEX, FOLLOW' or 'NOINDEX,NOFOLLOW' as the API says. */
  robots?: string | undefined
  /** Absolute URL of the canonical address. */
  canonical?: string | undefined
}
