import { createFileRoute, Navigate } from '@tanstack/react-router'

/** `/checkout` starts at its first step. */
export const Route = createFileRoute('/{-$city}/checkout/')({
  component: CheckoutStart,
})

function CheckoutStart() {
  const { city } = Route.useParams()
  return <Navigate to="/{-$city}/checkout/$step" params={{ city, step: 'receiver' }} replace />
}
