/**
 * Spec 4: the offer's timer runs on the home page (an exact match only), search, the catalogue and
 * product pages. These are the router's ids of those pages.
 */
const ELIGIBLE_ROUTES = new Set([
  '/{-$city}/',
  '/{-$city}/search',
  '/{-$city}/catalog/',
  '/{-$city}/catalog/$',
  '/{-$city}/catalog/s',
  '/{-$city}/p/$uri',
  '/{-$city}/p/s/$sku',
])

/** True when the deepest matched route (the page itself, not a layout) is an eligible page. */
export function isEligiblePage(routeIds: readonly string[]): boolean {
  const page = routeIds[routeIds.length - 1]
  return page !== undefined && ELIGIBLE_ROUTES.has(page)
}
