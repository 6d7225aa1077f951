/**
 * Web push's public face: the module (its routes and its sweep). Nothing else calls into it: what it
 * pushes is queued by a trigger on the information centre's `notifications`, so the order lifecycle, the
 * wishlist watch and `npm run fulfil` need no change to be heard on the shopper's devices.
 */
export { pushModule } from './routes'
export { PUSH_TOPIC_OF_KIND } from './topics'
