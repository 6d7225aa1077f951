import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router'
import { enterStoreLocale } from '../../session/locale-route'
import { shouldThrowForTest, TestRenderError } from '../../page/test-hooks'

/**
 * The optional city-and-language prefix of every page: `/catalog`, `/astana/catalog`, `/almaty_kk/catalog`.
 * Unknown prefixes are the not-found page; known ones set the language, city atoms and api context.
 */
export const Route = createFileRoute('/{-$city}')({
  beforeLoad: ({ params, location, preload }) => enterStoreLocale({ city: params.city, location, preload }),
  component: StoreLocaleLayout,
})

function StoreLocaleLayout() {
  // Test hook (src/page/test-hooks.ts): `?__throw=1` fails this render so the error screen shows.
  const throwForTest = useRouterState({ select: (s) => shouldThrowForTest(s.location.search) })
  if (throwForTest) throw new TestRenderError('Render failure requested by ?__throw=1')
  return <Outlet />
}
