import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import { i18n } from '../i18n/i18n'
import { createAppRouter } from '../app/router'

/**
 * The whole app at `path`, as a page test sees it: the real route tree over a fresh query client that
 * does not retry, rendered once the route's loaders are done. Returns the router to inspect the URL.
 */
export async function renderAppAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) })
  await act(async () => {
    await router.load()
  })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return router
}
