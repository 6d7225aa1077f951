import type { ProductAttributes } from '../../db/schema/catalog'
import { brandOf } from '../brands'
import type { Random } from '../random'
import { gb } from '../text'
import { slotPick, sweepPick, type Draft, type LeafSpec } from './types'

/**
 * The configurator's compatibility rules, which the generated attributes obey:
 * - cpu.socket = motherboard.socket, and cooler.socket (a list) contains it;
 * - motherboard.memory_type = ram.memory_type, and cpu.memory_type (a list) contains it;
 * - case.form_factor (a list of board sizes) contains motherboard.form_factor;
 * - case.max_gpu_length >= gpu.length, case.max_cooler_height >= cooler.cooler_height (air coolers);
 * - cooler.max_tdp >= cpu.tdp; psu.wattage >= gpu.recommended_psu and >= cpu.tdp + gpu.tdp + 150;
 * - psu.pcie_8pin / pcie_16pin cover gpu.pcie_8pin / pcie_16pin; case.psu_form_factor contains psu.form_factor;
 * - ram.modules <= motherboard.memory_slots; M.2 drives <= m2_slots, SATA drives <= sata_ports.
 * The generated fields reach `pc_parts` (one typed column each) through a trigger on products.
 */
export const SOCKET_MEMORY: Record<string, readonly string[]> = {
  am5: ['ddr5'],
  am4: ['ddr4'],
  lga1700: ['ddr4', 'ddr5'],
  lga1851: ['ddr5'],
}
export const SOCKETS = ['am5', 'am4', 'lga1700', 'lga1851'] as const
export const BOARD_FORM_FACTORS = ['eatx', 'atx', 'matx', 'itx'] as const

const SOCKET_TITLE: Record<string, string> = {
  am5: 'AM5',
  am4: 'AM4',
  lga1700: 'LGA1700',
  lga1851: 'LGA1851',
}
const FF_TITLE: Record<string, string> = { eatx: 'E-ATX', atx: 'ATX', matx: 'mATX', itx: 'Mini-ITX' }

// ---------------------------------------------------------------- processors

interface Cpu {
  brand: 'amd' | 'intel'
  name: string
  socket: string
  series: string
  cores: number
  threads: number
  base: number
  boost: number
  tdp: number
  igpu: boolean
  price: number
}

const cpu = (
  brand: Cpu['brand'],
  name: string,
  socket: string,
  cores: number,
  threads: number,
  base: number,
  boost: number,
  tdp: number,
  igpu: boolean,
  price: number,
): Cpu => ({
  brand,
  name,
  socket,
  series: (/^(Ryzen \d|Core (?:Ultra )?i?\d)/.exec(name)?.[1] ?? name).toLowerCase().replace(/ /g, '-'),
  cores,
  threads,
  base,
  boost,
  tdp,
  igpu,
  price,
})

// prettier-ignore
const CPUS: Cpu[] = [
  cpu('amd', 'Ryzen 5 7500F', 'am5', 6, 12, 3.7, 5.0, 65, false, 89_990),
  cpu('amd', 'Ryzen 5 7600', 'am5', 6, 12, 3.8, 5.1, 65, true, 109_990),
  cpu('amd', 'Ryzen 5 7600X', 'am5', 6, 12, 4.7, 5.3, 105, true, 119_990),
  cpu('amd', 'Ryzen 7 7700', 'am5', 8, 16, 3.8, 5.3, 65, true, 159_990),
  cpu('amd', 'Ryzen 7 7700X', 'am5', 8, 16, 4.5, 5.4, 105, true, 169_990),
  cpu('amd', 'Ryzen 7 7800X3D', 'am5', 8, 16, 4.2, 5.0, 120, true, 229_990),
  cpu('amd', 'Ryzen 9 7900X', 'am5', 12, 24, 4.7, 5.6, 170, true, 239_990),
  cpu('amd', 'Ryzen 9 7950X', 'am5', 16, 32, 4.5, 5.7, 170, true, 319_990),
  cpu('amd', 'Ryzen 5 9600X', 'am5', 6, 12, 3.9, 5.4, 65, true, 149_990),
  cpu('amd', 'Ryzen 7 9700X', 'am5', 8, 16, 3.8, 5.5, 65, true, 199_990),
  cpu('amd', 'Ryzen 7 9800X3D', 'am5', 8, 16, 4.7, 5.2, 120, true, 279_990),
  cpu('amd', 'Ryzen 9 9900X', 'am5', 12, 24, 4.4, 5.6, 120, true, 279_990),
  cpu('amd', 'Ryzen 9 9950X', 'am5', 16, 32, 4.3, 5.7, 170, true, 389_990),
  cpu('amd', 'Ryzen 5 5500', 'am4', 6, 12, 3.6, 4.2, 65, false, 44_990),
  cpu('amd', 'Ryzen 5 5600', 'am4', 6, 12, 3.5, 4.4, 65, false, 54_990),
  cpu('amd', 'Ryzen 5 5600X', 'am4', 6, 12, 3.7, 4.6, 65, false, 64_990),
  cpu('amd', 'Ryzen 5 5600G', 'am4', 6, 12, 3.9, 4.4, 65, true, 59_990),
  cpu('amd', 'Ryzen 7 5700X', 'am4', 8, 16, 3.4, 4.6, 65, false, 84_990),
  cpu('amd', 'Ryzen 7 5800X3D', 'am4', 8, 16, 3.4, 4.5, 105, false, 169_990),
  cpu('amd', 'Ryzen 9 5900X', 'am4', 12, 24, 3.7, 4.8, 105, false, 149_990),
  cpu('amd', 'Ryzen 9 5950X', 'am4', 16, 32, 3.4, 4.9, 105, false, 199_990),
  cpu('intel', 'Core i3-12100F', 'lga1700', 4, 8, 3.3, 4.3, 58, false, 39_990),
  cpu('intel', 'Core i3-14100', 'lga1700', 4, 8, 3.5, 4.7, 60, true, 64_990),
  cpu('intel', 'Core i5-12400F', 'lga1700', 6, 12, 2.5, 4.4, 65, false, 54_990),
  cpu('intel', 'Core i5-13400F', 'lga1700', 10, 16, 2.5, 4.6, 65, false, 89_990),
  cpu('intel', 'Core i5-14400F', 'lga1700', 10, 16, 2.5, 4.7, 65, false, 99_990),
  cpu('intel', 'Core i5-14600K', 'lga1700', 14, 20, 3.5, 5.3, 125, true, 159_990),
  cpu('intel', 'Core i5-14600KF', 'lga1700', 14, 20, 3.5, 5.3, 125, false, 149_990),
  cpu('intel', 'Core i7-13700K', 'lga1700', 16, 24, 3.4, 5.4, 125, true, 209_990),
  cpu('intel', 'Core i7-14700K', 'lga1700', 20, 28, 3.4, 5.6, 125, true, 229_990),
  cpu('intel', 'Core i7-14700KF', 'lga1700', 20, 28, 3.4, 5.6, 125, false, 219_990),
  cpu('intel', 'Core i9-13900K', 'lga1700', 24, 32, 3.0, 5.8, 125, true, 289_990),
  cpu('intel', 'Core i9-14900K', 'lga1700', 24, 32, 3.2, 6.0, 125, true, 319_990),
  cpu('intel', 'Core Ultra 5 245K', 'lga1851', 14, 14, 4.2, 5.2, 125, true, 169_990),
  cpu('intel', 'Core Ultra 7 265K', 'lga1851', 20, 20, 3.9, 5.5, 125, true, 229_990),
  cpu('intel', 'Core Ultra 9 285K', 'lga1851', 24, 24, 3.7, 5.7, 125, true, 329_990),
]

function makeCpu(r: Random, slot: number): Draft {
  const socket = slotPick(r, slot, ['am5', 'am4', 'lga1700'])
  const m = slot >= 0 && slot < 3 ? r.pick(CPUS.filter((c) => c.socket === socket)) : r.pick(CPUS)
  const oem = r.chance(0.35)
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name} ${SOCKET_TITLE[m.socket]}${oem ? ' OEM' : ''}`,
    price: m.price * (oem ? 0.93 : 1),
    attributes: {
      socket: m.socket,
      cpu_series: m.series,
      cores: m.cores,
      threads: m.threads,
      base_clock: m.base,
      boost_clock: m.boost,
      tdp: m.tdp,
      memory_type: [...(SOCKET_MEMORY[m.socket] ?? [])],
      integrated_graphics: m.igpu,
      packaging: oem ? 'oem' : 'box',
      // unlocked and X3D chips come without a cooler even boxed
      cooler_included: !oem && m.tdp <= 65 && !/(K|KF|X|X3D)$/.test(m.name),
    },
    weightGrams: oem ? 60 : 400,
  }
}

export const processors: LeafSpec = {
  slug: 'processory',
  kind: 'cpu',
  word: ['Процессор', 'Процессор'],
  weight: 3,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['socket', 'multiselect'],
    ['cpu_series', 'multiselect'],
    ['cores', 'multiselect'],
    ['tdp', 'range'],
    ['integrated_graphics', 'checkbox'],
    ['packaging', 'multiselect'],
  ],
  highlights: ['socket', 'cores', 'boost_clock', 'tdp'],
  make: makeCpu,
}

// ---------------------------------------------------------------- motherboards

interface Chipset {
  code: string
  socket: string
  tier: number
  price: number
  forms: readonly string[]
}

// prettier-ignore
const CHIPSETS: Chipset[] = [
  { code: 'a620', socket: 'am5', tier: 0, price: 49_990, forms: ['matx', 'atx'] },
  { code: 'b650', socket: 'am5', tier: 1, price: 79_990, forms: ['atx', 'matx', 'itx'] },
  { code: 'b650e', socket: 'am5', tier: 2, price: 119_990, forms: ['atx', 'matx'] },
  { code: 'x670e', socket: 'am5', tier: 3, price: 199_990, forms: ['atx', 'eatx'] },
  { code: 'b850', socket: 'am5', tier: 1, price: 99_990, forms: ['atx', 'matx'] },
  { code: 'x870', socket: 'am5', tier: 3, price: 169_990, forms: ['atx'] },
  { code: 'a520', socket: 'am4', tier: 0, price: 34_990, forms: ['matx'] },
  { code: 'b550', socket: 'am4', tier: 1, price: 54_990, forms: ['atx', 'matx', 'itx'] },
  { code: 'x570', socket: 'am4', tier: 2, price: 89_990, forms: ['atx'] },
  { code: 'h610', socket: 'lga1700', tier: 0, price: 39_990, forms: ['matx'] },
  { code: 'b760', socket: 'lga1700', tier: 1, price: 64_990, forms: ['atx', 'matx', 'itx'] },
  { code: 'z790', socket: 'lga1700', tier: 3, price: 139_990, forms: ['atx', 'itx', 'eatx'] },
  { code: 'b860', socket: 'lga1851', tier: 1, price: 89_990, forms: ['atx', 'matx'] },
  { code: 'z890', socket: 'lga1851', tier: 3, price: 169_990, forms: ['atx', 'eatx'] },
]

/** Board lines per brand and size; `{C}` is the chipset as printed on the box. */
const BOARD_LINES: Record<string, Record<string, readonly string[]>> = {
  asus: {
    atx: ['PRIME {C}-PLUS', 'TUF GAMING {C}-PLUS WIFI', 'ROG STRIX {C}-A GAMING WIFI'],
    eatx: ['ROG CROSSHAIR {C} HERO', 'ROG MAXIMUS {C} EXTREME'],
    matx: ['PRIME {C}M-A', 'TUF GAMING {C}M-PLUS WIFI'],
    itx: ['ROG STRIX {C}-I GAMING WIFI'],
  },
  msi: {
    atx: ['PRO {C}-P WIFI', 'MAG {C} TOMAHAWK WIFI', 'MPG {C} CARBON WIFI'],
    eatx: ['MEG {C} ACE'],
    matx: ['PRO {C}M-P', 'MAG {C}M MORTAR WIFI'],
    itx: ['MPG {C}I EDGE WIFI'],
  },
  gigabyte: {
    atx: ['{C} GAMING X AX', '{C} EAGLE AX', '{C} AORUS ELITE AX'],
    eatx: ['{C} AORUS MASTER'],
    matx: ['{C}M DS3H', '{C}M AORUS ELITE AX'],
    itx: ['{C}I AORUS ULTRA'],
  },
  asrock: {
    atx: ['{C} Pro RS', '{C} Steel Legend WiFi'],
    eatx: ['{C} Taichi'],
    matx: ['{C}M Pro RS', '{C}M-HDV/M.2'],
    itx: ['{C}I Lightning WiFi'],
  },
}

function makeMotherboard(r: Random, slot: number): Draft {
  const socket = slotPick(r, slot, ['am5', 'am4', 'lga1700'])
  const chipset =
    slot >= 0 && slot < 3
      ? r.pick(CHIPSETS.filter((c) => c.socket === socket && c.forms.includes('atx')))
      : r.pick(CHIPSETS)
  const form = slot >= 0 && slot < 3 ? 'atx' : r.pick(chipset.forms)
  const brand = r.pick(['asus', 'msi', 'gigabyte', 'asrock'])
  const lines = BOARD_LINES[brand]?.[form] ?? []
  const lineIndex = r.int(0, lines.length - 1)
  const memoryOptions = SOCKET_MEMORY[chipset.socket] ?? ['ddr5']
  // Intel boards come in DDR4 and DDR5 versions of the same line, told apart by the suffix
  const memoryType =
    memoryOptions.length > 1 && r.chance(0.4) ? 'ddr4' : (memoryOptions[memoryOptions.length - 1] as string)
  const name =
    (lines[lineIndex] as string).replace('{C}', chipset.code.toUpperCase()) +
    (memoryOptions.length > 1 && memoryType === 'ddr4' ? ' DDR4' : '')
  const slots = form === 'itx' || (form === 'matx' && chipset.tier === 0) ? 2 : 4
  const wifi = /WIFI|AX|WiFi/.test(name)
  return {
    brand,
    model: name,
    tail: `${brandOf(brand).name} ${name} ${SOCKET_TITLE[chipset.socket]} ${FF_TITLE[form]}`,
    price:
      chipset.price *
      (1 + 0.22 * lineIndex) *
      (wifi ? 1.08 : 1) *
      (form === 'eatx' ? 1.6 : form === 'itx' ? 1.25 : 1),
    attributes: {
      socket: chipset.socket,
      chipset: chipset.code,
      memory_type: memoryType,
      form_factor: form,
      memory_slots: slots,
      max_memory: (memoryType === 'ddr5' ? 48 : 32) * slots,
      m2_slots: Math.min(5, 1 + chipset.tier + (form === 'itx' ? 0 : 1)),
      sata_ports: form === 'itx' ? 2 : chipset.tier === 0 ? 4 : 6,
      wifi,
    },
    weightGrams: form === 'itx' ? 700 : form === 'matx' ? 1000 : 1400,
  }
}

export const motherboards: LeafSpec = {
  slug: 'materinskie-platy',
  kind: 'motherboard',
  word: ['Материнская плата', 'Аналық плата'],
  weight: 3,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['socket', 'multiselect'],
    ['chipset', 'multiselect'],
    ['memory_type', 'multiselect'],
    ['form_factor', 'multiselect'],
    ['wifi', 'checkbox'],
  ],
  highlights: ['socket', 'chipset', 'memory_type', 'form_factor'],
  make: makeMotherboard,
}

// ---------------------------------------------------------------- memory

// prettier-ignore
const RAM_LINES: { brand: string; name: string; type: 'ddr4' | 'ddr5'; rgb: boolean; premium: number }[] = [
  { brand: 'kingston', name: 'FURY Beast', type: 'ddr4', rgb: false, premium: 1 },
  { brand: 'kingston', name: 'FURY Beast RGB', type: 'ddr5', rgb: true, premium: 1.1 },
  { brand: 'kingston', name: 'FURY Beast', type: 'ddr5', rgb: false, premium: 1 },
  { brand: 'kingston', name: 'FURY Renegade', type: 'ddr5', rgb: false, premium: 1.2 },
  { brand: 'corsair', name: 'Vengeance LPX', type: 'ddr4', rgb: false, premium: 1.05 },
  { brand: 'corsair', name: 'Vengeance', type: 'ddr5', rgb: false, premium: 1.05 },
  { brand: 'corsair', name: 'Vengeance RGB', type: 'ddr5', rgb: true, premium: 1.15 },
  { brand: 'gskill', name: 'Ripjaws V', type: 'ddr4', rgb: false, premium: 1 },
  { brand: 'gskill', name: 'Trident Z5 RGB', type: 'ddr5', rgb: true, premium: 1.25 },
  { brand: 'gskill', name: 'Flare X5', type: 'ddr5', rgb: false, premium: 1.05 },
  { brand: 'adata', name: 'XPG Lancer', type: 'ddr5', rgb: false, premium: 1 },
  { brand: 'adata', name: 'XPG Spectrix D35G', type: 'ddr4', rgb: true, premium: 1.05 },
  { brand: 'crucial', name: 'Pro', type: 'ddr5', rgb: false, premium: 0.95 },
  { brand: 'crucial', name: 'Pro', type: 'ddr4', rgb: false, premium: 0.95 },
]

const RAM_KITS = {
  ddr4: { kits: ['1x8', '1x16', '2x8', '2x16', '2x32'], freqs: [3200, 3600], cl: [16, 18], perGb: 2300 },
  ddr5: {
    kits: ['1x16', '2x16', '2x24', '2x32'],
    freqs: [5200, 5600, 6000, 6400],
    cl: [30, 32, 36, 40],
    perGb: 3000,
  },
} as const

function makeRam(r: Random, slot: number): Draft {
  const type = slotPick(r, slot, ['ddr5', 'ddr4', 'ddr5'] as const)
  const line = r.pick(RAM_LINES.filter((l) => slot < 0 || slot >= 3 || l.type === type))
  const spec = RAM_KITS[line.type]
  const kit = r.pick(spec.kits)
  const [modules, size] = kit.split('x').map(Number) as [number, number]
  const capacity = modules * size
  const freqIndex = r.int(0, spec.freqs.length - 1)
  const frequency = spec.freqs[freqIndex] as number
  const kitText = modules > 1 ? ` (${kit}GB)` : ''
  return {
    brand: line.brand,
    model: `${line.name} ${line.type.toUpperCase()}`,
    tail: `${brandOf(line.brand).name} ${line.name} ${gb(capacity)}${kitText} ${line.type.toUpperCase()} ${frequency}MHz`,
    price: capacity * spec.perGb * line.premium * (1 + 0.06 * freqIndex) + 6000,
    attributes: {
      memory_type: line.type,
      capacity,
      kit,
      modules,
      frequency,
      cas_latency: r.pick(spec.cl),
      rgb: line.rgb,
    },
    weightGrams: 40 * modules + 60,
  }
}

export const memory: LeafSpec = {
  slug: 'operativnaya-pamyat',
  kind: 'ram',
  word: ['Оперативная память', 'Жедел жад'],
  weight: 3,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['memory_type', 'multiselect'],
    ['capacity', 'multiselect'],
    ['kit', 'multiselect'],
    ['frequency', 'multiselect'],
    ['rgb', 'checkbox'],
  ],
  highlights: ['memory_type', 'capacity', 'frequency'],
  make: makeRam,
}

// ---------------------------------------------------------------- graphics cards

interface GpuChip {
  code: string
  vendor: 'nvidia' | 'amd'
  name: string
  vram: readonly number[]
  vramType: string
  tdp: number
  psu: number
  price: number
}

// prettier-ignore
const GPU_CHIPS: GpuChip[] = [
  { code: 'rtx-4060', vendor: 'nvidia', name: 'GeForce RTX 4060', vram: [8], vramType: 'gddr6', tdp: 115, psu: 550, price: 169_990 },
  { code: 'rtx-4060-ti', vendor: 'nvidia', name: 'GeForce RTX 4060 Ti', vram: [8, 16], vramType: 'gddr6', tdp: 160, psu: 550, price: 219_990 },
  { code: 'rtx-4070', vendor: 'nvidia', name: 'GeForce RTX 4070', vram: [12], vramType: 'gddr6x', tdp: 200, psu: 650, price: 329_990 },
  { code: 'rtx-4070-super', vendor: 'nvidia', name: 'GeForce RTX 4070 SUPER', vram: [12], vramType: 'gddr6x', tdp: 220, psu: 650, price: 369_990 },
  { code: 'rtx-4070-ti-super', vendor: 'nvidia', name: 'GeForce RTX 4070 Ti SUPER', vram: [16], vramType: 'gddr6x', tdp: 285, psu: 700, price: 489_990 },
  { code: 'rtx-4080-super', vendor: 'nvidia', name: 'GeForce RTX 4080 SUPER', vram: [16], vramType: 'gddr6x', tdp: 320, psu: 750, price: 629_990 },
  { code: 'rtx-4090', vendor: 'nvidia', name: 'GeForce RTX 4090', vram: [24], vramType: 'gddr6x', tdp: 450, psu: 850, price: 1_199_990 },
  { code: 'rtx-5060', vendor: 'nvidia', name: 'GeForce RTX 5060', vram: [8], vramType: 'gddr7', tdp: 145, psu: 550, price: 199_990 },
  { code: 'rtx-5070', vendor: 'nvidia', name: 'GeForce RTX 5070', vram: [12], vramType: 'gddr7', tdp: 250, psu: 650, price: 379_990 },
  { code: 'rtx-5070-ti', vendor: 'nvidia', name: 'GeForce RTX 5070 Ti', vram: [16], vramType: 'gddr7', tdp: 300, psu: 750, price: 519_990 },
  { code: 'rtx-5080', vendor: 'nvidia', name: 'GeForce RTX 5080', vram: [16], vramType: 'gddr7', tdp: 360, psu: 850, price: 729_990 },
  { code: 'rtx-5090', vendor: 'nvidia', name: 'GeForce RTX 5090', vram: [32], vramType: 'gddr7', tdp: 575, psu: 1000, price: 1_599_990 },
  { code: 'rx-7600', vendor: 'amd', name: 'Radeon RX 7600', vram: [8], vramType: 'gddr6', tdp: 165, psu: 550, price: 149_990 },
  { code: 'rx-7700-xt', vendor: 'amd', name: 'Radeon RX 7700 XT', vram: [12], vramType: 'gddr6', tdp: 245, psu: 700, price: 249_990 },
  { code: 'rx-7800-xt', vendor: 'amd', name: 'Radeon RX 7800 XT', vram: [16], vramType: 'gddr6', tdp: 263, psu: 700, price: 299_990 },
  { code: 'rx-7900-xtx', vendor: 'amd', name: 'Radeon RX 7900 XTX', vram: [24], vramType: 'gddr6', tdp: 355, psu: 800, price: 549_990 },
  { code: 'rx-9070-xt', vendor: 'amd', name: 'Radeon RX 9070 XT', vram: [16], vramType: 'gddr6', tdp: 304, psu: 750, price: 449_990 },
]

/** Card lines per board partner: [name, fans, price premium]. Two-fan cards are short, three-fan long. */
const GPU_LINES: Record<'nvidia' | 'amd', Record<string, readonly (readonly [string, number, number])[]>> = {
  nvidia: {
    asus: [
      ['DUAL', 2, 0],
      ['DUAL OC', 2, 0.04],
      ['PRIME', 3, 0.06],
      ['TUF Gaming', 3, 0.12],
      ['ROG Strix', 3, 0.25],
    ],
    msi: [
      ['VENTUS 2X', 2, 0],
      ['VENTUS 3X', 3, 0.04],
      ['GAMING X TRIO', 3, 0.14],
      ['SUPRIM X', 3, 0.22],
    ],
    gigabyte: [
      ['WINDFORCE', 2, 0],
      ['EAGLE OC', 3, 0.05],
      ['GAMING OC', 3, 0.1],
      ['AORUS MASTER', 3, 0.24],
    ],
    palit: [
      ['Dual', 2, -0.02],
      ['JetStream', 3, 0.03],
      ['GamingPro', 3, 0.06],
    ],
    zotac: [
      ['Twin Edge', 2, -0.02],
      ['Trinity', 3, 0.05],
      ['AMP Extreme', 3, 0.16],
    ],
  },
  amd: {
    sapphire: [
      ['PULSE', 2, 0],
      ['PURE', 3, 0.06],
      ['NITRO+', 3, 0.14],
    ],
    asus: [
      ['DUAL', 2, 0.02],
      ['TUF Gaming', 3, 0.12],
    ],
    gigabyte: [['GAMING OC', 3, 0.06]],
    msi: [
      ['MECH 2X', 2, 0],
      ['GAMING TRIO', 3, 0.1],
    ],
  },
}

/**
 * The PSU connectors a card needs: NVIDIA's cards from 250 W take one 16-pin 12V-2x6, the rest 8-pin
 * PCIe plugs of 150 W each (the slot gives 75 W more).
 */
function gpuPower(chip: GpuChip): { pcie_8pin: number; pcie_16pin: number } {
  if (chip.vendor === 'nvidia' && chip.tdp >= 250) return { pcie_8pin: 0, pcie_16pin: 1 }
  return { pcie_8pin: chip.tdp <= 225 ? 1 : chip.tdp <= 300 ? 2 : 3, pcie_16pin: 0 }
}

function makeGpu(r: Random, slot: number): Draft {
  // the opening sweep gives a modest card first, so a small catalogue has an affordable build
  const chip = sweepPick(
    r,
    slot,
    GPU_CHIPS,
    GPU_CHIPS.filter((c) => ['rtx-4060', 'rtx-4070', 'rx-7800-xt'].includes(c.code)),
  )
  const partners = GPU_LINES[chip.vendor]
  const brand = r.pick(Object.keys(partners))
  const big = chip.tdp >= 320
  const lines = (partners[brand] ?? []).filter(([, fans]) => !big || fans === 3)
  const [line, fans, premium] = r.pick(lines.length > 0 ? lines : [['OC', 3, 0] as const])
  const vram = r.pick(chip.vram)
  const length = (fans === 2 ? 230 : 300) + Math.round(chip.tdp / 10) + r.int(0, 12)
  return {
    brand,
    model: `${chip.name.replace(/^(GeForce|Radeon) /, '')} ${line}`,
    tail: `${brandOf(brand).name} ${chip.name} ${line} ${vram}GB`,
    price: chip.price * (1 + premium) + (vram > (chip.vram[0] ?? vram) ? 45_000 : 0),
    attributes: {
      gpu_vendor: chip.vendor,
      gpu_chip: chip.code,
      vram,
      vram_type: chip.vramType,
      tdp: chip.tdp,
      recommended_psu: chip.psu,
      length,
      slot_width: fans === 3 && chip.tdp >= 250 ? 3 : 2,
      ...gpuPower(chip),
    },
    weightGrams: 600 + fans * 250 + Math.round(chip.tdp * 2),
  }
}

export const graphicsCards: LeafSpec = {
  slug: 'videokarty',
  kind: 'gpu',
  word: ['Видеокарта', 'Бейнекарта'],
  weight: 3,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['gpu_vendor', 'multiselect'],
    ['gpu_chip', 'multiselect'],
    ['vram', 'multiselect'],
    ['tdp', 'range'],
    ['length', 'range'],
  ],
  highlights: ['gpu_chip', 'vram', 'vram_type', 'recommended_psu'],
  preorderShare: 0.02,
  make: makeGpu,
}

// ---------------------------------------------------------------- storage

interface StorageLine {
  brand: string
  name: string
  type: 'nvme' | 'sata-ssd' | 'hdd'
  iface: string
  read: number
  capacities: readonly number[]
  /** Price of the first capacity. */
  price: number
}

// prettier-ignore
const STORAGE: StorageLine[] = [
  { brand: 'samsung', name: '990 PRO', type: 'nvme', iface: 'pcie-4', read: 7450, capacities: [1024, 2048, 4096], price: 79_990 },
  { brand: 'samsung', name: '990 EVO Plus', type: 'nvme', iface: 'pcie-4', read: 7250, capacities: [1024, 2048, 4096], price: 59_990 },
  { brand: 'samsung', name: '870 EVO', type: 'sata-ssd', iface: 'sata3', read: 560, capacities: [250, 500, 1024, 2048], price: 24_990 },
  { brand: 'kingston', name: 'NV3', type: 'nvme', iface: 'pcie-4', read: 6000, capacities: [500, 1024, 2048], price: 24_990 },
  { brand: 'kingston', name: 'KC3000', type: 'nvme', iface: 'pcie-4', read: 7000, capacities: [512, 1024, 2048], price: 39_990 },
  { brand: 'kingston', name: 'FURY Renegade', type: 'nvme', iface: 'pcie-4', read: 7300, capacities: [1024, 2048], price: 64_990 },
  { brand: 'kingston', name: 'A400', type: 'sata-ssd', iface: 'sata3', read: 500, capacities: [240, 480, 960], price: 12_990 },
  { brand: 'wd', name: 'Blue SN580', type: 'nvme', iface: 'pcie-4', read: 4150, capacities: [500, 1024, 2048], price: 24_990 },
  { brand: 'wd', name: 'Black SN850X', type: 'nvme', iface: 'pcie-4', read: 7300, capacities: [1024, 2048, 4096], price: 69_990 },
  { brand: 'wd', name: 'Blue', type: 'hdd', iface: 'sata3', read: 180, capacities: [1024, 2048, 4096], price: 24_990 },
  { brand: 'crucial', name: 'P3 Plus', type: 'nvme', iface: 'pcie-4', read: 5000, capacities: [500, 1024, 2048, 4096], price: 24_990 },
  { brand: 'crucial', name: 'T705', type: 'nvme', iface: 'pcie-5', read: 14500, capacities: [1024, 2048], price: 129_990 },
  { brand: 'crucial', name: 'MX500', type: 'sata-ssd', iface: 'sata3', read: 560, capacities: [250, 500, 1024, 2048], price: 19_990 },
  { brand: 'seagate', name: 'Barracuda', type: 'hdd', iface: 'sata3', read: 190, capacities: [1024, 2048, 4096, 8192], price: 24_990 },
  { brand: 'seagate', name: 'IronWolf', type: 'hdd', iface: 'sata3', read: 210, capacities: [4096, 8192], price: 69_990 },
  { brand: 'adata', name: 'Legend 850', type: 'nvme', iface: 'pcie-4', read: 5000, capacities: [512, 1024, 2048], price: 29_990 },
  { brand: 'adata', name: 'SU650', type: 'sata-ssd', iface: 'sata3', read: 520, capacities: [256, 512, 1024], price: 14_990 },
]

function makeStorage(r: Random, slot: number): Draft {
  const type = slotPick(r, slot, ['nvme', 'sata-ssd', 'hdd'] as const)
  const line = r.pick(STORAGE.filter((s) => slot < 0 || slot >= 3 || s.type === type))
  const step = r.int(0, line.capacities.length - 1)
  const capacity = line.capacities[step] as number
  const form = line.type === 'nvme' ? 'm2-2280' : line.type === 'hdd' ? '3-5' : '2-5'
  const formText = line.type === 'nvme' ? 'M.2 NVMe' : line.type === 'hdd' ? '3.5" 7200rpm' : '2.5" SATA'
  const hdd = line.type === 'hdd'
  return {
    brand: line.brand,
    model: line.name,
    tail: `${brandOf(line.brand).name} ${line.name} ${gb(capacity)} ${formText}`,
    price: line.price * Math.pow(1.75, step),
    attributes: {
      storage_type: line.type,
      capacity,
      form_factor: form,
      interface: line.iface,
      read_speed: line.read,
    },
    weightGrams: hdd ? 600 : line.type === 'nvme' ? 30 : 60,
    word: hdd ? ['Жесткий диск', 'Қатқыл диск'] : ['SSD накопитель', 'SSD жинақтағыш'],
  }
}

export const storage: LeafSpec = {
  slug: 'nakopiteli',
  kind: 'storage',
  word: ['Накопитель', 'Жинақтағыш'],
  weight: 4,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['storage_type', 'multiselect'],
    ['capacity', 'multiselect'],
    ['form_factor', 'multiselect'],
    ['interface', 'multiselect'],
  ],
  highlights: ['storage_type', 'capacity', 'read_speed'],
  make: makeStorage,
}

// ---------------------------------------------------------------- power supplies

interface PsuLine {
  brand: string
  /** `{W}` is the wattage as the model name prints it. */
  name: string
  watts: readonly number[]
  cert: string
  modular: string
  form: 'atx' | 'sfx'
}

// prettier-ignore
const PSUS: PsuLine[] = [
  { brand: 'deepcool', name: 'PK{W}D', watts: [500, 550, 600, 650, 750, 850], cert: 'bronze', modular: 'none', form: 'atx' },
  { brand: 'deepcool', name: 'PQ{W}M', watts: [750, 850, 1000], cert: 'gold', modular: 'full', form: 'atx' },
  { brand: 'deepcool', name: 'PN{W}M', watts: [650, 750, 850], cert: 'gold', modular: 'full', form: 'atx' },
  { brand: 'corsair', name: 'CX{W}', watts: [550, 650, 750], cert: 'bronze', modular: 'none', form: 'atx' },
  { brand: 'corsair', name: 'RM{W}e', watts: [750, 850, 1000], cert: 'gold', modular: 'full', form: 'atx' },
  { brand: 'corsair', name: 'HX{W}i', watts: [1000, 1200, 1500], cert: 'platinum', modular: 'full', form: 'atx' },
  { brand: 'corsair', name: 'SF{W}', watts: [750, 1000], cert: 'platinum', modular: 'full', form: 'sfx' },
  { brand: 'be-quiet', name: 'System Power 10 {W}W', watts: [550, 650, 750], cert: 'bronze', modular: 'none', form: 'atx' },
  { brand: 'be-quiet', name: 'Pure Power 12 M {W}W', watts: [650, 750, 850, 1000], cert: 'gold', modular: 'full', form: 'atx' },
  { brand: 'be-quiet', name: 'Dark Power 13 {W}W', watts: [850, 1000], cert: 'titanium', modular: 'full', form: 'atx' },
  { brand: 'chieftec', name: 'Proton BDF-{W}S', watts: [500, 600, 650, 750], cert: 'bronze', modular: 'none', form: 'atx' },
  { brand: 'chieftec', name: 'Polaris 3.0 PPS-{W}FC-A3', watts: [850, 1050], cert: 'gold', modular: 'full', form: 'atx' },
  { brand: 'cooler-master', name: 'MWE Gold {W} V2', watts: [650, 750, 850], cert: 'gold', modular: 'full', form: 'atx' },
  { brand: 'cooler-master', name: 'MWE Bronze {W} V3', watts: [550, 650, 750], cert: 'bronze', modular: 'semi', form: 'atx' },
  { brand: 'cooler-master', name: 'V{W} SFX Gold', watts: [750, 850], cert: 'gold', modular: 'full', form: 'sfx' },
]

const PER_WATT: Record<string, number> = { bronze: 52, gold: 78, platinum: 105, titanium: 135 }
const CERT_TITLE: Record<string, string> = {
  bronze: '80 PLUS Bronze',
  gold: '80 PLUS Gold',
  platinum: '80 PLUS Platinum',
  titanium: '80 PLUS Titanium',
}

function makePsu(r: Random, slot: number): Draft {
  // a strong unit first, so the opening sweep can power any card it generated
  const line = slot === 0 ? (PSUS[1] as PsuLine) : r.pick(PSUS)
  const watts = slot === 0 ? 1000 : r.pick(line.watts)
  const name = line.name.replace('{W}', String(watts))
  return {
    brand: line.brand,
    model: name,
    tail: `${brandOf(line.brand).name} ${name} ${watts}W ${CERT_TITLE[line.cert]}`,
    price: watts * (PER_WATT[line.cert] ?? 60) * (line.form === 'sfx' ? 1.3 : 1),
    attributes: {
      wattage: watts,
      certificate: line.cert,
      modular: line.modular,
      form_factor: line.form,
      // more power, more plugs; a native 16-pin on the strong Gold and better units
      pcie_8pin: watts < 600 ? 2 : watts < 850 ? 4 : 6,
      pcie_16pin: watts >= 850 && line.cert !== 'bronze' ? 1 : 0,
    },
    weightGrams: 1200 + Math.round(watts * 1.2),
  }
}

export const powerSupplies: LeafSpec = {
  slug: 'bloki-pitaniya',
  kind: 'psu',
  word: ['Блок питания', 'Қуат блогы'],
  weight: 2,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['wattage', 'range'],
    ['certificate', 'multiselect'],
    ['modular', 'multiselect'],
    ['form_factor', 'multiselect'],
  ],
  highlights: ['wattage', 'certificate', 'modular'],
  make: makePsu,
}

// ---------------------------------------------------------------- cases

interface CaseModel {
  brand: string
  name: string
  board: 'eatx' | 'atx' | 'matx' | 'itx'
  type: string
  gpu: number
  cooler: number
  window: boolean
  price: number
}

// prettier-ignore
const CASES: CaseModel[] = [
  { brand: 'deepcool', name: 'CC560', board: 'atx', type: 'midi-tower', gpu: 370, cooler: 163, window: true, price: 29_990 },
  { brand: 'deepcool', name: 'CH560', board: 'atx', type: 'midi-tower', gpu: 380, cooler: 175, window: true, price: 49_990 },
  { brand: 'deepcool', name: 'CK560', board: 'atx', type: 'midi-tower', gpu: 380, cooler: 175, window: true, price: 44_990 },
  { brand: 'deepcool', name: 'CH370', board: 'matx', type: 'mini-tower', gpu: 320, cooler: 167, window: true, price: 34_990 },
  { brand: 'deepcool', name: 'MATREXX 40 3FS', board: 'matx', type: 'mini-tower', gpu: 320, cooler: 155, window: true, price: 24_990 },
  { brand: 'deepcool', name: 'CH160', board: 'itx', type: 'mini-tower', gpu: 305, cooler: 175, window: true, price: 39_990 },
  { brand: 'corsair', name: '3000D Airflow', board: 'atx', type: 'midi-tower', gpu: 360, cooler: 170, window: true, price: 49_990 },
  { brand: 'corsair', name: '4000D Airflow', board: 'atx', type: 'midi-tower', gpu: 360, cooler: 170, window: true, price: 59_990 },
  { brand: 'corsair', name: '5000D Airflow', board: 'eatx', type: 'full-tower', gpu: 420, cooler: 170, window: true, price: 99_990 },
  { brand: 'nzxt', name: 'H5 Flow', board: 'atx', type: 'midi-tower', gpu: 365, cooler: 165, window: true, price: 49_990 },
  { brand: 'nzxt', name: 'H9 Flow', board: 'atx', type: 'midi-tower', gpu: 435, cooler: 165, window: true, price: 99_990 },
  { brand: 'zalman', name: 'S2', board: 'atx', type: 'midi-tower', gpu: 330, cooler: 160, window: true, price: 19_990 },
  { brand: 'zalman', name: 'T8', board: 'atx', type: 'midi-tower', gpu: 320, cooler: 160, window: false, price: 17_990 },
  { brand: 'zalman', name: 'Z9 Iceberg', board: 'atx', type: 'midi-tower', gpu: 360, cooler: 165, window: true, price: 44_990 },
  { brand: 'cooler-master', name: 'MasterBox Q300L', board: 'matx', type: 'mini-tower', gpu: 360, cooler: 159, window: true, price: 24_990 },
  { brand: 'cooler-master', name: 'TD500 Mesh V2', board: 'atx', type: 'midi-tower', gpu: 410, cooler: 165, window: true, price: 59_990 },
  { brand: 'cooler-master', name: 'MasterBox NR200P', board: 'itx', type: 'mini-tower', gpu: 330, cooler: 155, window: true, price: 49_990 },
  { brand: 'be-quiet', name: 'Pure Base 500DX', board: 'atx', type: 'midi-tower', gpu: 369, cooler: 190, window: true, price: 69_990 },
]

function supportedBoards(board: CaseModel['board']): string[] {
  return BOARD_FORM_FACTORS.slice(BOARD_FORM_FACTORS.indexOf(board))
}

function makeCase(r: Random, slot: number): Draft {
  const m = slot === 0 ? (CASES[1] as CaseModel) : r.pick(CASES)
  const white = r.chance(0.35)
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name} ${white ? 'White' : 'Black'}`,
    price: m.price * (white ? 1.05 : 1),
    attributes: {
      form_factor: supportedBoards(m.board),
      case_type: m.type,
      max_gpu_length: m.gpu,
      max_cooler_height: m.cooler,
      // an SFX unit fits an ATX bay with a bracket; small cases are built around SFX
      psu_form_factor: m.board === 'itx' ? ['sfx', 'atx'] : ['atx', 'sfx'],
      side_window: m.window,
      color: white ? 'white' : 'black',
    },
    weightGrams: m.type === 'full-tower' ? 12_000 : m.type === 'midi-tower' ? 7500 : 5000,
  }
}

export const cases: LeafSpec = {
  slug: 'korpusa',
  kind: 'case',
  word: ['Корпус', 'Корпус'],
  weight: 2,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['form_factor', 'multiselect'],
    ['case_type', 'multiselect'],
    ['max_gpu_length', 'range'],
    ['color', 'multiselect'],
    ['side_window', 'checkbox'],
  ],
  highlights: ['case_type', 'form_factor', 'max_gpu_length'],
  make: makeCase,
}

// ---------------------------------------------------------------- coolers

interface CoolerModel {
  brand: string
  name: string
  type: 'air' | 'aio'
  tdp: number
  /** Height for air coolers, radiator length for liquid ones. */
  size: number
  sockets: readonly string[]
  rgb: boolean
  price: number
}

const ALL_SOCKETS = ['am5', 'am4', 'lga1700', 'lga1851']
// prettier-ignore
const COOLERS: CoolerModel[] = [
  { brand: 'deepcool', name: 'AK400', type: 'air', tdp: 220, size: 155, sockets: ALL_SOCKETS, rgb: false, price: 19_990 },
  { brand: 'deepcool', name: 'AK500', type: 'air', tdp: 240, size: 158, sockets: ALL_SOCKETS, rgb: false, price: 29_990 },
  { brand: 'deepcool', name: 'AK620', type: 'air', tdp: 260, size: 160, sockets: ALL_SOCKETS, rgb: false, price: 39_990 },
  { brand: 'deepcool', name: 'AG400', type: 'air', tdp: 220, size: 150, sockets: ['am5', 'am4', 'lga1700'], rgb: false, price: 12_990 },
  { brand: 'noctua', name: 'NH-D15', type: 'air', tdp: 250, size: 165, sockets: ALL_SOCKETS, rgb: false, price: 69_990 },
  { brand: 'noctua', name: 'NH-U12S', type: 'air', tdp: 180, size: 158, sockets: ALL_SOCKETS, rgb: false, price: 44_990 },
  { brand: 'noctua', name: 'NH-L9a-AM5', type: 'air', tdp: 65, size: 37, sockets: ['am5', 'am4'], rgb: false, price: 29_990 },
  { brand: 'id-cooling', name: 'SE-224-XTS', type: 'air', tdp: 220, size: 154, sockets: ALL_SOCKETS, rgb: false, price: 12_990 },
  { brand: 'id-cooling', name: 'SE-214-XT', type: 'air', tdp: 180, size: 150, sockets: ['am5', 'am4', 'lga1700'], rgb: true, price: 9990 },
  { brand: 'id-cooling', name: 'IS-55', type: 'air', tdp: 125, size: 57, sockets: ['am5', 'am4', 'lga1700'], rgb: true, price: 19_990 },
  { brand: 'be-quiet', name: 'Dark Rock Pro 5', type: 'air', tdp: 270, size: 168, sockets: ALL_SOCKETS, rgb: false, price: 59_990 },
  { brand: 'be-quiet', name: 'Pure Rock 2', type: 'air', tdp: 150, size: 155, sockets: ['am5', 'am4', 'lga1700'], rgb: false, price: 24_990 },
  { brand: 'arctic', name: 'Freezer 36', type: 'air', tdp: 200, size: 159, sockets: ALL_SOCKETS, rgb: false, price: 14_990 },
  { brand: 'deepcool', name: 'LE520', type: 'aio', tdp: 250, size: 240, sockets: ALL_SOCKETS, rgb: true, price: 39_990 },
  { brand: 'deepcool', name: 'LS720', type: 'aio', tdp: 300, size: 360, sockets: ALL_SOCKETS, rgb: true, price: 69_990 },
  { brand: 'deepcool', name: 'Mystique 360', type: 'aio', tdp: 300, size: 360, sockets: ALL_SOCKETS, rgb: true, price: 89_990 },
  { brand: 'arctic', name: 'Liquid Freezer III 240', type: 'aio', tdp: 300, size: 240, sockets: ALL_SOCKETS, rgb: false, price: 49_990 },
  { brand: 'arctic', name: 'Liquid Freezer III 360', type: 'aio', tdp: 350, size: 360, sockets: ALL_SOCKETS, rgb: false, price: 64_990 },
  { brand: 'nzxt', name: 'Kraken 240', type: 'aio', tdp: 280, size: 240, sockets: ALL_SOCKETS, rgb: true, price: 79_990 },
  { brand: 'nzxt', name: 'Kraken Elite 360', type: 'aio', tdp: 350, size: 360, sockets: ALL_SOCKETS, rgb: true, price: 169_990 },
  { brand: 'corsair', name: 'iCUE H100i RGB Elite', type: 'aio', tdp: 280, size: 240, sockets: ALL_SOCKETS, rgb: true, price: 74_990 },
  { brand: 'corsair', name: 'iCUE H150i Elite', type: 'aio', tdp: 320, size: 360, sockets: ALL_SOCKETS, rgb: true, price: 99_990 },
  { brand: 'cooler-master', name: 'MasterLiquid 240L Core', type: 'aio', tdp: 250, size: 240, sockets: ALL_SOCKETS, rgb: true, price: 34_990 },
]

function makeCooler(r: Random, slot: number): Draft {
  const m = slot === 0 ? (COOLERS[2] as CoolerModel) : r.pick(COOLERS)
  const air = m.type === 'air'
  const attributes: ProductAttributes = {
    cooler_type: m.type,
    socket: [...m.sockets],
    max_tdp: m.tdp,
    rgb: m.rgb,
    noise: 20 + r.int(5, 15),
  }
  if (air) attributes.cooler_height = m.size
  else attributes.radiator = m.size
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name}`,
    price: m.price,
    attributes,
    weightGrams: air ? 400 + m.size * 5 : 800 + m.size * 4,
    word: air
      ? ['Кулер для процессора', 'Процессор кулері']
      : ['Система жидкостного охлаждения', 'Сұйықтықпен салқындату жүйесі'],
  }
}

export const coolers: LeafSpec = {
  slug: 'kulery',
  kind: 'cooler',
  word: ['Кулер', 'Кулер'],
  weight: 2,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['cooler_type', 'multiselect'],
    ['socket', 'multiselect'],
    ['max_tdp', 'range'],
    ['rgb', 'checkbox'],
  ],
  highlights: ['cooler_type', 'socket', 'max_tdp'],
  make: makeCooler,
}

/** The socket of every chipset the generator uses, for tests and the configurator. */
export const CHIPSET_SOCKET: Record<string, string> = Object.fromEntries(
  CHIPSETS.map((c) => [c.code, c.socket]),
)
