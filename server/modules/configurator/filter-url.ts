import type { ComponentCode } from '../../../contract/configurator'
import { candidateContext, drivesOn, moduleCount, partsOf, restDraw, type Build } from './rules'

/**
 * The catalogue's own filters (`/f/{code}/{value}` pairs, spec 2.3) that come closest to "the parts of
 * this kind that fit the build": option lists for sockets, memory types and sizes, `min-max` ranges for
 * lengths and power. A rule with no catalogue filter (a cooler's height, a PSU's connectors) makes the
 * answer inexact: the page may then list a few parts the configurator would not offer.
 */

export interface CategoryFilterDef {
  code: string
  type: string
  values: string[] | null
}

export interface CatalogFilters {
  filters: { code: string; value: string }[]
  /** The pairs as the URL writes them after `/f/`, sorted by value as the store's URLs are. */
  pairs: string
  exact: boolean
}

type Want = { code: string; values: readonly string[] } | { code: string; min?: number; max?: number }

const units = (parts: Build) => parts.reduce((n, p) => n + p.quantity, 0)

const intersect = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a === undefined ? b : b === undefined ? a : a.filter((v) => b.includes(v))

export function catalogFilters(
  code: ComponentCode,
  chosen: Build,
  defs: readonly CategoryFilterDef[],
): CatalogFilters {
  const { build, cpu, board, gpu, psu, pcCase, cooler } = candidateContext(chosen, code)
  const ramTypes = partsOf(build, 'ram')
    .map((p) => p.specs.memoryType)
    .filter((t): t is string => t !== undefined)
  const wants: Want[] = []
  let exact = true

  switch (code) {
    case 'cpu': {
      const sockets = intersect(board?.socket ? [board.socket] : undefined, cooler?.sockets)
      if (sockets) wants.push({ code: 'socket', values: sockets })
      if (ramTypes.length > 0) exact = false
      if (psu?.wattage != null) wants.push({ code: 'tdp', max: psu.wattage - restDraw(build, code) })
      break
    }
    case 'motherboard': {
      if (cpu?.socket) wants.push({ code: 'socket', values: [cpu.socket] })
      if (ramTypes.length > 0) wants.push({ code: 'memory_type', values: [...new Set(ramTypes)].slice(0, 1) })
      if (pcCase?.formFactors) wants.push({ code: 'form_factor', values: pcCase.formFactors })
      if (moduleCount(build) > 0 || partsOf(build, 'storage').length > 0) exact = false
      break
    }
    case 'ram': {
      const types = intersect(board?.memoryType ? [board.memoryType] : undefined, cpu?.memoryTypes)
      if (types) wants.push({ code: 'memory_type', values: types })
      if (board?.memorySlots != null || board?.maxMemory != null) exact = false
      break
    }
    case 'gpu': {
      if (pcCase?.maxGpuLength != null) wants.push({ code: 'length', max: pcCase.maxGpuLength })
      if (psu?.wattage != null) wants.push({ code: 'tdp', max: psu.wattage - restDraw(build, code) })
      if (psu && (psu.pcie8pin != null || psu.pcie16pin != null)) exact = false
      break
    }
    case 'storage': {
      const m2Full = board?.m2Slots != null && units(drivesOn(build, 'm2')) + 1 > board.m2Slots
      const sataFull = board?.sataPorts != null && units(drivesOn(build, 'sata')) + 1 > board.sataPorts
      if (m2Full || sataFull) {
        const forms = defs.find((d) => d.code === 'form_factor')?.values ?? []
        wants.push({
          code: 'form_factor',
          values: forms.filter((f) => (f.startsWith('m2') ? !m2Full : !sataFull)),
        })
      }
      break
    }
    case 'psu': {
      wants.push({ code: 'wattage', min: restDraw(build, code) })
      if (pcCase?.psuFormFactors) wants.push({ code: 'form_factor', values: pcCase.psuFormFactors })
      if (gpu) exact = false
      break
    }
    case 'case': {
      if (board?.formFactor) wants.push({ code: 'form_factor', values: [board.formFactor] })
      if (gpu?.length != null) wants.push({ code: 'max_gpu_length', min: gpu.length })
      if (cooler?.coolerHeight != null || psu?.formFactor) exact = false
      break
    }
    case 'cooler': {
      if (cpu?.socket) wants.push({ code: 'socket', values: [cpu.socket] })
      if (pcCase?.maxCoolerHeight != null) exact = false
      break
    }
  }

  const filters: { code: string; value: string }[] = []
  for (const want of wants) {
    const def = defs.find((d) => d.code === want.code)
    if (!def) {
      exact = false
      continue
    }
    if ('values' in want) {
      // only values the category's listing knows: another would make the catalogue answer 400
      const known = want.values.filter((v) => def.values?.includes(v))
      if (known.length === 0) {
        exact = false
        continue
      }
      for (const value of known) filters.push({ code: want.code, value })
    } else if (def.type === 'range') {
      const min = want.min === undefined ? '' : String(Math.max(0, Math.ceil(want.min)))
      const max = want.max === undefined ? '' : String(Math.max(0, Math.floor(want.max)))
      filters.push({ code: want.code, value: `${min}-${max}` })
    } else exact = false
  }
  filters.sort((a, b) =>
    a.value !== b.value ? (a.value < b.value ? -1 : 1) : a.code < b.code ? -1 : a.code > b.code ? 1 : 0,
  )
  return { filters, pairs: filters.flatMap((f) => [f.code, f.value]).join('/'), exact }
}
