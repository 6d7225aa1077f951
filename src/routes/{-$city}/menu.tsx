import { createFileRoute } from '@tanstack/react-router'
import { MobileMenuPage } from '../../features/shell/mobile-menu'

export const Route = createFileRoute('/{-$city}/menu')({
  component: MobileMenuPage,
})
