import { createFileRoute } from '@tanstack/react-router'
import { CmsPage } from '../../../features/shell/info-pages'

export const Route = createFileRoute('/{-$city}/cms/$slug')({
  component: CmsRoute,
})

function CmsRoute() {
  const { slug } = Route.useParams()
  return <CmsPage slug={slug} />
}
