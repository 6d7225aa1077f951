import { sql, type SQL } from 'drizzle-orm'
import type { ComponentCode } from '../../../contract/configurator'
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
 * The error rules of rules.ts stated over a candidate part `x` (a `pc_parts` row) of one kind: the
 * parts of that kind that raise no error naming them once put in the build. A null column means the
 * catalogue does not know the field, which rules.ts treats as fitting, hence the `is null or` of every
 * clause. Warnings are not filtered here; the service marks them on the page's rows with rules.ts.
 */

const TRUE = sql`true`
const text = (v: string) => sql`${v}::text`
const oneOf = (column: SQL, values: readonly string[]) =>
  values.length === 0 ? sql`false` : sql`${column} in (${sql.join(values.map(text), sql`, `)})`

export function compatibleWhere(code: ComponentCode, chosen: Build): SQL {
  const { build, cpu, board, gpu, psu, pcCase, cooler } = candidateContext(chosen, code)
  const clauses: SQL[] = []
  const add = (clause: SQL) => clauses.push(clause)

  switch (code) {
    case 'cpu': {
      if (board?.socket) add(sql`(x.socket is null or x.socket = ${text(board.socket)})`)
      for (const ram of partsOf(build, 'ram'))
        if (ram.specs.memoryType)
          add(sql`(x.memory_types is null or ${text(ram.specs.memoryType)} = any(x.memory_types))`)
      if (cooler?.sockets) add(sql`(x.socket is null or ${oneOf(sql`x.socket`, cooler.sockets)})`)
      if (psu?.wattage != null) add(sql`coalesce(x.tdp, 0) <= ${psu.wattage - restDraw(build, code)}`)
      break
    }
    case 'motherboard': {
      if (cpu?.socket) add(sql`(x.socket is null or x.socket = ${text(cpu.socket)})`)
      for (const ram of partsOf(build, 'ram'))
        if (ram.specs.memoryType)
          add(sql`(x.memory_type is null or x.memory_type = ${text(ram.specs.memoryType)})`)
      if (pcCase?.formFactors)
        add(sql`(x.form_factor is null or ${oneOf(sql`x.form_factor`, pcCase.formFactors)})`)
      const modules = moduleCount(build)
      if (modules > 0) add(sql`(x.memory_slots is null or x.memory_slots >= ${modules})`)
      const capacity = memoryCapacity(build)
      if (capacity > 0) add(sql`(x.max_memory is null or x.max_memory >= ${capacity})`)
      const m2 = drivesOn(build, 'm2').reduce((n, p) => n + p.quantity, 0)
      if (m2 > 0) add(sql`(x.m2_slots is null or x.m2_slots >= ${m2})`)
      const sata = drivesOn(build, 'sata').reduce((n, p) => n + p.quantity, 0)
      if (sata > 0) add(sql`(x.sata_ports is null or x.sata_ports >= ${sata})`)
      break
    }
    case 'ram': {
      if (board?.memoryType) add(sql`(x.memory_type is null or x.memory_type = ${text(board.memoryType)})`)
      if (cpu?.memoryTypes) add(sql`(x.memory_type is null or ${oneOf(sql`x.memory_type`, cpu.memoryTypes)})`)
      if (board?.memorySlots != null) add(sql`coalesce(x.modules, 0) <= ${board.memorySlots}`)
      if (board?.maxMemory != null) add(sql`coalesce(x.capacity, 0) <= ${board.maxMemory}`)
      break
    }
    case 'gpu': {
      if (pcCase?.maxGpuLength != null) add(sql`(x.length is null or x.length <= ${pcCase.maxGpuLength})`)
      if (psu?.wattage != null) add(sql`coalesce(x.tdp, 0) <= ${psu.wattage - restDraw(build, code)}`)
      if (psu && (psu.pcie8pin != null || psu.pcie16pin != null)) {
        const have8 = psu.pcie8pin ?? 0
        const have16 = psu.pcie16pin ?? 0
        add(sql`(coalesce(x.pcie8pin, 0) <= ${have8}
                 and (coalesce(x.pcie16pin, 0) <= ${have16}
                      or ${have8} - coalesce(x.pcie8pin, 0) >= 3 * (coalesce(x.pcie16pin, 0) - ${have16})))`)
      }
      break
    }
    case 'storage': {
      const m2 = drivesOn(build, 'm2').reduce((n, p) => n + p.quantity, 0)
      if (board?.m2Slots != null && m2 + 1 > board.m2Slots)
        add(sql`x.storage_interface is distinct from 'm2'`)
      const sata = drivesOn(build, 'sata').reduce((n, p) => n + p.quantity, 0)
      if (board?.sataPorts != null && sata + 1 > board.sataPorts)
        add(sql`x.storage_interface is distinct from 'sata'`)
      break
    }
    case 'psu': {
      add(sql`(x.wattage is null or x.wattage >= ${restDraw(build, code)})`)
      const card = firstOf(build, 'gpu')
      if (card) {
        const need8 = (card.specs.pcie8pin ?? 0) * card.quantity
        const need16 = (card.specs.pcie16pin ?? 0) * card.quantity
        add(sql`((x.pcie8pin is null and x.pcie16pin is null)
                 or (coalesce(x.pcie8pin, 0) >= ${need8}
                     and (coalesce(x.pcie16pin, 0) >= ${need16}
                          or coalesce(x.pcie8pin, 0) - ${need8} >= 3 * (${need16} - coalesce(x.pcie16pin, 0)))))`)
      }
      if (pcCase?.psuFormFactors)
        add(sql`(x.form_factor is null or ${oneOf(sql`x.form_factor`, pcCase.psuFormFactors)})`)
      break
    }
    case 'case': {
      if (board?.formFactor)
        add(sql`(x.form_factors is null or ${text(board.formFactor)} = any(x.form_factors))`)
      if (gpu?.length != null) add(sql`(x.max_gpu_length is null or x.max_gpu_length >= ${gpu.length})`)
      if (cooler?.coolerHeight != null)
        add(sql`(x.max_cooler_height is null or x.max_cooler_height >= ${cooler.coolerHeight})`)
      if (psu?.formFactor)
        add(sql`(x.psu_form_factors is null or ${text(psu.formFactor)} = any(x.psu_form_factors))`)
      break
    }
    case 'cooler': {
      if (cpu?.socket) add(sql`(x.sockets is null or ${text(cpu.socket)} = any(x.sockets))`)
      if (pcCase?.maxCoolerHeight != null)
        add(sql`(x.cooler_height is null or x.cooler_height <= ${pcCase.maxCoolerHeight})`)
      break
    }
  }
  return clauses.length === 0 ? TRUE : sql.join(clauses, sql` and `)
}
