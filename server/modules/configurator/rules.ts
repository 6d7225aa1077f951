import {
  COMPONENT_CODES,
  PSU_HEADROOM,
  ruleMessageKey,
  type CompatibilityMessage,
  type ComponentCode,
  type PartSpecs,
  type RuleCode,
  type Severity,
} from '../../../contract/configurator'

/**
 * The compatibility rules: small pure functions over a build (the chosen parts with their specs), each
 * answering its findings. A field a part does not carry (null: the catalogue does not know it) raises
 * nothing, so an incomplete import never blocks a build; compat.ts (in memory) and compat-sql.ts (SQL)
 * state the same error rules over a candidate part and must agree with these (configurator.test.ts and
 * parts-index.test.ts check it on the seeded parts).
 */

export interface Part {
  code: ComponentCode
  sku: string
  quantity: number
  specs: PartSpecs
}
export type Build = readonly Part[]

export type Rule = (build: Build) => CompatibilityMessage[]

type Params = CompatibilityMessage['params']

function message(severity: Severity, code: RuleCode, parts: readonly Part[], params: Params = {}) {
  return {
    severity,
    code,
    messageKey: ruleMessageKey(code),
    parts: parts.map((p) => p.sku),
    components: [...new Set(parts.map((p) => p.code))],
    params,
  } satisfies CompatibilityMessage
}

export const partsOf = (build: Build, code: ComponentCode) => build.filter((p) => p.code === code)
export const firstOf = (build: Build, code: ComponentCode): Part | undefined =>
  build.find((p) => p.code === code)

const sum = (parts: readonly Part[], value: (p: Part) => number | undefined) =>
  parts.reduce((total, p) => total + (value(p) ?? 0) * p.quantity, 0)

/** Memory modules of the chosen kits, all lines and quantities. */
export const moduleCount = (build: Build) => sum(partsOf(build, 'ram'), (p) => p.specs.modules)
export const memoryCapacity = (build: Build) => sum(partsOf(build, 'ram'), (p) => p.specs.capacity)
export const drivesOn = (build: Build, iface: 'm2' | 'sata') =>
  partsOf(build, 'storage').filter((p) => p.specs.storageInterface === iface)

/**
 * Estimated draw in watts: 50 for the board, fans and USB, the CPU's and graphics cards' TDP, 5 per
 * memory module, 8 per drive, 10 for a liquid cooler's pump. Nothing chosen draws nothing.
 */
export const BASE_DRAW = 50
export function estimateWattage(build: Build): number {
  if (build.length === 0) return 0
  const cooler = firstOf(build, 'cooler')
  return (
    BASE_DRAW +
    sum(partsOf(build, 'cpu'), (p) => p.specs.tdp) +
    sum(partsOf(build, 'gpu'), (p) => p.specs.tdp) +
    5 * moduleCount(build) +
    8 * sum(partsOf(build, 'storage'), () => 1) +
    (cooler?.specs.coolerType === 'aio' ? 10 : 0)
  )
}
export const recommendedWattage = (estimated: number) => Math.ceil(estimated * PSU_HEADROOM)

// ── The rules ────────────────────────────────────────────────────────────────────────────────────────

export const socketRule: Rule = (build) => {
  const cpu = firstOf(build, 'cpu')
  const board = firstOf(build, 'motherboard')
  if (!cpu?.specs.socket || !board?.specs.socket || cpu.specs.socket === board.specs.socket) return []
  return [message('error', 'socket', [cpu, board], { cpu: cpu.specs.socket, board: board.specs.socket })]
}

export const memoryTypeRule: Rule = (build) => {
  const cpu = firstOf(build, 'cpu')
  const board = firstOf(build, 'motherboard')
  const out: CompatibilityMessage[] = []
  for (const ram of partsOf(build, 'ram')) {
    const type = ram.specs.memoryType
    if (!type) continue
    if (board?.specs.memoryType && board.specs.memoryType !== type)
      out.push(
        message('error', 'memory_type', [ram, board], { memory: type, supported: board.specs.memoryType }),
      )
    if (cpu?.specs.memoryTypes && !cpu.specs.memoryTypes.includes(type))
      out.push(
        message('error', 'memory_type', [ram, cpu], {
          memory: type,
          supported: cpu.specs.memoryTypes.join(', '),
        }),
      )
  }
  return out
}

export const memorySlotsRule: Rule = (build) => {
  const board = firstOf(build, 'motherboard')
  const rams = partsOf(build, 'ram')
  const out: CompatibilityMessage[] = []
  const modules = moduleCount(build)
  if (board?.specs.memorySlots != null && modules > board.specs.memorySlots)
    out.push(message('error', 'memory_slots', [board, ...rams], { modules, slots: board.specs.memorySlots }))
  const capacity = memoryCapacity(build)
  if (board?.specs.maxMemory != null && capacity > board.specs.maxMemory)
    out.push(message('error', 'memory_capacity', [board, ...rams], { capacity, max: board.specs.maxMemory }))
  // one module runs single channel: about a fifth slower in games, worth saying
  if (modules === 1) out.push(message('warning', 'memory_single_channel', rams, { modules }))
  return out
}

export const boardFormFactorRule: Rule = (build) => {
  const board = firstOf(build, 'motherboard')
  const pcCase = firstOf(build, 'case')
  const form = board?.specs.formFactor
  const takes = pcCase?.specs.formFactors
  if (!board || !pcCase || !form || !takes || takes.includes(form)) return []
  return [message('error', 'board_form_factor', [board, pcCase], { board: form, case: takes.join(', ') })]
}

export const gpuLengthRule: Rule = (build) => {
  const pcCase = firstOf(build, 'case')
  const max = pcCase?.specs.maxGpuLength
  if (!pcCase || max == null) return []
  return partsOf(build, 'gpu')
    .filter((gpu) => gpu.specs.length != null && gpu.specs.length > max)
    .map((gpu) => message('error', 'gpu_length', [gpu, pcCase], { length: gpu.specs.length ?? 0, max }))
}

export const graphicsRule: Rule = (build) => {
  const cpu = firstOf(build, 'cpu')
  if (!cpu || cpu.specs.integratedGraphics !== false || firstOf(build, 'gpu')) return []
  return [message('note', 'no_graphics', [cpu])]
}

export const coolerRule: Rule = (build) => {
  const cpu = firstOf(build, 'cpu')
  const cooler = firstOf(build, 'cooler')
  const pcCase = firstOf(build, 'case')
  const out: CompatibilityMessage[] = []
  if (!cooler) {
    if (cpu && cpu.specs.boxedCooler === false) out.push(message('warning', 'cooler_missing', [cpu]))
    return out
  }
  const sockets = cooler.specs.sockets
  if (cpu?.specs.socket && sockets && !sockets.includes(cpu.specs.socket))
    out.push(
      message('error', 'cooler_socket', [cooler, cpu], {
        socket: cpu.specs.socket,
        sockets: sockets.join(', '),
      }),
    )
  const height = cooler.specs.coolerHeight
  const max = pcCase?.specs.maxCoolerHeight
  if (pcCase && height != null && max != null && height > max)
    out.push(message('error', 'cooler_height', [cooler, pcCase], { height, max }))
  const rating = cooler.specs.tdpRating
  if (cpu?.specs.tdp != null && rating != null && rating < cpu.specs.tdp)
    out.push(message('warning', 'cooler_tdp', [cooler, cpu], { rating, tdp: cpu.specs.tdp }))
  return out
}

/** The parts that draw the power a PSU must give: the ones its message names. */
const drawingParts = (build: Build) => [...partsOf(build, 'cpu'), ...partsOf(build, 'gpu')]

export const psuWattageRule: Rule = (build) => {
  const psu = firstOf(build, 'psu')
  const wattage = psu?.specs.wattage
  if (!psu || wattage == null) return []
  const estimated = estimateWattage(build)
  const recommended = recommendedWattage(estimated)
  const params = { wattage, estimated, recommended }
  if (wattage < estimated) return [message('error', 'psu_wattage', [psu, ...drawingParts(build)], params)]
  if (wattage < recommended) return [message('warning', 'psu_wattage', [psu, ...drawingParts(build)], params)]
  return []
}

/**
 * A 16-pin plug the PSU lacks can come from three spare 8-pin ones through the adapter a card ships
 * with: a warning, not an error.
 */
export function connectorsFit(
  have8: number,
  have16: number,
  need8: number,
  need16: number,
): 'fits' | 'adapter' | 'no' {
  if (have8 < need8) return 'no'
  const short16 = need16 - have16
  if (short16 <= 0) return 'fits'
  return have8 - need8 >= 3 * short16 ? 'adapter' : 'no'
}

export const psuConnectorsRule: Rule = (build) => {
  const psu = firstOf(build, 'psu')
  if (!psu || (psu.specs.pcie8pin == null && psu.specs.pcie16pin == null)) return []
  const have8 = psu.specs.pcie8pin ?? 0
  const have16 = psu.specs.pcie16pin ?? 0
  const out: CompatibilityMessage[] = []
  for (const gpu of partsOf(build, 'gpu')) {
    const need8 = (gpu.specs.pcie8pin ?? 0) * gpu.quantity
    const need16 = (gpu.specs.pcie16pin ?? 0) * gpu.quantity
    const fit = connectorsFit(have8, have16, need8, need16)
    if (fit === 'fits') continue
    out.push(
      message(fit === 'no' ? 'error' : 'warning', 'psu_connectors', [gpu, psu], {
        need8,
        need16,
        have8,
        have16,
      }),
    )
  }
  return out
}

export const psuFormFactorRule: Rule = (build) => {
  const psu = firstOf(build, 'psu')
  const pcCase = firstOf(build, 'case')
  const form = psu?.specs.formFactor
  const takes = pcCase?.specs.psuFormFactors
  if (!psu || !pcCase || !form || !takes || takes.includes(form)) return []
  return [message('error', 'psu_form_factor', [psu, pcCase], { psu: form, case: takes.join(', ') })]
}

export const storageRule: Rule = (build) => {
  const board = firstOf(build, 'motherboard')
  if (!board) return []
  const out: CompatibilityMessage[] = []
  const checks = [
    ['m2', 'm2_slots', board.specs.m2Slots],
    ['sata', 'sata_ports', board.specs.sataPorts],
  ] as const
  for (const [iface, code, slots] of checks) {
    const drives = drivesOn(build, iface)
    const count = sum(drives, () => 1)
    if (slots != null && count > slots)
      out.push(message('error', code, [board, ...drives], { drives: count, slots }))
  }
  return out
}

export const RULES: readonly Rule[] = [
  socketRule,
  memoryTypeRule,
  memorySlotsRule,
  boardFormFactorRule,
  gpuLengthRule,
  graphicsRule,
  coolerRule,
  psuWattageRule,
  psuConnectorsRule,
  psuFormFactorRule,
  storageRule,
]

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, note: 2 }

export interface Verdict {
  /** Errors first, then warnings, then notes; in rule order within each. */
  messages: CompatibilityMessage[]
  /** The kinds named by an error, in slot order. */
  incompatibleComponents: ComponentCode[]
  estimatedWattage: number
  recommendedWattage: number
}

export function checkBuild(build: Build): Verdict {
  const messages = RULES.flatMap((rule) => rule(build)).sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  )
  const inError = new Set(messages.filter((m) => m.severity === 'error').flatMap((m) => m.components))
  const estimated = estimateWattage(build)
  return {
    messages,
    incompatibleComponents: COMPONENT_CODES.filter((c) => inError.has(c)),
    estimatedWattage: estimated,
    recommendedWattage: recommendedWattage(estimated),
  }
}

/**
 * Kinds a configuration holds one of (and memory, whose kit is swapped as a whole): a candidate for
 * their slot replaces what is there. A drive is added beside the others.
 */
export const addsBeside = (code: ComponentCode) => code === 'storage'

/** The build with `candidate` in its slot (replacing, or beside the drives). */
export function withCandidate(build: Build, candidate: Part): Part[] {
  const kept = addsBeside(candidate.code) ? build : build.filter((p) => p.code !== candidate.code)
  return [...kept, candidate]
}

/** What the rules say about one candidate part: the messages that name it. */
export function candidateFindings(build: Build, candidate: Part): CompatibilityMessage[] {
  return checkBuild(withCandidate(build, candidate)).messages.filter((m) => m.parts.includes(candidate.sku))
}

/**
 * What the error rules of a candidate of `code` read of the chosen parts (compat.ts, compat-sql.ts,
 * filter-url.ts): the build as the candidate sees it (without its own kind, unless candidates are added
 * beside, as drives are) and the specs of its one-of-a-kind parts.
 */
export function candidateContext(chosen: Build, code: ComponentCode) {
  const build = addsBeside(code) ? chosen : chosen.filter((p) => p.code !== code)
  return {
    build,
    cpu: firstOf(build, 'cpu')?.specs,
    board: firstOf(build, 'motherboard')?.specs,
    gpu: firstOf(build, 'gpu')?.specs,
    psu: firstOf(build, 'psu')?.specs,
    pcCase: firstOf(build, 'case')?.specs,
    cooler: firstOf(build, 'cooler')?.specs,
  }
}

/** The draw of the build with a candidate of `code` that draws nothing itself (its own draw is added per part). */
export function restDraw(build: Build, code: ComponentCode): number {
  return estimateWattage([...build, { code, sku: '', quantity: 1, specs: {} }])
}
