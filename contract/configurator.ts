import { z } from 'zod'
import { CityId, text } from './common'
import {
  COMPONENT_CODES,
  COMPONENT_SORTS,
  COMPONENTS_INFO_PAGE_SIZE,
  COMPONENTS_PAGE_SIZE,
  CONFIGURATOR_CATALOG_LIMIT,
  MAX_CONFIGURATION_LINES,
  RULE_CODES,
  SEVERITIES,
} from './values/configurator'

export {
  COMPONENT_CATEGORY_SLUGS,
  COMPONENT_CODES,
  COMPONENT_SORTS,
  COMPONENTS_INFO_PAGE_SIZE,
  COMPONENTS_PAGE_SIZE,
  CONFIGURATION_TOKEN_HEADER,
  CONFIGURATOR_CATALOG_LIMIT,
  CONFIGURATOR_ERROR_KEYS,
  CONFIGURATOR_V1,
  MAX_CONFIGURATION_LINES,
  MAX_QUANTITY,
  PSU_HEADROOM,
  REQUIRED_CODES,
  RULE_CODES,
  ruleMessageKey,
  SEVERITIES,
  type ComponentCode,
  type ComponentSort,
  type RuleCode,
  type Severity,
} from './values/configurator'

/**
 * The PC configurator (compatibility service, `/compatibility/api/v1`; spec browsing 3 "Configuration",
 * 4, 7.5, 8, 9). Paths, relative to the base:
 *
 *   GET  components-info?page=1&size=20            the kinds and whether each is required
 *   GET  components?code=&city_id=&components=…    the parts of a kind that fit what is chosen
 *   POST components/generate-filter                the catalogue URL (`/f/` path) of those parts
 *   POST configurations                            create (answers the guest's ownerToken once)
 *   GET  configurations/{id}?city_id=              the owner's configuration, checked and priced
 *   PUT  configurations/{id}                       replace the component list; answers it reloaded
 *   POST configurations/{id}/reset                 empty it
 *   GET  configurations/shared/{shareCode}?city_id= read-only, anyone with the link
 *   POST configurations/shared/{shareCode}/copy    a copy owned by the caller
 *
 * Owner: the signed-in shopper who created it, or whoever sends its ownerToken in the
 * `x-configuration-token` header. Anyone else gets 403 (`configurator:notOwner`); no such id, 404.
 */

const Sku = text()
  .trim()
  .regex(/^[0-9]{1,20}$/, 'a sku is digits')

const Money = z.number().int()

export const ComponentCodeSchema = z.enum(COMPONENT_CODES)
export const SeveritySchema = z.enum(SEVERITIES)
export const RuleCodeSchema = z.enum(RULE_CODES)
export const ComponentSortSchema = z.enum(COMPONENT_SORTS)

/** `true`/`false` in a query string (z.coerce.boolean would read "false" as true). */
const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

// ── What compatibility reads of a part ───────────────────────────────────────────────────────────────

/**
 * The compatibility fields of a part (after open part databases such as BuildCores'); a field is
 * present only on the kinds it belongs to. Lengths and heights in mm, power in W, capacity in GB.
 */
export const PartSpecs = z
  .object({
    /** CPU, board: the socket ('am5', 'lga1700'). */
    socket: z.string(),
    /** Cooler: the sockets it mounts on. */
    sockets: z.array(z.string()),
    /** CPU: thermal design power; graphics card: board power. */
    tdp: z.number().int(),
    /** CPU: has integrated graphics (no graphics card needed). */
    integratedGraphics: z.boolean(),
    /** CPU: a cooler in the box. */
    boxedCooler: z.boolean(),
    /** Board. */
    chipset: z.string(),
    /** Board: its size ('eatx', 'atx', 'matx', 'itx'). PSU: 'atx' or 'sfx'. */
    formFactor: z.string(),
    /** Case: the board sizes it takes. */
    formFactors: z.array(z.string()),
    /** Board, memory: 'ddr4' or 'ddr5'. */
    memoryType: z.string(),
    /** CPU: the memory types its controller supports. */
    memoryTypes: z.array(z.string()),
    /** Board. */
    memorySlots: z.number().int(),
    /** Board: the most memory it takes, GB. */
    maxMemory: z.number().int(),
    /** Board. */
    m2Slots: z.number().int(),
    /** Board. */
    sataPorts: z.number().int(),
    /** Memory: modules in one kit. */
    modules: z.number().int(),
    /** Memory: GB of the kit. Storage: GB. */
    capacity: z.number().int(),
    /** Graphics card: length. */
    length: z.number().int(),
    /** Graphics card: expansion slots it takes. */
    slotWidth: z.number().int(),
    /** Graphics card: the PSU connectors it needs; PSU: the ones it has. */
    pcie8pin: z.number().int(),
    /** 16-pin 12V-2x6 (12VHPWR) connectors, needed by the card or offered by the PSU. */
    pcie16pin: z.number().int(),
    /** Case: the longest graphics card it takes. */
    maxGpuLength: z.number().int(),
    /** Case: the tallest air cooler it takes. */
    maxCoolerHeight: z.number().int(),
    /** Case: the PSU sizes it takes. */
    psuFormFactors: z.array(z.string()),
    /** Cooler: 'air' or 'aio'. */
    coolerType: z.string(),
    /** Air cooler: height. */
    coolerHeight: z.number().int(),
    /** Cooler: the most heat it removes, W. */
    tdpRating: z.number().int(),
    /** PSU. */
    wattage: z.number().int(),
    /** Storage: how it connects, 'm2' (an M.2 slot) or 'sata' (a SATA port). */
    storageInterface: z.enum(['m2', 'sata']),
  })
  .partial()
export type PartSpecs = z.infer<typeof PartSpecs>

// ── Rule messages ────────────────────────────────────────────────────────────────────────────────────

/**
 * One finding of the compatibility rules. `messageKey` is `configurator:rule.<code>`; `params` fill
 * its placeholders (lengths, watts, sockets), `parts` are the skus it is about and `components`
 * their kinds, so the client names both parts of a conflict.
 */
export const CompatibilityMessage = z.object({
  severity: SeveritySchema,
  code: RuleCodeSchema,
  messageKey: z.string(),
  parts: z.array(z.string()),
  components: z.array(ComponentCodeSchema),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
})
export type CompatibilityMessage = z.infer<typeof CompatibilityMessage>

// ── Component kinds ──────────────────────────────────────────────────────────────────────────────────

/** Spec 3 "component info list [code, isRequired]", with what the client needs to draw a slot. */
export const ComponentInfo = z.object({
  code: ComponentCodeSchema,
  isRequired: z.boolean(),
  /** Units of this kind a configuration may hold (memory and storage: further capped by the board). */
  maxQuantity: z.number().int(),
  /** The catalogue category the parts come from: its path as catalogue URLs write it, and title. */
  categoryPath: z.string(),
  title: z.string(),
})
export type ComponentInfo = z.infer<typeof ComponentInfo>

export const ComponentsInfoQuery = z.object({
  page: z.coerce.number().int().min(1).max(100).default(1),
  size: z.coerce.number().int().min(1).max(50).default(COMPONENTS_INFO_PAGE_SIZE),
})
export const ComponentsInfoResponse = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  items: z.array(ComponentInfo),
})
export type ComponentsInfoResponse = z.infer<typeof ComponentsInfoResponse>

// ── Chosen components ────────────────────────────────────────────────────────────────────────────────

/** Spec 3: a component of a configuration, `[code, sku, quantity]`. */
export const ComponentInput = z.object({
  code: ComponentCodeSchema,
  sku: Sku,
  quantity: z.number().int().min(1).max(8).default(1),
})
export type ComponentInput = z.input<typeof ComponentInput>

const ComponentList = z.array(ComponentInput).max(MAX_CONFIGURATION_LINES)

// ── Compatible parts of a kind ───────────────────────────────────────────────────────────────────────

/**
 * `components` carries what is chosen so far as `code:sku` or `code:sku:quantity`, comma separated
 * (`cpu:1000123,ram:1000456:2`), so a list is the same for a saved configuration and an unsaved one.
 */
export const ComponentsQuery = z.object({
  code: ComponentCodeSchema,
  city_id: CityId.default(1),
  components: text().max(600).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(CONFIGURATOR_CATALOG_LIMIT).default(COMPONENTS_PAGE_SIZE),
  sort: ComponentSortSchema.default('popular'),
  /** Brand slugs, comma separated. */
  brand: text().max(300).optional(),
  priceMin: z.coerce.number().int().min(0).optional(),
  priceMax: z.coerce.number().int().min(0).optional(),
  /** Only parts in stock in the city. */
  inStock: QueryBoolean.optional(),
  /** Words of the part's name. */
  q: text().trim().max(100).optional(),
  /**
   * Also the parts that do not fit, after those that do, each with its `errors`: a shopper may choose one
   * knowingly (the build then shows the conflict and cannot go to the cart).
   */
  includeIncompatible: QueryBoolean.optional(),
})
export type ComponentsQuery = z.input<typeof ComponentsQuery>

/** A part offered for a slot: its card, the city's price and stock, and the rules' warnings if chosen. */
export const CompatiblePart = z.object({
  sku: z.string(),
  code: ComponentCodeSchema,
  title: z.string(),
  uri: z.string(),
  brand: z.string().nullable(),
  /** Image ids for `/f3/api/v1/images/{w}/{h}/{id}.webp`. */
  images: z.array(z.string()),
  price: Money,
  old_price: Money.nullable(),
  /** Units in stock in the city. */
  stock: z.number().int(),
  isAvailable: z.boolean(),
  specs: PartSpecs,
  /** Warnings and notes the rules would raise with this part chosen; errors never reach this list. */
  warnings: z.array(CompatibilityMessage),
  /** The errors the rules would raise with this part chosen: empty unless `includeIncompatible` was asked. */
  errors: z.array(CompatibilityMessage),
})
export type CompatiblePart = z.infer<typeof CompatiblePart>

export const ComponentsResponse = z.object({
  code: ComponentCodeSchema,
  page: z.number().int(),
  size: z.number().int(),
  /** Compatible parts matching the filters (with `includeIncompatible`, every part of the kind that does). */
  total: z.number().int(),
  items: z.array(CompatiblePart),
  /** The brands among the compatible parts, for the list's filter. */
  brands: z.array(z.object({ code: z.string(), title: z.string(), count: z.number().int() })),
  priceRange: z.object({ min: Money, max: Money }),
})
export type ComponentsResponse = z.infer<typeof ComponentsResponse>

/** Spec 7.5: `{code, components, page 1, size 150}`. */
export const GenerateFilterRequest = z.object({
  code: ComponentCodeSchema,
  components: ComponentList.default([]),
  city_id: CityId.default(1),
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(CONFIGURATOR_CATALOG_LIMIT).default(CONFIGURATOR_CATALOG_LIMIT),
})
export type GenerateFilterRequest = z.input<typeof GenerateFilterRequest>

export const GenerateFilterResponse = z.object({
  code: ComponentCodeSchema,
  /**
   * The catalogue page of the compatible parts without the city/locale prefix:
   * `/catalog/komplektuyushchie-dlya-pk/materinskie-platy/f/socket/am5/memory_type/ddr5`.
   */
  url: z.string(),
  categoryPath: z.string(),
  filters: z.array(z.object({ code: z.string(), value: z.string() })),
  /** Compatible parts (all rules applied). */
  total: z.number().int(),
  /**
   * False when some rule has no catalogue filter (a cooler's height, a PSU's connectors): the page
   * may then list a few parts the configurator would not offer.
   */
  exact: z.boolean(),
})
export type GenerateFilterResponse = z.infer<typeof GenerateFilterResponse>

// ── Configurations ───────────────────────────────────────────────────────────────────────────────────

export const ConfigurationParams = z.object({ id: z.uuid() })
export const SharedConfigurationParams = z.object({
  shareCode: text().regex(/^[A-Za-z0-9]{10}$/, 'a share code is 10 letters and digits'),
})
export const ConfigurationQuery = z.object({ city_id: CityId.default(1) })

export const CreateConfigurationRequest = z.object({
  city_id: CityId.default(1),
  name: text().trim().max(80).optional(),
  components: ComponentList.default([]),
})
export type CreateConfigurationRequest = z.input<typeof CreateConfigurationRequest>

/** PUT replaces the whole component list (spec 4: push the list, then reload). */
export const UpdateConfigurationRequest = z.object({
  city_id: CityId.default(1),
  /**
   * The guest's owner token, as the header carries it: the client's offline queue replays a change
   * after a reload and stores only its path and body.
   */
  ownerToken: text().max(64).optional(),
  name: text().trim().max(80).nullable().optional(),
  components: ComponentList,
})
export type UpdateConfigurationRequest = z.input<typeof UpdateConfigurationRequest>

export const CopyConfigurationRequest = z.object({ city_id: CityId.default(1) })

/** A chosen part as the configuration answers it: the spec's `[code, sku, quantity]` and its state in the city. */
export const ConfigurationComponent = z.object({
  code: ComponentCodeSchema,
  sku: z.string(),
  quantity: z.number().int(),
  title: z.string(),
  uri: z.string(),
  brand: z.string().nullable(),
  images: z.array(z.string()),
  /** The city's price of one unit, and of the line. */
  price: Money,
  lineTotal: Money,
  stock: z.number().int(),
  /**
   * False when the city has fewer units than the line wants: the part stays in the configuration,
   * flagged, and the build cannot go to the cart until it is replaced or the stock returns.
   */
  isAvailable: z.boolean(),
  specs: PartSpecs,
})
export type ConfigurationComponent = z.infer<typeof ConfigurationComponent>

/** What the cart's POST v3 `productsBatch` takes (contract/cart.ts ProductsBatchRequest). */
export const CartBatch = z.object({
  city_id: z.number().int(),
  assembly_pc: z.literal(true),
  products: z.array(
    z.object({ sku: z.string(), quantity: z.number().int(), reference_product_sku: z.string().optional() }),
  ),
})
export type CartBatch = z.infer<typeof CartBatch>

export const Configuration = z.object({
  id: z.uuid(),
  /** For the read-only link `configurations/shared/{shareCode}`. */
  shareCode: z.string(),
  name: z.string().nullable(),
  cityId: z.number().int(),
  components: z.array(ConfigurationComponent),
  /** Spec 3: the codes of the kinds in error. */
  incompatibleComponents: z.array(ComponentCodeSchema),
  /** Every finding, errors first. */
  messages: z.array(CompatibilityMessage),
  /** Spec 3: the kinds and whether each is required for this configuration (a GPU when the CPU has no graphics). */
  componentsInfo: z.array(ComponentInfo),
  /** Required kinds with nothing chosen. */
  missingComponents: z.array(ComponentCodeSchema),
  /** Spec 3: the sum of the components' prices in the city. */
  totalPrice: Money,
  /** Estimated draw of the chosen parts, W, and the PSU it calls for (× 1.3). */
  estimatedWattage: z.number().int(),
  recommendedWattage: z.number().int(),
  /** Every required kind chosen, no error, every part available: it can go to the cart. */
  isComplete: z.boolean(),
  /** The caller may change it (false on a shared link opened by someone else). */
  isOwner: z.boolean(),
  /** The store's PC assembly service, added with the parts; null where it is not sold. */
  assemblyService: z.object({ sku: z.string(), title: z.string(), price: Money }).nullable(),
  /**
   * The body of the cart's `POST /cart/api/v3/carts/{id}/productsBatch` for this build: the parts with
   * `assembly_pc: true` and the assembly service (for the CPU). Null until `isComplete`.
   */
  cartBatch: CartBatch.nullable(),
  updatedAt: z.string(),
})
export type Configuration = z.infer<typeof Configuration>

/** The answer of create and copy: the configuration and, once, the token that lets a guest change it. */
export const CreatedConfiguration = Configuration.extend({ ownerToken: z.string() })
export type CreatedConfiguration = z.infer<typeof CreatedConfiguration>
