/**
 * The orders feature's public face: what a shopper can do with a placed order (purchase flow 7). Each
 * part takes the order as the order page has it and renders nothing when it does not apply.
 */
export { PickupOtp } from './pickup-otp'
export { OrderReschedule } from './reschedule'
export { OrderWarrant } from './warrant'
