import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../features/home/home-page'
import { loadHome } from '../../features/home/load'

export const Route = createFileRoute('/{-$city}/')({
  loader: ({ context }) => loadHome(context.queryClient, { cityId: context.cityId, lang: context.lang }),
  component: HomePage,
})
