import { createFileRoute } from '@tanstack/react-router'
import { ORDER_STATUSES } from '../../../../contract/values/account-area'
import { optionalKeys, isoDateParam, oneOfParam } from '../../../url/search-params'
import { AccountFrame } from '../../../features/account/account-frame'
import { OrdersPage } from '../../../features/account/orders-page'

/** The filters live in the URL, so a filtered list can be reloaded and shared. */
const parseOrdersSearch = (search: Record<string, unknown>) =>
  optionalKeys({
    status: oneOfParam(search.status, ORDER_STATUSES),
    dateFrom: isoDateParam(search.dateFrom),
    dateTo: isoDateParam(search.dateTo),
    isOrganization: typeof search.isOrganization === 'boolean' ? search.isOrganization : undefined,
  })

export const Route = createFileRoute('/{-$city}/my-account/orders-list')({
  validateSearch: parseOrdersSearch,
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
