import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/s/{sku}` is another spelling of the service product page `/p/s/{sku}` (spec 2.1). */
export const Route = createFileRoute('/{-$city}/s/$sku')({
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/{-$city}/p/s/$sku', params, search, replace: true })
  },
})
