import { createFileRoute } from '@tanstack/react-router'
import { optionalKeys, stringParam } from '../../url/search-params'
import { KaspiQrPage } from '../../features/checkout/pages'

/** `/kaspi-qr?orderId=`: where an order paid by Kaspi QR sends the shopper to scan its code. */
const parseKaspiQrSearch = (search: Record<string, unknown>) =>
  optionalKeys({ orderId: stringParam(search.orderId, { min: 1, max: 64, fromAny: true }) })

export const Route = createFileRoute('/{-$city}/kaspi-qr')({
  validateSearch: parseKaspiQrSearch,
  // Its texts are a catalogue of their own, loaded with the page; the loader's code comes with it too.
  loader: ({ context }) =>
    import('../../i18n/feature-messages').then((m) => m.loadFeatureMessages('checkout', context.lang)),
  component: KaspiQrRoute,
})

function KaspiQrRoute() {
  const { orderId } = Route.useSearch()
  return <KaspiQrPage orderId={orderId} />
}
