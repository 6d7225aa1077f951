/**
 * The PC configurator module's public face (`/compatibility/api/v1`, spec browsing 3, 4, 7.5): component
 * kinds, the parts of a kind that fit the chosen ones, the catalogue filter URL of those parts, and
 * shoppers' configurations with the compatibility rules' findings. Other modules import this file only.
 */
export { configuratorModule } from './routes'
