/** Bases of the pre-order calls (purchase flow 7). */
export const PREORDERS_V1 = '/oms/api/v1/preorders'
export const PREORDERS_V2 = '/oms/api/v2/preorders'

/** A pre-order is prepaid: by card or QR only. */
export const PREORDER_PAYMENT_METHODS = ['card_payment', 'kaspi_qr_payment'] as const

/** Prepayment rules: below this price the whole price is paid ahead, from it a share. */
export const PREORDER_FULL_PREPAYMENT_BELOW = 150_000
export const PREORDER_PARTIAL_PREPAYMENT_PERCENT = 30

export const PREORDER_ERROR_KEYS = {
  /** 404: the sku is unknown or not a pre-order product. */
  notFound: 'preorder:notFound',
  /** 422: the product is in stock in the city: it goes through the cart. */
  inStock: 'preorder:inStock',
  /** 422: the city does not sell it. */
  unavailable: 'preorder:unavailable',
  /** 422: more units than one pre-order may take; details.max. */
  tooMany: 'preorder:tooMany',
  /** 422: the store is not one of the city's. */
  servicePointUnavailable: 'preorder:servicePointUnavailable',
  /** 400: a guest asking to be told needs a phone. */
  phoneRequired: 'preorder:phoneRequired',
} as const
