/**
 * Checkout's public face: the module, and what the orders module asks of it when an order moves
 * (`app.orderSettlement`: stock and spending back on a cancel, refunds, cashback on receipt).
 */
export { checkoutModule, type OrderSettlement } from './routes'
