/*
 * The public face of the account area (README, "Layers of the browser code"): the shopper's addresses,
 * receivers and saved cards, which the checkout offers from the same cache as the account's pages.
 */
export { addressesQuery, cardsQuery, receiversQuery } from './queries'
