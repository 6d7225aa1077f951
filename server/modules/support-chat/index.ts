/**
 * The support chat's public face (README, Support chat): the module, with the shopper's routes and
 * socket and the back office's. Nothing else calls into it.
 */
export { supportChatModule } from './routes'
