/** The reviews feature's public face: the product page shows its tab (loaded when the tab is opened). */
export { ReviewsTab } from './reviews-tab'
