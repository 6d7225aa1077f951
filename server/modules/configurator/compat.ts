import type { ComponentCode } from '../../../contract/configurator'
import type { SpecColumns } from './repo'
import {
  candidateContext,
  drivesOn,
  firstOf,
  memoryCapacity,
  moduleCount,
  partsOf,
  restDraw,
  type Build,
} from './rules'

/**
 * The error rules of rules.ts as one test over a candidate part's compatibility row, for the parts held
 * in memory (`parts-index.ts`): the same clauses as compat-sql.ts, in the same order and with the same
 * null handling (a field the catalogue does not know fits; `coalesce(x, 0)` where the SQL has it), so
 * both leave out exactly the parts an error would name. The test is made once per request from the
 * build and then run over every part of the kind, hence the closures instead of rules.ts per part.
 */
export type Fits = (x: SpecColumns) => boolean

const always: Fits = () => true

const driveCount = (build: Build, iface: 'm2' | 'sata') =>
  drivesOn(build, iface).reduce((n, p) => n + p.quantity, 0)

export function compatibleTest(code: ComponentCode, chosen: Build): Fits {
  const { build, cpu, board, gpu, psu, pcCase, cooler } = candidateContext(chosen, code)
  const tests: Fits[] = []
  const add = (test: Fits) => tests.push(test)

  switch (code) {
    case 'cpu': {
      const socket = board?.socket
      if (socket) add((x) => x.socket === null || x.socket === socket)
      for (const ram of partsOf(build, 'ram')) {
        const type = ram.specs.memoryType
        if (type) add((x) => x.memory_types === null || x.memory_types.includes(type))
      }
      const sockets = cooler?.sockets
      if (sockets) add((x) => x.socket === null || sockets.includes(x.socket))
      if (psu?.wattage != null) {
        const room = psu.wattage - restDraw(build, code)
        add((x) => (x.tdp ?? 0) <= room)
      }
      break
    }
    case 'motherboard': {
      const socket = cpu?.socket
      if (socket) add((x) => x.socket === null || x.socket === socket)
      for (const ram of partsOf(build, 'ram')) {
        const type = ram.specs.memoryType
        if (type) add((x) => x.memory_type === null || x.memory_type === type)
      }
      const forms = pcCase?.formFactors
      if (forms) add((x) => x.form_factor === null || forms.includes(x.form_factor))
      const modules = moduleCount(build)
      if (modules > 0) add((x) => x.memory_slots === null || x.memory_slots >= modules)
      const capacity = memoryCapacity(build)
      if (capacity > 0) add((x) => x.max_memory === null || x.max_memory >= capacity)
      const m2 = driveCount(build, 'm2')
      if (m2 > 0) add((x) => x.m2_slots === null || x.m2_slots >= m2)
      const sata = driveCount(build, 'sata')
      if (sata > 0) add((x) => x.sata_ports === null || x.sata_ports >= sata)
      break
    }
    case 'ram': {
      const type = board?.memoryType
      if (type) add((x) => x.memory_type === null || x.memory_type === type)
      const types = cpu?.memoryTypes
      if (types) add((x) => x.memory_type === null || types.includes(x.memory_type))
      const slots = board?.memorySlots
      if (slots != null) add((x) => (x.modules ?? 0) <= slots)
      const max = board?.maxMemory
      if (max != null) add((x) => (x.capacity ?? 0) <= max)
      break
    }
    case 'gpu': {
      const max = pcCase?.maxGpuLength
      if (max != null) add((x) => x.length === null || x.length <= max)
      if (psu?.wattage != null) {
        const room = psu.wattage - restDraw(build, code)
        add((x) => (x.tdp ?? 0) <= room)
      }
      if (psu && (psu.pcie8pin != null || psu.pcie16pin != null)) {
        const have8 = psu.pcie8pin ?? 0
        const have16 = psu.pcie16pin ?? 0
        add((x) => {
          const need8 = x.pcie8pin ?? 0
          const need16 = x.pcie16pin ?? 0
          return need8 <= have8 && (need16 <= have16 || have8 - need8 >= 3 * (need16 - have16))
        })
      }
      break
    }
    case 'storage': {
      if (board?.m2Slots != null && driveCount(build, 'm2') + 1 > board.m2Slots)
        add((x) => x.storage_interface !== 'm2')
      if (board?.sataPorts != null && driveCount(build, 'sata') + 1 > board.sataPorts)
        add((x) => x.storage_interface !== 'sata')
      break
    }
    case 'psu': {
      const draw = restDraw(build, code)
      add((x) => x.wattage === null || x.wattage >= draw)
      const card = firstOf(build, 'gpu')
      if (card) {
        const need8 = (card.specs.pcie8pin ?? 0) * card.quantity
        const need16 = (card.specs.pcie16pin ?? 0) * card.quantity
        add((x) => {
          if (x.pcie8pin === null && x.pcie16pin === null) return true
          const have8 = x.pcie8pin ?? 0
          const have16 = x.pcie16pin ?? 0
          return have8 >= need8 && (have16 >= need16 || have8 - need8 >= 3 * (need16 - have16))
        })
      }
      const forms = pcCase?.psuFormFactors
      if (forms) add((x) => x.form_factor === null || forms.includes(x.form_factor))
      break
    }
    case 'case': {
      const form = board?.formFactor
      if (form) add((x) => x.form_factors === null || x.form_factors.includes(form))
      const length = gpu?.length
      if (length != null) add((x) => x.max_gpu_length === null || x.max_gpu_length >= length)
      const height = cooler?.coolerHeight
      if (height != null) add((x) => x.max_cooler_height === null || x.max_cooler_height >= height)
      const psuForm = psu?.formFactor
      if (psuForm) add((x) => x.psu_form_factors === null || x.psu_form_factors.includes(psuForm))
      break
    }
    case 'cooler': {
      const socket = cpu?.socket
      if (socket) add((x) => x.sockets === null || x.sockets.includes(socket))
      const max = pcCase?.maxCoolerHeight
      if (max != null) add((x) => x.cooler_height === null || x.cooler_height <= max)
      break
    }
  }
  if (tests.length === 0) return always
  if (tests.length === 1) return tests[0]!
  return (x) => {
    for (const test of tests) if (!test(x)) return false
    return true
  }
}
