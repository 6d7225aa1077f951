import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ComponentCode } from '../../../contract/configurator'
import { products } from './catalog'
import { cities } from './geo'

/**
 * The PC configurator (spec browsing 3 "Configuration", 4, 7.5).
 *
 * `pc_parts` holds the compatibility fields of every PC part, one typed column each, so "the parts of a
 * kind that fit what is chosen" is one query over a kind's rows with plain comparisons (see
 * server/modules/configurator/compat-sql.ts). A statement trigger on `products` fills it from the
 * product's attributes whenever products of the PC categories are written (the seed, a catalogue
 * import); an import may also write rows here directly, for parts of any category.
 */
export const pcParts = pgTable(
  'pc_parts',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ComponentCode>().notNull(),
    /** CPU, board. */
    socket: text('socket'),
    /** Cooler: the sockets it mounts on. */
    sockets: text('sockets').array(),
    /** CPU: TDP; graphics card: board power (W). */
    tdp: integer('tdp'),
    integratedGraphics: boolean('integrated_graphics'),
    /** CPU sold with a cooler in the box. */
    boxedCooler: boolean('boxed_cooler'),
    chipset: text('chipset'),
    /** Board size ('atx'); PSU size ('atx', 'sfx'); a drive's size ('m2-2280'). */
    formFactor: text('form_factor'),
    /** Case: the board sizes it takes. */
    formFactors: text('form_factors').array(),
    /** Board, memory. */
    memoryType: text('memory_type'),
    /** CPU: the memory types it supports. */
    memoryTypes: text('memory_types').array(),
    memorySlots: integer('memory_slots'),
    /** Board: GB. */
    maxMemory: integer('max_memory'),
    m2Slots: integer('m2_slots'),
    sataPorts: integer('sata_ports'),
    /** Memory: modules in the kit. */
    modules: integer('modules'),
    /** Memory, storage: GB. */
    capacity: integer('capacity'),
    /** Graphics card: mm. */
    length: integer('length'),
    slotWidth: integer('slot_width'),
    /** Graphics card: needed; PSU: offered. */
    pcie8pin: integer('pcie8pin'),
    pcie16pin: integer('pcie16pin'),
    maxGpuLength: integer('max_gpu_length'),
    maxCoolerHeight: integer('max_cooler_height'),
    psuFormFactors: text('psu_form_factors').array(),
    coolerType: text('cooler_type'),
    coolerHeight: integer('cooler_height'),
    /** Cooler: W it removes. */
    tdpRating: integer('tdp_rating'),
    wattage: integer('wattage'),
    /** Storage: 'm2' or 'sata'. */
    storageInterface: text('storage_interface').$type<'m2' | 'sata'>(),
  },
  (t) => [index('pc_parts_kind_idx').on(t.kind, t.productId)],
)

/** A chosen component as a configuration keeps it (spec 3: code, sku, quantity). */
export interface StoredComponent {
  code: ComponentCode
  sku: string
  quantity: number
}

/**
 * A shopper's configuration. The owner is the signed-in shopper who made it (`user_id`, the account
 * module's id as text, as in cart.ts) or whoever holds the token whose SHA-256 is `owner_token_hash`;
 * `share_code` opens it read-only for anyone.
 */
export const configurations = pgTable(
  'configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareCode: text('share_code').notNull().unique(),
    userId: text('user_id'),
    ownerTokenHash: text('owner_token_hash').notNull(),
    name: text('name'),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    components: jsonb('components')
      .$type<StoredComponent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('configurations_user_idx')
      .on(t.userId, t.updatedAt.desc())
      .where(sql`${t.userId} is not null`),
  ],
)
