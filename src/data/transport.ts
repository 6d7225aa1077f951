/**
 * Where API calls go. In the browser that is `fetch` to the same origin; when the server renders a page
 * it answers the same calls in-process, so one query factory serves both.
 */
export type Transport = (url: string, init: RequestInit) => Promise<Response>

let current: Transport = (url, init) => fetch(url, init)

export function setTransport(transport: Transport): void {
  current = transport
}

export function transportFetch(url: string, init: RequestInit): Promise<Response> {
  return current(url, init)
}
