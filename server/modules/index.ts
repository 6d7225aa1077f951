import type { ModuleRegistration } from '../http/types'
import { healthModule } from './health/routes'

/** Every service module of the store, registered in this order by `buildApp`. */
export const modules: ModuleRegistration[] = [healthModule]
