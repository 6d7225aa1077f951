import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { BonusesPage } from '../../../features/account/bonuses-page'

export const Route = createFileRoute('/{-$city}/my-account/my-caps')({
  component: () => (
    <AccountFrame section="accountBonuses">
      <BonusesPage />
    </AccountFrame>
  ),
})
