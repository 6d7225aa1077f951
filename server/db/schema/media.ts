import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

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

/**
 * A file a shopper uploaded (a review's photo or video), kept in the database so every server process
 * and machine serves it. A photo also gets an `images` row of kind `upload` with the same id, so the
 * image service resizes it like any other picture; a video is served as it is, with range requests.
 */
export const uploadedFiles = pgTable('uploaded_files', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'image' | 'video'>().notNull(),
  /** Judged from the bytes, never from the request's header. */
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  ownerUserId: uuid('owner_user_id'),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
