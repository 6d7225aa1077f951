import { createFileRoute, useRouterState } from '@tanstack/react-router'
import { ConfiguratorPage, SharedConfigurationPage } from '../../features/configurator/configurator-page'

/**
 * The device's own PC build, rendered in the browser where its id is (IndexedDB); with `?share={code}`
 * a build someone shared. One route for both, and no loader or search schema: those would sit in the
 * app's first chunk, which every page loads (the category page is at its JavaScript budget); the page
 * loads its texts' catalogue itself.
 */
export const Route = createFileRoute('/{-$city}/configurator')({ component: ConfiguratorRoute })

function ConfiguratorRoute() {
  const share = useRouterState({ select: (s) => (s.location.search as { share?: unknown }).share })
  return typeof share === 'string' && share ? <SharedConfigurationPage code={share} /> : <ConfiguratorPage />
}
