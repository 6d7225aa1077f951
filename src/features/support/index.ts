/*
 * The support chat's public face: the live connection, which the back office's operators' page shares
 * with the shopper's window (README, Support chat). The window itself is loaded by path from the root
 * route, so nothing here is in a store page's first JavaScript.
 */
export { createChatConnection, type ChatConnection, type ChatState, type PendingMessage } from './connection'
