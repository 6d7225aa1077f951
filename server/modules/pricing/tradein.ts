import type { Lang } from '../../../contract/common'
import { CART_ERROR_KEYS, type TradeinCondition } from '../../../contract/values/cart'
import type { StoredNotice, StoredTradein } from '../../db/schema/cart'
import { unprocessable } from '../../http/errors'
import { benefitCleared } from './notices'
import type { PricedLine, PricingLine } from './types'

/** A kind of old device the shops take and its credit by condition. */
export interface TradeinDevice {
  kind: string
  titleRu: string
  titleKk: string
  position: number
  creditWorking: number
  creditDamaged: number
}

/** The trade-in rows as pricing holds them in memory with the other benefit tables. */
export interface TradeinTables {
  devices: ReadonlyMap<string, TradeinDevice>
  /** The kinds of old device the products under a category take. */
  kindsByCategory: ReadonlyMap<number, ReadonlySet<string>>
  /** Cities with at least one shop that takes old devices. */
  cities: ReadonlySet<number>
}

export const NO_TRADEIN: TradeinTables = { devices: new Map(), kindsByCategory: new Map(), cities: new Set() }

export const creditOf = (device: TradeinDevice, condition: TradeinCondition) =>
  condition === 'working' ? device.creditWorking : device.creditDamaged

export const deviceTitle = (device: TradeinDevice, lang: Lang) =>
  lang === 'kk' ? device.titleKk : device.titleRu

/**
 * The old devices a product takes in a city, in the store's order: the kinds offered on its category or
 * any ancestor; none in a city without a shop that takes them, and none for a service.
 */
export function acceptedDevices(
  tables: TradeinTables,
  line: Pick<PricingLine, 'categoryPath' | 'type'>,
  cityId: number,
): TradeinDevice[] {
  if (!tables.cities.has(cityId) || line.type === 'service' || line.type === 'guaranty') return []
  const kinds = new Set<string>()
  for (const id of line.categoryPath) for (const kind of tables.kindsByCategory.get(id) ?? []) kinds.add(kind)
  return [...kinds]
    .flatMap((kind) => tables.devices.get(kind) ?? [])
    .sort((a, b) => a.position - b.position || a.kind.localeCompare(b.kind))
}

/** Throws 422 when the line cannot take this old device (not in the cart, no trade-in there, another kind). */
export function checkTradein(
  tables: TradeinTables,
  choice: StoredTradein,
  lines: PricingLine[],
  cityId: number,
): void {
  const line = lines.find((l) => l.productId === choice.productId)
  const accepted = line ? acceptedDevices(tables, line, cityId) : []
  if (accepted.length === 0) throw unprocessable(CART_ERROR_KEYS.tradeinUnavailable)
  if (!accepted.some((d) => d.kind === choice.deviceKind))
    throw unprocessable(CART_ERROR_KEYS.tradeinDeviceNotAccepted, { kind: choice.deviceKind })
}

/**
 * The credits of the old devices, on the sum left after the promo code: each at most its line's total
 * and together at most what is left, so the cart never costs less than nothing. A line that left the
 * cart takes its device along quietly; a device its product no longer takes here (another city, the
 * offer ended) is cleared with a notice; an unticked line keeps its device for when it is ticked again.
 */
export function applyTradeins(args: {
  tables: TradeinTables
  lines: PricingLine[]
  priced: PricedLine[]
  tradeins: StoredTradein[]
  cityId: number
  lang: Lang
  leftToPay: number
}): { total: number; kept: StoredTradein[]; changed: boolean; notices: StoredNotice[] } {
  const { tables, lines, priced, cityId, lang } = args
  const index = new Map(lines.map((l, i) => [l.productId, i]))
  lines.forEach((line, i) => {
    priced[i]!.tradeinAvailable = acceptedDevices(tables, line, cityId).length > 0
  })
  const kept: StoredTradein[] = []
  const notices: StoredNotice[] = []
  const seen = new Set<number>()
  let left = Math.max(0, args.leftToPay)
  let total = 0
  for (const choice of args.tradeins) {
    const i = index.get(choice.productId)
    if (i === undefined || seen.has(choice.productId)) continue
    const line = lines[i]!
    const device = acceptedDevices(tables, line, cityId).find((d) => d.kind === choice.deviceKind)
    if (!device) {
      notices.push(benefitCleared('tradein', { sku: line.sku, reason: CART_ERROR_KEYS.tradeinUnavailable }))
      continue
    }
    seen.add(choice.productId)
    kept.push(choice)
    const credit = line.isActive
      ? Math.min(creditOf(device, choice.condition), priced[i]!.totalPrice, left)
      : 0
    left -= credit
    total += credit
    priced[i]!.tradein = {
      deviceKind: device.kind,
      condition: choice.condition,
      title: deviceTitle(device, lang),
      credit,
    }
  }
  return { total, kept, changed: kept.length !== args.tradeins.length, notices }
}
