import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { CART_ROOT, cartKey } from '../../cart/queries'
import { NAMED_CART } from '../../cart/cart-paths'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { toast } from '../../ui/toast/toast-store'
import type { OrderActionProps } from './action-props'
import { reorder } from './api'

/**
 * "Повторить заказ": the order's goods go into the shopper's cart in the current city, and the cart
 * opens with the server's notices of what is no longer sold or was capped by the stock.
 */
export function ReorderButton({ orderId }: OrderActionProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useStoreLocation()
  const run = useMutation({
    mutationFn: () => reorder(orderId, location.cityId),
    onSuccess: async (cart) => {
      // the cart page shows this answer, notices included (they come only once)
      await queryClient.cancelQueries({ queryKey: [CART_ROOT] })
      queryClient.setQueryData(cartKey(NAMED_CART, location.cityId), cart)
      if (cart.notices.length > 0)
        toast.warning(t`Не все товары заказа удалось добавить: подробности в корзине.`)
      else toast.success(t`Товары заказа добавлены в корзину.`)
      await navigate({ to: '/{-$city}/cart', params: { city: location.prefix } })
    },
    onError: () => toast.error(t`Не удалось повторить заказ. Попробуйте ещё раз.`),
  })
  return (
    <Button
      onClick={() => run.mutate()}
      disabled={run.isPending}
      aria-busy={run.isPending}
      data-testid="reorder"
    >
      {t`Повторить заказ`}
    </Button>
  )
}
