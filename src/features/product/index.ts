/*
 * The public face of the product page (README, "Layers of the browser code"): the product's query, which
 * the comparison reads from the same cache as the product page (so a product seen once compares offline).
 */
export { productQuery } from './queries'
