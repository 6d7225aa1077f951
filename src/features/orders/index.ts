/** The orders feature's public face: what the order page (still in checkout) places from here. */
export { OrderDocuments, type OrderDocumentsProps } from './documents'
