/**
 * A card acquirer that saves cards for later payments (spec 7.9): the store sends the shopper to the
 * acquirer's hosted page and gets back only a token and the masked number, never the card itself.
 */
export interface BindingRequest {
  /** The store's reference of this attempt (the card binding id). */
  merchantRef: string
  /** Where the acquirer's page sends the shopper after approval / after a decline (same-site paths). */
  successUrl: string
  failUrl: string
  language: 'ru' | 'kk'
}

export type BindingResult =
  | { status: 'pending' }
  | { status: 'approved'; token: string; mask: string; brand: string; expiry: string }
  | { status: 'declined'; reason: string }

export interface CardAcquirer {
  createBinding(request: BindingRequest): Promise<{ sessionId: string; redirectUri: string }>
  /** What became of a session; asked when the shopper comes back, never trusted from the URL. */
  bindingResult(sessionId: string): Promise<BindingResult>
}
