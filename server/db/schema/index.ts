// Every table of the store, re-exported for drizzle-kit and the typed query builder.
export * from './catalog'
export * from './catalog-index'
export * from './content'
export * from './delivery'
export * from './geo'
export * from './inventory'
export * from './media'
