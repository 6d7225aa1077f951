import { useLingui } from '@lingui/react/macro'
import { SectionPage } from '../../page/section-page'
import tiles from './tiles.module.css'

export function CheckoutStepPage({ step, orderId }: { step: string; orderId?: string }) {
  const { t } = useLingui()
  const section =
    step === 'review-and-payments' ? 'checkoutReview' : step === 'result' ? 'checkoutResult' : 'checkoutStep'
  return (
    <SectionPage section={section} crumbs={[{ label: t`Оформление заказа`, path: '/checkout' }]}>
      {step === 'result' && orderId ? (
        <dl className={tiles.facts}>
          <dt>{t`Номер заказа`}</dt>
          <dd data-testid="checkout-order-id">{orderId}</dd>
        </dl>
      ) : null}
    </SectionPage>
  )
}
