import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../app/store-location'
import { helpPageTitle, HELP_PAGES } from './names'
import { SectionPage } from './section-page'
import { SECTIONS } from './sections'
import tiles from './tiles.module.css'

export function CmsIndexPage() {
  const { i18n } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <SectionPage section="cms">
      <ul className={tiles.grid}>
        {HELP_PAGES.map((page) => (
          <li key={page.slug}>
            <Link to="/{-$city}/cms/$slug" params={{ city: prefix, slug: page.slug }} className={tiles.tile}>
              {i18n._(page.title)}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/{-$city}/cms/promo" params={{ city: prefix }} className={tiles.tile}>
            {i18n._(SECTIONS.promo.title)}
          </Link>
        </li>
      </ul>
    </SectionPage>
  )
}

export function CmsPage({ slug }: { slug: string }) {
  const { t, i18n } = useLingui()
  const title = helpPageTitle(slug)
  return (
    <SectionPage
      section="cmsPage"
      title={title ? i18n._(title) : undefined}
      crumbs={[{ label: t`Покупателям`, path: '/cms' }]}
    />
  )
}

export function PromoPage() {
  const { t } = useLingui()
  return <SectionPage section="promo" crumbs={[{ label: t`Покупателям`, path: '/cms' }]} />
}

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
