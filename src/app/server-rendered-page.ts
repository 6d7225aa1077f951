/**
 * Whether this document is a page the server rendered: the router's inline state script ran (it sets
 * `window.$_TSR`). The shell (the shopper's own pages, the offline copy, a render that fell back) has none.
 */
export function isServerRenderedPage(): boolean {
  return typeof window !== 'undefined' && '$_TSR' in window
}
