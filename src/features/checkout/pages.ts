/*
 * The checkout's pages, for its routes (`/checkout/{step}`, `/kaspi-qr`, and the order panel of `/my-account/orders/{id}`).
 * Each route takes its page from here, so the three route chunks reach the same modules and the
 * bundler keeps the checkout in chunks of its own: a route reaching only part of the store's shared
 * modules would cut the chunks the product and category pages load into smaller ones, each with its
 * own overhead, and push those pages over the JavaScript budget.
 */
export { OrderPanel, ResultPage } from './result-page'
export { CheckoutPage } from './checkout-page'
export { KaspiQrPage } from './kaspi-qr-page'
export { PreorderPage } from './preorder-page'
