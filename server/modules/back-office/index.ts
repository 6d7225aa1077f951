/**
 * The back office's public face (README, The back office): the orders, promotions and reviews of
 * `/admin/api/v1`, each route behind `requireStaff` of the staff module.
 */
export { backOfficeModule } from './routes'
