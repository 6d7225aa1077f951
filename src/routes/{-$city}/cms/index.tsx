import { createFileRoute } from '@tanstack/react-router'
import { CmsIndexPage } from '../../../features/shell/info-pages'

export const Route = createFileRoute('/{-$city}/cms/')({
  component: CmsIndexPage,
})
