import { createFileRoute } from '@tanstack/react-router'
import { optionalKeys, oneOfParam, stringParam } from '../../../url/search-params'
import { CheckoutStepPage } from '../../../features/shell/info-pages'

/** The result step is the return address of bank and broker redirects: `?status=success&orderId=...`. */
const parseCheckoutStepSearch = (search: Record<string, unknown>) =>
  optionalKeys({
    status: oneOfParam(search.status, ['success', 'failure'] as const),
    orderId: stringParam(search.orderId, { min: 1, max: 64, fromAny: true }),
  })

export const Route = createFileRoute('/{-$city}/checkout/$step')({
  validateSearch: parseCheckoutStepSearch,
  component: CheckoutStepRoute,
})

function CheckoutStepRoute() {
  const { step } = Route.useParams()
  const { orderId } = Route.useSearch()
  return <CheckoutStepPage step={step} orderId={orderId} />
}
