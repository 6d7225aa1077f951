import { createFileRoute } from '@tanstack/react-router'
import { optionalKeys, oneOfParam, stringParam } from '../../url/search-params'
import { LoginPage } from '../../features/auth/login-page'

/** Spec 2.7 steps; `redirect` is where to go after signing in, a path of this site only. */
const LOGIN_STEPS = ['phone', 'sms', 'password', 'create', 'forgot-password'] as const

const parseLoginSearch = (search: Record<string, unknown>) =>
  optionalKeys({
    step: oneOfParam(search.step, LOGIN_STEPS),
    redirect: stringParam(search.redirect, { max: 2000, pattern: /^\/(?![/\\])/ }),
  })

export const Route = createFileRoute('/{-$city}/login')({
  validateSearch: parseLoginSearch,
  // Its texts are a catalogue of their own, loaded with the page.
  loader: ({ context }) =>
    import('../../i18n/feature-messages').then((m) => m.loadFeatureMessages('auth', context.lang)),
  component: LoginRoute,
})

function LoginRoute() {
  const { step, redirect } = Route.useSearch()
  return <LoginPage step={step} redirect={redirect} />
}
