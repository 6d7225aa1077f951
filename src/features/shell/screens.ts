import { lazyRouteComponent } from '@tanstack/react-router'

export { RouteErrorScreen as ErrorScreen } from './error-screen'

/**
 * The not-found screen is rare: its code comes when one is shown (the router waits for it, on the
 * server too, so a 404 page hydrates from the same markup). The error screen is at hand: it must show
 * when something has just gone wrong, the network maybe included.
 */
export const NotFoundScreen = lazyRouteComponent(() => import('./not-found'), 'NotFoundPage')
