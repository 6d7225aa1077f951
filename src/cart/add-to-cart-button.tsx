import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../url/store-location'
import { Button, buttonClassName, type ButtonSize } from '../ui/button'
import { CartIcon, CheckCircleIcon } from '../ui/icons'
import type { ProductListItem } from '../../contract/catalog'
import type { LinePreview } from './optimistic'
import { useAddToCart } from './add-to-cart'

export interface AddToCartButtonProps {
  product: LinePreview
  /** The product a service is added for (it comes along when it is not in the cart). */
  forProduct?: LinePreview
  /** Not in stock in the city: the button says so and does nothing. */
  canBuy: boolean
  /** The button's words instead of the usual ones (a pre-order says so, and waits for its own flow). */
  label?: string
  size?: ButtonSize
  iconSize?: 'S' | 'M'
  className?: string
}

/** The buy button: adds the product, and once it is in the cart says so and leads to the cart. */
export function AddToCartButton({
  product,
  forProduct,
  canBuy,
  label,
  size,
  iconSize = 'M',
  className,
}: AddToCartButtonProps) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const { inCart, busy, add } = useAddToCart(product, forProduct)
  if (inCart) {
    const look = buttonClassName({ variant: 'secondary', size, block: true })
    return (
      <Link
        to="/{-$city}/cart"
        params={{ city: prefix }}
        className={className ? `${look} ${className}` : look}
        data-testid="add-to-cart"
        data-sku={product.sku}
        data-in-cart="true"
      >
        <CheckCircleIcon size={iconSize} />
        {t`В корзине`}
      </Link>
    )
  }
  return (
    <Button
      size={size}
      block
      icon={canBuy ? <CartIcon size={iconSize} /> : undefined}
      disabled={!canBuy || busy}
      className={className}
      data-testid="add-to-cart"
      data-sku={product.sku}
      onClick={() => void add()}
    >
      {label ?? (canBuy ? t`В корзину` : t`Нет в наличии`)}
    </Button>
  )
}

export type BuyableProduct = Pick<
  ProductListItem,
  'sku' | 'id' | 'uri' | 'title' | 'price' | 'old_price' | 'images' | 'type' | 'availability'
>

/** The buy button of a catalogue product, on a card or its page: what it shows follows the availability. */
export function ProductBuyButton({
  product,
  ...look
}: { product: BuyableProduct } & Pick<AddToCartButtonProps, 'size' | 'iconSize' | 'className'>) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  if (product.availability === 'PreOrder') {
    // Pre-orders are placed through their own page (a prepayment, pickup when the goods arrive), not the cart.
    const button = buttonClassName({ size: look.size, block: true })
    return (
      <Link
        to="/{-$city}/preorder/$sku"
        params={{ city: prefix, sku: product.sku }}
        className={look.className ? `${button} ${look.className}` : button}
        data-testid="preorder"
        data-sku={product.sku}
      >
        {t`Предзаказ`}
      </Link>
    )
  }
  return (
    <AddToCartButton product={previewOf(product)} canBuy={product.availability === 'InStock'} {...look} />
  )
}

/** What the cart shows of a product until the server answers. */
export const previewOf = (product: Omit<BuyableProduct, 'availability'>): LinePreview => ({
  sku: product.sku,
  id: product.id,
  uri: product.uri,
  title: product.title,
  price: product.price,
  oldPrice: product.old_price,
  images: product.images,
  type: product.type,
})
