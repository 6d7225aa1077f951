/** The PC configurator's base path, component kinds, limits and message keys (schemas: contract/configurator.ts). */

export const CONFIGURATOR_V1 = '/compatibility/api/v1'

/**
 * The component kinds ("codes" in the spec's Configuration), in the order the configurator shows its
 * slots. Each is chosen from one catalogue category (server/seed/categories.ts CONFIGURATOR_CATEGORY_SLUGS).
 */
export const COMPONENT_CODES = [
  'cpu',
  'motherboard',
  'ram',
  'gpu',
  'storage',
  'psu',
  'case',
  'cooler',
] as const
export type ComponentCode = (typeof COMPONENT_CODES)[number]

/** The catalogue category (slug) each kind's parts come from. */
export const COMPONENT_CATEGORY_SLUGS: Record<ComponentCode, string> = {
  cpu: 'processory',
  motherboard: 'materinskie-platy',
  ram: 'operativnaya-pamyat',
  gpu: 'videokarty',
  storage: 'nakopiteli',
  psu: 'bloki-pitaniya',
  case: 'korpusa',
  cooler: 'kulery',
}

/**
 * Required in every build. The graphics card is required only when the chosen CPU has no integrated
 * graphics (the configuration's `componentsInfo` answers it resolved); the cooler is never required
 * (a boxed CPU brings one, and the rules say when a chosen cooler does not fit).
 */
export const REQUIRED_CODES: readonly ComponentCode[] = [
  'cpu',
  'motherboard',
  'ram',
  'storage',
  'psu',
  'case',
]

/** How many units of one kind a configuration may hold; memory and storage are further capped by the board. */
export const MAX_QUANTITY: Record<ComponentCode, number> = {
  cpu: 1,
  motherboard: 1,
  ram: 4,
  gpu: 1,
  storage: 8,
  psu: 1,
  case: 1,
  cooler: 1,
}

/** Spec browsing 9: components info page size 20; the configurator's catalogue limit 150. */
export const COMPONENTS_INFO_PAGE_SIZE = 20
export const CONFIGURATOR_CATALOG_LIMIT = 150
/** The "choose" list's default page size. */
export const COMPONENTS_PAGE_SIZE = 24
/** A configuration holds at most this many lines (one per sku). */
export const MAX_CONFIGURATION_LINES = 20

/** The PSU should give at least this much over the estimated draw. */
export const PSU_HEADROOM = 1.3

/**
 * A guest's configuration is changed only by whoever holds the owner token its creation answered;
 * the client sends it in this header (a signed-in owner needs no token).
 */
export const CONFIGURATION_TOKEN_HEADER = 'x-configuration-token'

export const SEVERITIES = ['error', 'warning', 'note'] as const
export type Severity = (typeof SEVERITIES)[number]

/** The codes of the compatibility rules' messages; each has the message key `configurator:rule.<code>`. */
export const RULE_CODES = [
  /** CPU and board sockets differ. */
  'socket',
  /** Memory type is not the board's (or not one the CPU supports). */
  'memory_type',
  /** More memory modules than the board has slots. */
  'memory_slots',
  /** More memory than the board takes. */
  'memory_capacity',
  /** One memory module: works, but single channel (warning). */
  'memory_single_channel',
  /** The board's form factor does not fit the case. */
  'board_form_factor',
  /** The graphics card is longer than the case takes. */
  'gpu_length',
  /** The CPU has no integrated graphics and no graphics card is chosen. */
  'no_graphics',
  /** The air cooler is taller than the case takes. */
  'cooler_height',
  /** The cooler has no mount for the CPU's socket. */
  'cooler_socket',
  /** The cooler is rated below the CPU's TDP (warning: it throttles). */
  'cooler_tdp',
  /** No cooler and the CPU comes without one in the box (note). */
  'cooler_missing',
  /** The PSU gives less than the estimated draw (error) or less than 1.3 × it (warning). */
  'psu_wattage',
  /** The PSU lacks the graphics card's power connectors. */
  'psu_connectors',
  /** The PSU's size does not fit the case. */
  'psu_form_factor',
  /** More M.2 drives than the board's M.2 slots. */
  'm2_slots',
  /** More SATA drives than the board's SATA ports. */
  'sata_ports',
] as const
export type RuleCode = (typeof RULE_CODES)[number]

/** The message key the client translates for a rule's message. */
export const ruleMessageKey = (code: RuleCode) => `configurator:rule.${code}` as const

/** Error message keys of the configurator's 4xx answers, and the spec's failure keys (browsing 8) for the client. */
export const CONFIGURATOR_ERROR_KEYS = {
  /** 404: no configuration with that id or share code. */
  notFound: 'configurator:notFound',
  /** 403: the configuration belongs to someone else (another shopper, or a guest's token not sent). */
  notOwner: 'configurator:notOwner',
  /** 422: no product with that sku. */
  unknownProduct: 'configurator:unknownProduct',
  /** 422: the product is not a part of the named kind (a monitor in the CPU slot). */
  wrongKind: 'configurator:wrongKind',
  /** 422: more units of a kind than it takes (details.max). */
  tooMany: 'configurator:tooMany',
  /** 422: the same sku twice in one list. */
  duplicate: 'configurator:duplicateProduct',
  /** The client's toasts for the spec's configurator failures. */
  failedToGetComponents: 'configurator:failedToGetComponentsData',
  failedToCreate: 'configurator:failedToCreateConfiguration',
  failedToGet: 'configurator:failedToGetConfiguration',
  failedToChange: 'configurator:failedToChangeConfiguration',
  failedToDrop: 'configurator:failedToDropConfiguration',
  failedToGenerateFilter: 'configurator:failedToGenerateFilterUrl',
} as const

/** The "choose" list's sorts. */
export const COMPONENT_SORTS = ['popular', 'price_asc', 'price_desc'] as const
export type ComponentSort = (typeof COMPONENT_SORTS)[number]
