import type { RefundRequest, RefundResult } from '../refunds'

/**
 * A QR payment provider (`kaspi_qr_payment`): the store asks for a payment, shows its QR code, and
 * learns the outcome from the provider's signed callback or by asking.
 */
export interface QrPaymentRequest {
  /** The store's reference of this attempt (the payment id). */
  merchantRef: string
  amount: number
  /** Where the provider posts its signed result (`PaymentCallback` of the card acquirer's shape). */
  callbackUrl: string
  language: 'ru' | 'kk'
}

export type QrStatus = 'pending' | 'paid' | 'cancelled' | 'expired'

export interface QrSession {
  sessionId: string
  /** What the QR code encodes: the provider's page where a phone scans and pays. */
  payload: string
  status: QrStatus
  amount: number
  expiresAt: Date
}

export interface QrProvider {
  createPayment(request: QrPaymentRequest): Promise<QrSession>
  session(sessionId: string): Promise<QrSession | null>
  cancelPayment(sessionId: string): Promise<void>
  /** Pays back (part of) a paid session to the account it came from; the same `merchantRef` again pays back once. */
  refundPayment(request: RefundRequest): Promise<RefundResult>
}
