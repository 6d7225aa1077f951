import type { Product } from '../../../contract/catalog'

/** What the price block says about paying in parts. */
export interface PaymentOffer {
  kind: 'credit' | 'installment'
  /** Monthly payment in tenge. */
  monthly: number
  months: number
  /** The catalogue's name of the offer ('Рассрочка 0-0-12'), when it gives one. */
  label: string | null
}

type PricedProduct = Pick<Product, 'price' | 'credit_terms' | 'kaspi_installment_info'>

/** Credit terms first, then the installment plan; offers with nothing to pay per month are left out. */
export function paymentOffers(product: PricedProduct): PaymentOffer[] {
  const offers: PaymentOffer[] = []
  const credit = product.credit_terms
  if (credit && credit.amount > 0 && credit.month_num > 0) {
    offers.push({
      kind: 'credit',
      monthly: credit.amount,
      months: credit.month_num,
      label: credit.credit_type_label.trim() || null,
    })
  }
  const installment = product.kaspi_installment_info
  if (installment && installment.amount > 0 && installment.month_num > 0) {
    offers.push({
      kind: 'installment',
      monthly: installment.amount,
      months: installment.month_num,
      label: null,
    })
  }
  return offers
}

/** The saving in tenge when the old price is higher, else 0. */
export function saving(product: Pick<Product, 'price' | 'old_price'>): number {
  return product.old_price != null && product.old_price > product.price
    ? product.old_price - product.price
    : 0
}
