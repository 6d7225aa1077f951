import { createFileRoute } from '@tanstack/react-router'
import { AccountHomePage } from '../../../features/shell/account-pages'

export const Route = createFileRoute('/{-$city}/my-account/')({
  component: AccountHomePage,
})
