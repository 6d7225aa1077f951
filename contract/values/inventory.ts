/** The inventory service's base path and limits (see contract/inventory.ts for the schemas). */

export const INVENTORY_BASE = '/inventory/api'

export const DELIVERY_MAX_PRODUCTS = 100
