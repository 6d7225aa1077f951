import { createFileRoute } from '@tanstack/react-router'
import { CmsPage } from '../../../features/content/cms-page'
import { ContentLoadError } from '../../../features/content/content-error'
import { loadCmsPage } from '../../../features/content/load'

/** A content page: `/cms/delivery`, `/cms/payment`, ...; an unknown slug is the not-found page. */
export const Route = createFileRoute('/{-$city}/cms/$slug')({
  loader: ({ context, params }) =>
    loadCmsPage(context.queryClient, params.slug, { cityId: context.cityId, lang: context.lang }),
  component: CmsRoute,
  errorComponent: ContentLoadError,
})

function CmsRoute() {
  const { slug } = Route.useParams()
  return <CmsPage slug={slug} />
}
