import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { CheckoutStepPage } from '../../../features/shell/info-pages'

/** The result step is the return address of bank and broker redirects: `?status=success&orderId=...`. */
const CheckoutStepSearch = z.object({
  status: z.enum(['success', 'failure']).optional().catch(undefined),
  orderId: z.coerce.string().min(1).max(64).optional().catch(undefined),
})

export const Route = createFileRoute('/{-$city}/checkout/$step')({
  validateSearch: CheckoutStepSearch,
  component: CheckoutStepRoute,
})

function CheckoutStepRoute() {
  const { step } = Route.useParams()
  const { orderId } = Route.useSearch()
  return <CheckoutStepPage step={step} orderId={orderId} />
}
