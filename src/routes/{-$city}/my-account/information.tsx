import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { InformationPage } from '../../../features/account/information-page'

export const Route = createFileRoute('/{-$city}/my-account/information')({
  component: () => (
    <AccountFrame section="accountInformation">
      <InformationPage />
    </AccountFrame>
  ),
})
