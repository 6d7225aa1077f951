import { brandOf } from '../brands'
import type { Random } from '../random'
import { gb, num } from '../text'
import { named, partNumber, sweepPick, type Draft, type LeafSpec } from './types'

interface LaptopModel {
  brand: string
  name: string
  diagonal: number
  cpus: readonly string[]
  gpus: readonly string[]
  /** [ram, ssd] in GB, cheapest first. */
  configs: readonly (readonly [number, number])[]
  price: number
  part: string
  colours: readonly (readonly [string, string])[]
  /** Some cheap models ship without Windows. */
  dosShare?: number
}

const GRAY = [['Gray', 'gray']] as const
const SILVER_GRAY = [
  ['Silver', 'silver'],
  ['Gray', 'gray'],
] as const
const MAC = [
  ['Midnight', 'black'],
  ['Starlight', 'gold'],
  ['Space Gray', 'gray'],
  ['Silver', 'silver'],
] as const

// prettier-ignore
const LAPTOPS: LaptopModel[] = [
  { brand: 'lenovo', name: 'IdeaPad Slim 3 15IRH8', diagonal: 15.6, cpus: ['Core i5-13420H', 'Core i7-13620H'], gpus: ['integrated'], configs: [[8, 512], [16, 512], [16, 1024]], price: 289_990, part: '83EM00AARK', colours: GRAY },
  { brand: 'lenovo', name: 'IdeaPad 1 15AMN7', diagonal: 15.6, cpus: ['Ryzen 5 7520U'], gpus: ['integrated'], configs: [[8, 256], [8, 512]], price: 199_990, part: '82VG00AARK', colours: GRAY, dosShare: 0.5 },
  { brand: 'lenovo', name: 'LOQ 15IAX9', diagonal: 15.6, cpus: ['Core i5-12450HX'], gpus: ['rtx-3050', 'rtx-4050'], configs: [[16, 512]], price: 449_990, part: '83GS00AARK', colours: GRAY },
  { brand: 'lenovo', name: 'Legion 5 16IRX9', diagonal: 16, cpus: ['Core i7-14650HX'], gpus: ['rtx-4060', 'rtx-4070'], configs: [[16, 1024], [32, 1024]], price: 799_990, part: '83DG00AARK', colours: GRAY },
  { brand: 'lenovo', name: 'ThinkPad E14 Gen 5', diagonal: 14, cpus: ['Core i5-1335U', 'Core i7-1355U'], gpus: ['integrated'], configs: [[16, 512]], price: 459_990, part: '21JK00AART', colours: [['Black', 'black']] },
  { brand: 'asus', name: 'Vivobook 15 X1504VA', diagonal: 15.6, cpus: ['Core i3-1315U', 'Core i5-1335U'], gpus: ['integrated'], configs: [[8, 512], [16, 512]], price: 239_990, part: 'X1504VA-BQ999', colours: SILVER_GRAY, dosShare: 0.4 },
  { brand: 'asus', name: 'Vivobook 16 M1605YA', diagonal: 16, cpus: ['Ryzen 5 7530U', 'Ryzen 7 7730U'], gpus: ['integrated'], configs: [[16, 512]], price: 279_990, part: 'M1605YA-MB999', colours: SILVER_GRAY },
  { brand: 'asus', name: 'Zenbook 14 OLED UX3405MA', diagonal: 14, cpus: ['Core Ultra 5 125H', 'Core Ultra 7 155H'], gpus: ['integrated'], configs: [[16, 512], [16, 1024]], price: 529_990, part: 'UX3405MA-QD999W', colours: [['Ponder Blue', 'blue']] },
  { brand: 'asus', name: 'TUF Gaming F15 FX507ZC4', diagonal: 15.6, cpus: ['Core i5-12500H'], gpus: ['rtx-3050'], configs: [[16, 512]], price: 449_990, part: 'FX507ZC4-HN999', colours: GRAY },
  { brand: 'asus', name: 'TUF Gaming A15 FA507NV', diagonal: 15.6, cpus: ['Ryzen 7 7735HS'], gpus: ['rtx-4060'], configs: [[16, 512], [16, 1024]], price: 569_990, part: 'FA507NV-LP999', colours: GRAY },
  { brand: 'asus', name: 'ROG Strix G16 G614JV', diagonal: 16, cpus: ['Core i7-13650HX'], gpus: ['rtx-4060'], configs: [[16, 1024]], price: 749_990, part: 'G614JV-N4999', colours: GRAY },
  { brand: 'hp', name: '15-fd0', diagonal: 15.6, cpus: ['Core i3-1315U', 'Core i5-1335U'], gpus: ['integrated'], configs: [[8, 512], [16, 512]], price: 229_990, part: '9A9A9EA', colours: SILVER_GRAY, dosShare: 0.5 },
  { brand: 'hp', name: 'Pavilion 15-eh3', diagonal: 15.6, cpus: ['Ryzen 5 7530U', 'Ryzen 7 7730U'], gpus: ['integrated'], configs: [[16, 512]], price: 329_990, part: '9A9A9EA', colours: SILVER_GRAY },
  { brand: 'hp', name: 'Victus 16-s0', diagonal: 16.1, cpus: ['Ryzen 5 7640HS'], gpus: ['rtx-4050', 'rtx-4060'], configs: [[16, 512]], price: 529_990, part: '9A9A9EA', colours: [['Mica Silver', 'silver']] },
  { brand: 'hp', name: 'OMEN 16-wf1', diagonal: 16.1, cpus: ['Core i7-14700HX'], gpus: ['rtx-4070'], configs: [[32, 1024]], price: 899_990, part: '9A9A9EA', colours: [['Shadow Black', 'black']] },
  { brand: 'hp', name: 'ProBook 450 G10', diagonal: 15.6, cpus: ['Core i5-1335U', 'Core i7-1355U'], gpus: ['integrated'], configs: [[16, 512]], price: 449_990, part: '9A9A9EA', colours: [['Silver', 'silver']] },
  { brand: 'apple', name: 'MacBook Air 13 M2', diagonal: 13.6, cpus: ['Apple M2'], gpus: ['integrated'], configs: [[8, 256], [16, 256], [16, 512]], price: 489_990, part: 'MLY9A3', colours: MAC },
  { brand: 'apple', name: 'MacBook Air 13 M3', diagonal: 13.6, cpus: ['Apple M3'], gpus: ['integrated'], configs: [[16, 256], [16, 512], [24, 512]], price: 599_990, part: 'MC9A4', colours: MAC },
  { brand: 'apple', name: 'MacBook Air 15 M3', diagonal: 15.3, cpus: ['Apple M3'], gpus: ['integrated'], configs: [[16, 512]], price: 729_990, part: 'MXD9A3', colours: MAC },
  { brand: 'apple', name: 'MacBook Pro 14 M4', diagonal: 14.2, cpus: ['Apple M4'], gpus: ['integrated'], configs: [[16, 512], [24, 1024]], price: 899_990, part: 'MW2U3', colours: [['Space Black', 'black'], ['Silver', 'silver']] },
  { brand: 'acer', name: 'Aspire 5 A515-58M', diagonal: 15.6, cpus: ['Core i5-1335U'], gpus: ['integrated'], configs: [[16, 512]], price: 299_990, part: 'NX.KHGER.99A', colours: GRAY },
  { brand: 'acer', name: 'Nitro V 15 ANV15-51', diagonal: 15.6, cpus: ['Core i5-13420H'], gpus: ['rtx-4050'], configs: [[16, 512]], price: 449_990, part: 'NH.QNBER.99A', colours: [['Obsidian Black', 'black']], dosShare: 0.5 },
  { brand: 'msi', name: 'Modern 15 B13M', diagonal: 15.6, cpus: ['Core i5-1335U', 'Core i7-1355U'], gpus: ['integrated'], configs: [[8, 512], [16, 512]], price: 259_990, part: '9S7-15H112-99A', colours: [['Classic Black', 'black']] },
  { brand: 'msi', name: 'Katana 15 B13VFK', diagonal: 15.6, cpus: ['Core i7-13620H'], gpus: ['rtx-4060'], configs: [[16, 1024]], price: 649_990, part: '9S7-158571-99A', colours: [['Black', 'black']] },
  { brand: 'msi', name: 'Thin GF63 12UC', diagonal: 15.6, cpus: ['Core i5-12450H'], gpus: ['rtx-3050'], configs: [[8, 512], [16, 512]], price: 379_990, part: '9S7-16R821-99A', colours: [['Black', 'black']] },
  { brand: 'huawei', name: 'MateBook D 16', diagonal: 16, cpus: ['Core i5-12450H', 'Core i7-12700H'], gpus: ['integrated'], configs: [[16, 512], [16, 1024]], price: 359_990, part: 'MCLF-X', colours: [['Space Gray', 'gray']] },
]

const FAVOURITE_LAPTOPS = named(
  LAPTOPS,
  'IdeaPad Slim 3 15IRH8',
  'MacBook Air 13 M2',
  'TUF Gaming A15 FA507NV',
)

function cpuFamily(cpu: string): string {
  const m = /^(Core (?:Ultra )?i?\d|Ryzen \d|Apple M\d)/.exec(cpu)?.[1] ?? cpu
  if (m.startsWith('Apple')) return `apple-${m.slice(6).toLowerCase()}`
  if (m.startsWith('Ryzen')) return `amd-ryzen-${m.slice(6)}`
  if (m.startsWith('Core Ultra')) return `intel-core-ultra-${m.slice(11)}`
  return `intel-core-${m.slice(5)}`
}

const GPU_TITLE: Record<string, string> = {
  'rtx-3050': 'RTX 3050',
  'rtx-4050': 'RTX 4050',
  'rtx-4060': 'RTX 4060',
  'rtx-4070': 'RTX 4070',
}
const GPU_PRICE: Record<string, number> = {
  integrated: 0,
  'rtx-3050': 0,
  'rtx-4050': 60_000,
  'rtx-4060': 120_000,
  'rtx-4070': 220_000,
}

function makeLaptop(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, LAPTOPS, FAVOURITE_LAPTOPS)
  const cpuIndex = r.int(0, m.cpus.length - 1)
  const cpu = m.cpus[cpuIndex] as string
  const gpu = r.pick(m.gpus)
  const tier = r.int(0, m.configs.length - 1)
  const [ram, ssd] = m.configs[tier] as readonly [number, number]
  const [colourName, colour] = r.pick(m.colours)
  const apple = m.brand === 'apple'
  const os = apple ? 'macos' : r.chance(m.dosShare ?? 0) ? 'dos' : 'windows'
  const part = partNumber(r, m.part)
  const gpuText = gpu === 'integrated' ? '' : ` ${GPU_TITLE[gpu]}`
  const tail = apple
    ? `Apple ${m.name} ${ram}/${gb(ssd)} ${colourName} ${part}`
    : `${brandOf(m.brand).name} ${m.name} ${num(m.diagonal)}" ${cpu} ${ram}/${gb(ssd)}${gpuText} ${part}`
  return {
    brand: m.brand,
    model: m.name,
    tail,
    price:
      m.price * (1 + 0.12 * cpuIndex + 0.13 * tier) + (GPU_PRICE[gpu] ?? 0) - (os === 'dos' ? 25_000 : 0),
    attributes: {
      color: colour,
      diagonal: m.diagonal,
      cpu_family: cpuFamily(cpu),
      cpu_model: cpu,
      ram,
      ssd,
      gpu_model: gpu,
      os,
      refresh_rate: gpu === 'integrated' ? 60 : 144,
      battery_life: apple ? 18 : gpu === 'integrated' ? 10 : 5,
    },
    weightGrams: Math.round(m.diagonal * 110 + (gpu === 'integrated' ? 0 : 700) + r.int(0, 150)),
  }
}

export const laptops: LeafSpec = {
  slug: 'noutbuki',
  kind: 'laptop',
  word: ['Ноутбук', 'Ноутбук'],
  weight: 8,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['cpu_family', 'multiselect'],
    ['ram', 'multiselect'],
    ['ssd', 'multiselect'],
    ['gpu_model', 'multiselect'],
    ['diagonal', 'range'],
    ['color', 'multiselect'],
    ['os', 'link'],
  ],
  highlights: ['diagonal', 'cpu_model', 'ram', 'ssd'],
  make: makeLaptop,
}
