import { createFileRoute, notFound } from '@tanstack/react-router'
import { optionalKeys, oneOfParam, stringParam } from '../../../url/search-params'
import { CheckoutPage, ResultPage } from '../../../features/checkout/pages'

/** The result step is the return address of bank and broker redirects: `?status=success&orderId=...`. */
const parseCheckoutStepSearch = (search: Record<string, unknown>) =>
  optionalKeys({
    status: oneOfParam(search.status, ['success', 'failure'] as const),
    orderId: stringParam(search.orderId, { min: 1, max: 64, fromAny: true }),
  })

/**
 * The steps of purchase flow 2, written out here: this part of the route is in every page's bundle,
 * the checkout's own modules are not.
 */
const STEPS = ['receiver', 'delivery', 'review-and-payments', 'result'] as const
type Step = (typeof STEPS)[number]
const isStep = (value: string): value is Step => (STEPS as readonly string[]).includes(value)

/** The shopper's own page, rendered in the browser; its texts are a catalogue of their own. */
export const Route = createFileRoute('/{-$city}/checkout/$step')({
  validateSearch: parseCheckoutStepSearch,
  beforeLoad: ({ params }) => {
    if (!isStep(params.step)) throw notFound()
  },
  // Its texts are a catalogue of their own, loaded with the page; the loader's code comes with it too.
  // The phone step confirms a guest's phone with sign-in's parts, whose texts are sign-in's catalogue.
  loader: ({ context }) =>
    import('../../../i18n/feature-messages').then((m) =>
      Promise.all([
        m.loadFeatureMessages('checkout', context.lang),
        m.loadFeatureMessages('auth', context.lang),
      ]),
    ),
  component: CheckoutStepRoute,
})

function CheckoutStepRoute() {
  const { step } = Route.useParams()
  const { orderId, status } = Route.useSearch()
  if (step === 'result') return <ResultPage orderId={orderId} status={status} />
  // An order's application and the form are separate pages: back from one, the form starts afresh.
  return (
    <CheckoutPage
      key={orderId ?? 'form'}
      step={isStep(step) && step !== 'result' ? step : 'receiver'}
      orderId={orderId}
    />
  )
}
