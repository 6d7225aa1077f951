/**
 * The reviews module's public face (spec 7.3): the feedback service's routes, and what a listener of
 * moderation decisions receives (the information centre passes `onModerated` to `reviewsModule`).
 */
export { reviewsModule, type ReviewsModuleOptions } from './routes'
export type { ReviewModerated, ReviewModeratedListener, ReviewsService } from './service'
