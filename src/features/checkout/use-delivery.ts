import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Cart } from '../../../contract/cart'
import { useStoreLocation } from '../../url/store-location'
import { deliveryQuery } from './api'
import { addressesQuery } from '../account'
import { deliveryRequest, hasInstallation, type SavedAddress } from './rules'
import type { CheckoutForm } from './state'

/** The ways to receive this cart's goods for this buyer, and the shopper's addresses in the city. */
export function useCheckoutDelivery(cart: Cart, form: Pick<CheckoutForm, 'buyer'>) {
  const { cityId, lang } = useStoreLocation()
  const request = useMemo(
    () => deliveryRequest(cart, cityId, form.buyer === 'organization'),
    [cart, cityId, form.buyer],
  )
  const delivery = useQuery({
    ...deliveryQuery(request ?? { city_id: cityId, cart_id: cart.id, products: [] }, lang),
    enabled: request !== null,
  })
  const addressList = useQuery(addressesQuery())
  const addresses: SavedAddress[] = useMemo(
    () => (addressList.data ?? []).filter((a) => a.city_id === cityId),
    [addressList.data, cityId],
  )
  return {
    delivery,
    addresses,
    addressesPending: addressList.isPending,
    installation: hasInstallation(cart),
  }
}
