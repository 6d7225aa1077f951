import { createFileRoute } from '@tanstack/react-router'
import { CmsIndexPage } from '../../../features/content/cms-page'

export const Route = createFileRoute('/{-$city}/cms/')({
  component: CmsIndexPage,
})
