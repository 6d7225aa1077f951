/** The cart module's public face: the module, and what checkout exchanges with it (`app.cartCheckout`). */
export { cartModule, type CartCheckout } from './routes'
export type { Actor, CartRef } from './service'
