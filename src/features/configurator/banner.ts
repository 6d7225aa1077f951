import type {
  CompatibilityMessage,
  ComponentCode,
  ComponentInfo,
  ConfigurationComponent,
  Severity,
} from './types'

/** The order a PC is put together in, which is also the order of the slots on the page. */
export const KIND_ORDER: readonly ComponentCode[] = [
  'cpu',
  'motherboard',
  'cooler',
  'ram',
  'gpu',
  'storage',
  'psu',
  'case',
]

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, note: 2 }

export interface BannerGroups {
  errors: CompatibilityMessage[]
  warnings: CompatibilityMessage[]
  notes: CompatibilityMessage[]
}

/**
 * The banner's three groups, each message once (the server may name a conflict from either side) and in
 * the order of the slots its first part sits in, so the list reads top to bottom like the page.
 */
export function groupMessages(
  messages: readonly CompatibilityMessage[],
  components: readonly ConfigurationComponent[],
): BannerGroups {
  const slotOf = (sku: string | undefined) => {
    const code = components.find((c) => c.sku === sku)?.code
    const index = code ? KIND_ORDER.indexOf(code) : -1
    return index < 0 ? KIND_ORDER.length : index
  }
  const seen = new Set<string>()
  const unique = messages.filter((message) => {
    const key = `${message.severity}:${message.code}:${[...message.parts].sort().join(',')}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const sorted = [...unique].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      slotOf(a.parts[0]) - slotOf(b.parts[0]) ||
      a.code.localeCompare(b.code),
  )
  return {
    errors: sorted.filter((m) => m.severity === 'error'),
    warnings: sorted.filter((m) => m.severity === 'warning'),
    notes: sorted.filter((m) => m.severity === 'note'),
  }
}

/** The names of the parts a message is about, in the message's order; a part no longer chosen is left out. */
export function partTitles(
  message: CompatibilityMessage,
  components: readonly ConfigurationComponent[],
): string[] {
  return message.parts.flatMap((sku) => {
    const title = components.find((c) => c.sku === sku)?.title
    return title ? [title] : []
  })
}

/** Required kinds with nothing chosen yet, in slot order. */
export function missingRequired(
  info: readonly ComponentInfo[],
  components: readonly ConfigurationComponent[],
): ComponentCode[] {
  const chosen = new Set(components.map((c) => c.code))
  return KIND_ORDER.filter((code) => info.some((i) => i.code === code && i.isRequired) && !chosen.has(code))
}

export type BannerTone = 'empty' | 'error' | 'incomplete' | 'warning' | 'ready'

/**
 * What the banner says overall: an error wins, then missing required parts, then warnings; a build with
 * every required part and no error is ready to order even with notes.
 */
export function bannerTone(
  groups: BannerGroups,
  missing: readonly ComponentCode[],
  chosenCount: number,
): BannerTone {
  if (chosenCount === 0) return 'empty'
  if (groups.errors.length > 0) return 'error'
  if (missing.length > 0) return 'incomplete'
  if (groups.warnings.length > 0) return 'warning'
  return 'ready'
}

/** The slots in page order: every kind the server knows, known kinds first in assembly order. */
export function orderedKinds(info: readonly ComponentInfo[]): ComponentInfo[] {
  const rank = (code: ComponentCode) => {
    const index = KIND_ORDER.indexOf(code)
    return index < 0 ? KIND_ORDER.length : index
  }
  return [...info].sort((a, b) => rank(a.code) - rank(b.code))
}
