/** Financing through the loan broker: the module (its routes are its whole face). */
export { brokerModule } from './routes'
