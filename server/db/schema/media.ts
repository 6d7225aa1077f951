import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * A product or content image. The store draws its own pictures: `kind` names the illustration
 * (smartphone, laptop, tv, ...), `color` the brand colour, `label` the text on it; the image service
 * renders and resizes it with sharp on first request and caches the result on disk.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    productId: integer('product_id'),
    position: integer('position').notNull().default(0),
    kind: text('kind').notNull(),
    color: text('color').notNull(),
    label: text('label').notNull().default(''),
    variant: integer('variant').notNull().default(0),
  },
  (t) => [index('images_product_idx').on(t.productId, t.position)],
)
