import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { OrderStatus } from '../../../../contract/account-area'
import { AccountFrame } from '../../../features/account/account-frame'
import { OrdersPage } from '../../../features/account/orders-page'

/** The filters live in the URL, so a filtered list can be reloaded and shared. */
const OrdersSearch = z.object({
  status: OrderStatus.optional().catch(undefined),
  dateFrom: z.iso.date().optional().catch(undefined),
  dateTo: z.iso.date().optional().catch(undefined),
})

export const Route = createFileRoute('/{-$city}/my-account/orders-list')({
  validateSearch: OrdersSearch,
  component: OrdersRoute,
})

function OrdersRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AccountFrame section="accountOrders">
      <OrdersPage filters={filters} onFilters={(next) => void navigate({ search: next, replace: true })} />
    </AccountFrame>
  )
}
