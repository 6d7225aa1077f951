/**
 * Leaves the store for the payment: the acquirer's hosted page, or the store's own QR page. A page load
 * of its own, outside the router (and so not "leaving the checkout" for the reasons modal).
 */
export function goToPayment(url: string): void {
  window.location.assign(url)
}
