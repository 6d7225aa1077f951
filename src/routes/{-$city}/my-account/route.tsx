import { createFileRoute, redirect } from '@tanstack/react-router'
import { profileQuery } from '../../../session/session'

/**
 * The account area needs a signed-in shopper (spec 6), except its guest page and the wishlist (a guest
 * keeps a list too, spec 6): anyone else is sent to /login, which brings them back here afterwards.
 */
export const Route = createFileRoute('/{-$city}/my-account')({
  beforeLoad: async ({ context, location, params }) => {
    if (/\/my-account\/(?:guest|wishlist)\/?$/.test(location.pathname)) return
    let profile
    try {
      profile = await context.queryClient.ensureQueryData(profileQuery())
    } catch {
      return // offline or failing: the pages show what the cache holds, or their own error
    }
    if (!profile)
      throw redirect({
        to: '/{-$city}/login',
        params: { city: params.city },
        search: { redirect: location.href },
      })
  },
  // The account area's texts are a catalogue of their own, loaded with its pages.
  loader: ({ context }) =>
    import('../../../i18n/feature-messages').then((m) => m.loadFeatureMessages('account', context.lang)),
})
