import type { RefundRequest, RefundResult } from '../refunds'

export type { RefundRequest, RefundResult } from '../refunds'

/**
 * A card acquirer (spec 7.9): saves cards for later payments and charges orders. The store sends the
 * shopper to the acquirer's hosted page and gets back only a token and the masked number, never the
 * card itself.
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

export interface PaymentRequest {
  /** The store's reference of this attempt (the payment id). */
  merchantRef: string
  amount: number
  /** Where the hosted page sends the shopper back after approval / decline or cancel. */
  successUrl: string
  failUrl: string
  /** Where the acquirer posts its signed result (`SignedCallback`), whether or not the shopper returns. */
  callbackUrl: string
  language: 'ru' | 'kk'
  /** Charge a saved card (its token) instead of asking for a new one; 3-D Secure may still be asked. */
  cardToken?: string
}

export type PaymentResult =
  | { status: 'pending' }
  | { status: 'approved'; amount: number; mask: string }
  | { status: 'declined'; reason: string }

/** The body of a provider's callback, signed with the secret the store and the provider share. */
export interface PaymentCallback {
  /** The provider's own id of the session (what `createPayment` answered). */
  sessionId: string
  merchantRef: string
  amount: number
  status: 'approved' | 'declined'
  reason: string | null
  mask: string | null
}

export interface CardAcquirer {
  createBinding(request: BindingRequest): Promise<{ sessionId: string; redirectUri: string }>
  /** What became of a session; asked when the shopper comes back, never trusted from the URL. */
  bindingResult(sessionId: string): Promise<BindingResult>
  createPayment(request: PaymentRequest): Promise<{ sessionId: string; redirectUri: string }>
  paymentResult(sessionId: string): Promise<PaymentResult>
  /** Ends a session nobody finished (the order stopped waiting); a finished one stays as it was. */
  cancelPayment(sessionId: string): Promise<void>
  /** Pays back (part of) an approved payment to its card; the same `merchantRef` again pays back once. */
  refundPayment(request: RefundRequest): Promise<RefundResult>
}
