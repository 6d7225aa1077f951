/**
 * Catalogue imports' public face: the module (the back office's catalogue routes and the runner that
 * applies imports). Other modules do not call into it; what it writes reaches the catalogue and search
 * indexes through the catalogue's own versions, `price_changes` and `stock_changes`.
 */
export { catalogImportModule } from './routes'
