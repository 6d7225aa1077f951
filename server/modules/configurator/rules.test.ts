import { describe, expect, it } from 'vitest'
import type { ComponentCode, PartSpecs } from '../../../contract/configurator'
import {
  boardFormFactorRule,
  candidateFindings,
  checkBuild,
  connectorsFit,
  coolerRule,
  estimateWattage,
  gpuLengthRule,
  graphicsRule,
  memorySlotsRule,
  memoryTypeRule,
  psuConnectorsRule,
  psuFormFactorRule,
  psuWattageRule,
  socketRule,
  storageRule,
  type Part,
} from './rules'

let next = 1
const p = (code: ComponentCode, specs: PartSpecs, quantity = 1): Part => ({
  code,
  sku: String(next++),
  quantity,
  specs,
})
const codes = (messages: { severity: string; code: string }[]) =>
  messages.map((m) => `${m.severity}:${m.code}`)

describe('socket', () => {
  it('is an error naming the CPU and the board when their sockets differ', () => {
    const cpu = p('cpu', { socket: 'am5' })
    const board = p('motherboard', { socket: 'am4' })
    expect(socketRule([cpu, board])).toEqual([
      expect.objectContaining({ severity: 'error', code: 'socket', parts: [cpu.sku, board.sku] }),
    ])
    expect(socketRule([cpu, p('motherboard', { socket: 'am5' })])).toEqual([])
  })

  it('says nothing when a socket is unknown', () => {
    expect(socketRule([p('cpu', {}), p('motherboard', { socket: 'am4' })])).toEqual([])
  })
})

describe('memory type and slots', () => {
  it("is an error when the memory is not the board's type or not one the CPU takes", () => {
    const ram = p('ram', { memoryType: 'ddr4', modules: 2 })
    const board = p('motherboard', { memoryType: 'ddr5' })
    const cpu = p('cpu', { memoryTypes: ['ddr5'] })
    const messages = memoryTypeRule([cpu, board, ram])
    expect(messages.map((m) => m.parts)).toEqual([
      [ram.sku, board.sku],
      [ram.sku, cpu.sku],
    ])
  })

  it('counts modules of every kit and quantity against the slots, and capacity against the maximum', () => {
    const board = p('motherboard', { memorySlots: 2, maxMemory: 48 })
    expect(codes(memorySlotsRule([board, p('ram', { modules: 2, capacity: 32 }, 2)]))).toEqual([
      'error:memory_slots',
      'error:memory_capacity',
    ])
    expect(memorySlotsRule([board, p('ram', { modules: 2, capacity: 32 })])).toEqual([])
  })

  it('warns that a single module runs in single channel', () => {
    expect(codes(memorySlotsRule([p('ram', { modules: 1, capacity: 16 })]))).toEqual([
      'warning:memory_single_channel',
    ])
  })
})

describe('board form factor', () => {
  it('is an error when the case does not take the board size', () => {
    const board = p('motherboard', { formFactor: 'eatx' })
    const pcCase = p('case', { formFactors: ['atx', 'matx', 'itx'] })
    expect(boardFormFactorRule([board, pcCase])[0]).toMatchObject({
      code: 'board_form_factor',
      components: ['motherboard', 'case'],
      params: { board: 'eatx' },
    })
    expect(boardFormFactorRule([p('motherboard', { formFactor: 'matx' }), pcCase])).toEqual([])
  })
})

describe('graphics card length and graphics', () => {
  it('is an error with both lengths when the card is longer than the case takes', () => {
    const gpu = p('gpu', { length: 336 })
    const pcCase = p('case', { maxGpuLength: 330 })
    expect(gpuLengthRule([gpu, pcCase])[0]).toMatchObject({ params: { length: 336, max: 330 } })
    expect(gpuLengthRule([p('gpu', { length: 330 }), pcCase])).toEqual([])
  })

  it('notes a CPU without graphics until a card is chosen', () => {
    const cpu = p('cpu', { integratedGraphics: false })
    expect(codes(graphicsRule([cpu]))).toEqual(['note:no_graphics'])
    expect(graphicsRule([cpu, p('gpu', {})])).toEqual([])
    expect(graphicsRule([p('cpu', { integratedGraphics: true })])).toEqual([])
  })
})

describe('cooler', () => {
  const cpu = p('cpu', { socket: 'lga1851', tdp: 125, boxedCooler: false })
  it('is an error when it has no mount for the socket or is taller than the case takes', () => {
    const cooler = p('cooler', { sockets: ['am5', 'am4'], coolerHeight: 170, tdpRating: 200 })
    const pcCase = p('case', { maxCoolerHeight: 160 })
    expect(codes(coolerRule([cpu, cooler, pcCase]))).toEqual(['error:cooler_socket', 'error:cooler_height'])
  })

  it('warns when rated below the CPU TDP, and when a CPU without a boxed cooler has none', () => {
    expect(codes(coolerRule([cpu, p('cooler', { sockets: ['lga1851'], tdpRating: 100 })]))).toEqual([
      'warning:cooler_tdp',
    ])
    expect(codes(coolerRule([cpu]))).toEqual(['warning:cooler_missing'])
    expect(coolerRule([p('cpu', { boxedCooler: true })])).toEqual([])
  })
})

describe('power', () => {
  const cpu = p('cpu', { tdp: 125 })
  const gpu = p('gpu', { tdp: 300, pcie8pin: 2, pcie16pin: 0 })

  it('estimates the draw from the parts: base, CPU, cards, modules, drives, a pump', () => {
    expect(estimateWattage([])).toBe(0)
    const build = [
      cpu,
      gpu,
      p('ram', { modules: 2 }),
      p('storage', {}, 2),
      p('cooler', { coolerType: 'aio' }),
    ]
    expect(estimateWattage(build)).toBe(50 + 125 + 300 + 10 + 16 + 10)
  })

  it('is an error below the estimate and a warning below 1.3 × it, naming what draws', () => {
    // 475 W estimated, 618 W recommended
    expect(psuWattageRule([cpu, gpu, p('psu', { wattage: 450 })])[0]).toMatchObject({
      severity: 'error',
      components: ['psu', 'cpu', 'gpu'],
      params: { wattage: 450, estimated: 475, recommended: 618 },
    })
    expect(codes(psuWattageRule([cpu, gpu, p('psu', { wattage: 550 })]))).toEqual(['warning:psu_wattage'])
    expect(psuWattageRule([cpu, gpu, p('psu', { wattage: 650 })])).toEqual([])
  })

  it('checks the connectors: missing 8-pins are an error, a 16-pin from three spare 8-pins a warning', () => {
    expect(connectorsFit(2, 0, 2, 0)).toBe('fits')
    expect(connectorsFit(1, 0, 2, 0)).toBe('no')
    expect(connectorsFit(4, 0, 0, 1)).toBe('adapter')
    expect(connectorsFit(2, 0, 0, 1)).toBe('no')
    expect(codes(psuConnectorsRule([gpu, p('psu', { pcie8pin: 1, pcie16pin: 1 })]))).toEqual([
      'error:psu_connectors',
    ])
    const hungry = p('gpu', { pcie16pin: 1 })
    expect(codes(psuConnectorsRule([hungry, p('psu', { pcie8pin: 4, pcie16pin: 0 })]))).toEqual([
      'warning:psu_connectors',
    ])
    expect(psuConnectorsRule([hungry, p('psu', {})])).toEqual([])
  })

  it("is an error when the PSU's size does not fit the case", () => {
    expect(
      codes(psuFormFactorRule([p('psu', { formFactor: 'atx' }), p('case', { psuFormFactors: ['sfx'] })])),
    ).toEqual(['error:psu_form_factor'])
  })
})

describe('storage interfaces', () => {
  it("counts M.2 drives against the board's M.2 slots and SATA drives against its ports", () => {
    const board = p('motherboard', { m2Slots: 1, sataPorts: 2 })
    const nvme = p('storage', { storageInterface: 'm2' }, 2)
    const sata = p('storage', { storageInterface: 'sata' }, 2)
    expect(storageRule([board, nvme, sata]).map((m) => [m.code, m.params])).toEqual([
      ['m2_slots', { drives: 2, slots: 1 }],
    ])
  })
})

describe('checkBuild and candidates', () => {
  it('puts errors first and lists the kinds in error in slot order', () => {
    const verdict = checkBuild([
      p('case', { maxGpuLength: 300 }),
      p('gpu', { length: 320 }),
      p('cpu', { socket: 'am5', boxedCooler: false }),
      p('motherboard', { socket: 'am4' }),
    ])
    expect(codes(verdict.messages)).toEqual(['error:socket', 'error:gpu_length', 'warning:cooler_missing'])
    expect(verdict.incompatibleComponents).toEqual(['cpu', 'motherboard', 'gpu', 'case'])
  })

  it("judges a candidate in its kind's slot: it replaces a CPU, and goes beside the other drives", () => {
    const board = p('motherboard', { socket: 'am5', m2Slots: 1 })
    const chosen = [p('cpu', { socket: 'am4' }), board, p('storage', { storageInterface: 'm2' })]
    expect(candidateFindings(chosen, p('cpu', { socket: 'am5' }))).toEqual([])
    expect(codes(candidateFindings(chosen, p('storage', { storageInterface: 'm2' })))).toEqual([
      'error:m2_slots',
    ])
    expect(candidateFindings(chosen, p('storage', { storageInterface: 'sata' }))).toEqual([])
  })
})
