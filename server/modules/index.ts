import type { ModuleRegistration } from '../http/types'
import { catalogModule } from './catalog/routes'
import { healthModule } from './health/routes'
import { mediaModule } from './media/routes'
import { inventoryModule } from './inventory/routes'
import { menuModule } from './menu/routes'
import { seoModule } from './seo/routes'

/** Every service module of the store, registered in this order by `buildApp`. */
export const modules: ModuleRegistration[] = [
  healthModule,
  mediaModule,
  catalogModule,
  menuModule,
  inventoryModule,
  seoModule,
]
