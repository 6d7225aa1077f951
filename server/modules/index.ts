import type { ModuleRegistration } from '../http/types'
import { healthModule } from './health/routes'
import { mediaModule } from './media/routes'

/** Every service module of the store, registered in this order by `buildApp`. */
export const modules: ModuleRegistration[] = [healthModule, mediaModule]
