import type { ModuleRegistration } from '../http/types'
import { accountModule } from './account/routes'
import { catalogModule } from './catalog/routes'
import { healthModule } from './health/routes'
import { mediaModule } from './media/routes'
import { inventoryModule } from './inventory/routes'
import { menuModule } from './menu/routes'
import { searchModule } from './search/routes'
import { seoModule } from './seo/routes'
import { actionerModule } from './actioner/routes'
import { addressesModule } from './addresses/routes'
import { bonusModule } from './bonus/routes'
import { cartModule } from './cart/routes'
import { flagsModule } from './flags/routes'
import { loansModule } from './loans/routes'
import { marketingModule } from './marketing/routes'
import { ordersModule } from './orders/routes'
import { paymentCardsModule } from './payment-cards/routes'
import { promotionsModule } from './promotions/routes'
import { receiversModule } from './receivers/routes'

/** Every service module of the store, registered in this order by `buildApp`. */
export const modules: ModuleRegistration[] = [
  healthModule,
  accountModule,
  mediaModule,
  catalogModule,
  searchModule,
  menuModule,
  inventoryModule,
  seoModule,
  addressesModule,
  receiversModule,
  paymentCardsModule,
  bonusModule,
  marketingModule,
  cartModule,
  promotionsModule,
  loansModule,
  flagsModule,
  actionerModule,
  ordersModule,
]
