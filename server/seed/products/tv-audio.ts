import { brandOf } from '../brands'
import type { Random } from '../random'
import { named, sweepPick, type Draft, type LeafSpec } from './types'

// ---------------------------------------------------------------- televisions

interface TvSeries {
  brand: string
  /** `{D}` is the diagonal in inches. */
  pattern: string
  diagonals: readonly number[]
  resolution: string
  matrix: string
  os: string
  refresh: number
  /** Price of the 55" model (or the nearest the series has), scaled by screen area. */
  price55: number
}

// prettier-ignore
const TV_SERIES: TvSeries[] = [
  { brand: 'samsung', pattern: 'UE{D}DU7100UXCE', diagonals: [43, 50, 55, 65, 75, 85], resolution: '4k', matrix: 'led', os: 'tizen', refresh: 60, price55: 259_990 },
  { brand: 'samsung', pattern: 'UE{D}DU8000UXCE', diagonals: [43, 50, 55, 65, 75], resolution: '4k', matrix: 'led', os: 'tizen', refresh: 60, price55: 299_990 },
  { brand: 'samsung', pattern: 'QE{D}Q60DAUXCE', diagonals: [43, 50, 55, 65, 75, 85], resolution: '4k', matrix: 'qled', os: 'tizen', refresh: 60, price55: 349_990 },
  { brand: 'samsung', pattern: 'QE{D}QN90DAUXCE', diagonals: [55, 65, 75, 85], resolution: '4k', matrix: 'miniled', os: 'tizen', refresh: 120, price55: 749_990 },
  { brand: 'samsung', pattern: 'QE{D}S90DAEXCE', diagonals: [55, 65, 77], resolution: '4k', matrix: 'oled', os: 'tizen', refresh: 120, price55: 899_990 },
  { brand: 'lg', pattern: '{D}UR78006LK', diagonals: [43, 50, 55, 65, 75], resolution: '4k', matrix: 'led', os: 'webos', refresh: 60, price55: 249_990 },
  { brand: 'lg', pattern: '{D}NANO80T6A', diagonals: [43, 50, 55, 65], resolution: '4k', matrix: 'nanocell', os: 'webos', refresh: 60, price55: 319_990 },
  { brand: 'lg', pattern: '{D}QNED86T6A', diagonals: [55, 65, 75, 86], resolution: '4k', matrix: 'qned', os: 'webos', refresh: 120, price55: 449_990 },
  { brand: 'lg', pattern: 'OLED{D}C4RLA', diagonals: [42, 48, 55, 65, 77, 83], resolution: '4k', matrix: 'oled', os: 'webos', refresh: 120, price55: 849_990 },
  { brand: 'lg', pattern: '{D}LQ63006LA', diagonals: [32, 43], resolution: 'fullhd', matrix: 'led', os: 'webos', refresh: 60, price55: 199_990 },
  { brand: 'sony', pattern: 'KD-{D}X75WL', diagonals: [43, 50, 55, 65, 75], resolution: '4k', matrix: 'led', os: 'google-tv', refresh: 60, price55: 349_990 },
  { brand: 'sony', pattern: 'K-{D}S30', diagonals: [43, 50, 55, 65], resolution: '4k', matrix: 'led', os: 'google-tv', refresh: 60, price55: 399_990 },
  { brand: 'sony', pattern: 'XR-{D}A80L', diagonals: [55, 65, 77], resolution: '4k', matrix: 'oled', os: 'google-tv', refresh: 120, price55: 999_990 },
  { brand: 'xiaomi', pattern: 'TV A {D} 2025', diagonals: [32, 43, 50, 55, 65], resolution: '4k', matrix: 'led', os: 'google-tv', refresh: 60, price55: 189_990 },
  { brand: 'xiaomi', pattern: 'TV A Pro {D} 2025', diagonals: [43, 55, 65, 75], resolution: '4k', matrix: 'qled', os: 'google-tv', refresh: 60, price55: 239_990 },
  { brand: 'tcl', pattern: '{D}P755', diagonals: [43, 50, 55, 65, 75, 85], resolution: '4k', matrix: 'led', os: 'google-tv', refresh: 60, price55: 209_990 },
  { brand: 'tcl', pattern: '{D}C745', diagonals: [50, 55, 65, 75, 85], resolution: '4k', matrix: 'qled', os: 'google-tv', refresh: 120, price55: 329_990 },
  { brand: 'tcl', pattern: '{D}C855', diagonals: [55, 65, 75, 85], resolution: '4k', matrix: 'miniled', os: 'google-tv', refresh: 120, price55: 549_990 },
  { brand: 'hisense', pattern: '{D}A6K', diagonals: [43, 50, 55, 65, 75], resolution: '4k', matrix: 'led', os: 'vidaa', refresh: 60, price55: 199_990 },
  { brand: 'hisense', pattern: '{D}E7NQ', diagonals: [55, 65, 75], resolution: '4k', matrix: 'qled', os: 'vidaa', refresh: 120, price55: 289_990 },
  { brand: 'hisense', pattern: '{D}U7NQ', diagonals: [55, 65, 75, 85], resolution: '4k', matrix: 'miniled', os: 'vidaa', refresh: 120, price55: 489_990 },
  { brand: 'haier', pattern: '{D} Smart TV S1', diagonals: [43, 50, 55, 65], resolution: '4k', matrix: 'led', os: 'android-tv', refresh: 60, price55: 189_990 },
  { brand: 'haier', pattern: '{D} Smart TV M1', diagonals: [32, 43], resolution: 'hd', matrix: 'led', os: 'android-tv', refresh: 60, price55: 149_990 },
  { brand: 'artel', pattern: 'UA{D}H3502', diagonals: [32, 43, 50, 55, 65], resolution: '4k', matrix: 'led', os: 'android-tv', refresh: 60, price55: 169_990 },
  { brand: 'philips', pattern: '{D}PUS8519/12', diagonals: [43, 50, 55, 65, 75], resolution: '4k', matrix: 'led', os: 'google-tv', refresh: 60, price55: 299_990 },
]

const RESOLUTION_TITLE: Record<string, string> = { hd: 'HD', fullhd: 'Full HD', '4k': '4K UHD', '8k': '8K' }
const MATRIX_TITLE: Record<string, string> = {
  qled: 'QLED',
  oled: 'OLED',
  nanocell: 'NanoCell',
  qned: 'QNED',
  miniled: 'Mini LED',
}

const FAVOURITE_TVS = [TV_SERIES[5], TV_SERIES[0], TV_SERIES[13]] as TvSeries[]

function makeTv(r: Random, slot: number): Draft {
  const s = sweepPick(r, slot, TV_SERIES, FAVOURITE_TVS)
  // 55" is what sells most; the opening sweep uses it so searches for '55"' find something
  const diagonal = slot >= 0 && slot < 3 && s.diagonals.includes(55) ? 55 : r.pick(s.diagonals)
  const model = s.pattern.replace('{D}', String(diagonal))
  const matrix = MATRIX_TITLE[s.matrix]
  const resolution = diagonal <= 32 && s.resolution === '4k' ? 'hd' : s.resolution
  return {
    brand: s.brand,
    model,
    tail: `${brandOf(s.brand).name} ${model} ${diagonal}" ${RESOLUTION_TITLE[resolution]}${matrix ? ` ${matrix}` : ''}`,
    price: s.price55 * Math.pow(diagonal / 55, 2.3),
    attributes: {
      diagonal,
      resolution,
      matrix: s.matrix,
      smart_tv: true,
      refresh_rate: s.refresh,
      os: s.os,
      color: 'black',
    },
    weightGrams: Math.round(diagonal * diagonal * 5.5),
  }
}

export const televisions: LeafSpec = {
  slug: 'televizory',
  kind: 'tv',
  word: ['Телевизор', 'Теледидар'],
  weight: 7,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['diagonal', 'range'],
    ['resolution', 'multiselect'],
    ['matrix', 'multiselect'],
    ['refresh_rate', 'multiselect'],
    ['smart_tv', 'checkbox'],
    ['os', 'link'],
  ],
  highlights: ['diagonal', 'resolution', 'matrix', 'refresh_rate'],
  mtoShare: 0.02,
  make: makeTv,
}

// ---------------------------------------------------------------- headphones

type Colour = readonly [name: string, code: string]
const BW: Colour[] = [
  ['Black', 'black'],
  ['White', 'white'],
]

interface Headphones {
  brand: string
  name: string
  type: 'tws' | 'overhead' | 'in-ear'
  anc: boolean
  wired?: boolean
  hours: number
  price: number
  colours: readonly Colour[]
}

// prettier-ignore
const HEADPHONES: Headphones[] = [
  { brand: 'apple', name: 'AirPods 4', type: 'tws', anc: false, hours: 30, price: 89_990, colours: [['White', 'white']] },
  { brand: 'apple', name: 'AirPods 4 ANC', type: 'tws', anc: true, hours: 30, price: 109_990, colours: [['White', 'white']] },
  { brand: 'apple', name: 'AirPods Pro 2 USB-C', type: 'tws', anc: true, hours: 30, price: 139_990, colours: [['White', 'white']] },
  { brand: 'apple', name: 'AirPods Max USB-C', type: 'overhead', anc: true, hours: 20, price: 299_990, colours: [['Midnight', 'black'], ['Starlight', 'beige'], ['Blue', 'blue'], ['Purple', 'purple']] },
  { brand: 'samsung', name: 'Galaxy Buds3', type: 'tws', anc: true, hours: 24, price: 79_990, colours: [['Silver', 'silver'], ['White', 'white']] },
  { brand: 'samsung', name: 'Galaxy Buds3 Pro', type: 'tws', anc: true, hours: 26, price: 109_990, colours: [['Silver', 'silver'], ['White', 'white']] },
  { brand: 'samsung', name: 'Galaxy Buds FE', type: 'tws', anc: true, hours: 21, price: 39_990, colours: [['Graphite', 'gray'], ['White', 'white']] },
  { brand: 'sony', name: 'WH-1000XM5', type: 'overhead', anc: true, hours: 30, price: 189_990, colours: [['Black', 'black'], ['Silver', 'silver'], ['Midnight Blue', 'blue']] },
  { brand: 'sony', name: 'WH-1000XM4', type: 'overhead', anc: true, hours: 30, price: 139_990, colours: BW },
  { brand: 'sony', name: 'WF-1000XM5', type: 'tws', anc: true, hours: 24, price: 149_990, colours: [['Black', 'black'], ['Silver', 'silver']] },
  { brand: 'sony', name: 'WH-CH720N', type: 'overhead', anc: true, hours: 35, price: 59_990, colours: [['Black', 'black'], ['White', 'white'], ['Blue', 'blue']] },
  { brand: 'sony', name: 'WF-C700N', type: 'tws', anc: true, hours: 20, price: 49_990, colours: [['Black', 'black'], ['Lavender', 'purple'], ['Sage Green', 'green']] },
  { brand: 'jbl', name: 'Tune 520BT', type: 'overhead', anc: false, hours: 57, price: 19_990, colours: [['Black', 'black'], ['Blue', 'blue'], ['White', 'white'], ['Purple', 'purple']] },
  { brand: 'jbl', name: 'Tune 770NC', type: 'overhead', anc: true, hours: 70, price: 39_990, colours: [['Black', 'black'], ['Blue', 'blue'], ['White', 'white']] },
  { brand: 'jbl', name: 'Wave Beam', type: 'tws', anc: false, hours: 32, price: 24_990, colours: [['Black', 'black'], ['Beige', 'beige'], ['Blue', 'blue']] },
  { brand: 'jbl', name: 'Tune Flex', type: 'tws', anc: true, hours: 32, price: 34_990, colours: BW },
  { brand: 'jbl', name: 'Live Pro 2', type: 'tws', anc: true, hours: 40, price: 64_990, colours: [['Black', 'black'], ['Silver', 'silver']] },
  { brand: 'jbl', name: 'Tune 310C', type: 'in-ear', anc: false, wired: true, hours: 0, price: 9990, colours: BW },
  { brand: 'xiaomi', name: 'Redmi Buds 6 Active', type: 'tws', anc: false, hours: 30, price: 7990, colours: [['Black', 'black'], ['White', 'white'], ['Pink', 'pink']] },
  { brand: 'xiaomi', name: 'Redmi Buds 6 Pro', type: 'tws', anc: true, hours: 36, price: 29_990, colours: [['Midnight Black', 'black'], ['Glacier White', 'white']] },
  { brand: 'xiaomi', name: 'Buds 5 Pro', type: 'tws', anc: true, hours: 38, price: 59_990, colours: [['Titanium Gray', 'gray'], ['Snow White', 'white']] },
  { brand: 'huawei', name: 'FreeBuds 6i', type: 'tws', anc: true, hours: 35, price: 39_990, colours: [['Black', 'black'], ['White', 'white'], ['Purple', 'purple']] },
  { brand: 'huawei', name: 'FreeBuds Pro 4', type: 'tws', anc: true, hours: 33, price: 89_990, colours: [['Black', 'black'], ['White', 'white'], ['Green', 'green']] },
  { brand: 'huawei', name: 'FreeBuds SE 2', type: 'tws', anc: false, hours: 40, price: 14_990, colours: [['White', 'white'], ['Blue', 'blue']] },
  { brand: 'marshall', name: 'Major V', type: 'overhead', anc: false, hours: 100, price: 79_990, colours: [['Black', 'black'], ['Brown', 'beige']] },
  { brand: 'marshall', name: 'Motif II A.N.C.', type: 'tws', anc: true, hours: 30, price: 109_990, colours: [['Black', 'black']] },
  { brand: 'marshall', name: 'Minor IV', type: 'tws', anc: false, hours: 30, price: 59_990, colours: [['Black', 'black'], ['Cream', 'beige']] },
  { brand: 'sennheiser', name: 'Momentum 4 Wireless', type: 'overhead', anc: true, hours: 60, price: 179_990, colours: [['Black', 'black'], ['White', 'white']] },
  { brand: 'sennheiser', name: 'Accentum Plus', type: 'overhead', anc: true, hours: 50, price: 89_990, colours: [['Black', 'black'], ['White', 'white']] },
  { brand: 'sennheiser', name: 'Momentum True Wireless 4', type: 'tws', anc: true, hours: 30, price: 139_990, colours: [['Black Graphite', 'black'], ['Metallic Silver', 'silver']] },
]

const FAVOURITE_HEADPHONES = named(HEADPHONES, 'AirPods Pro 2 USB-C', 'WH-1000XM5', 'Tune 520BT')

function makeHeadphones(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, HEADPHONES, FAVOURITE_HEADPHONES)
  const [colourName, colour] = r.pick(m.colours)
  const attributes: Draft['attributes'] = {
    headphone_type: m.type,
    connection: m.wired ? 'wired' : 'bluetooth',
    anc: m.anc,
    color: colour,
  }
  if (m.hours > 0) attributes.battery_life = m.hours
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name} ${colourName}`,
    price: m.price,
    attributes,
    weightGrams: m.type === 'overhead' ? 250 + r.int(0, 130) : 50 + r.int(0, 20),
  }
}

export const headphones: LeafSpec = {
  slug: 'naushniki',
  kind: 'headphones',
  word: ['Наушники', 'Құлаққап'],
  weight: 7,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['headphone_type', 'multiselect'],
    ['connection', 'multiselect'],
    ['anc', 'checkbox'],
    ['color', 'multiselect'],
  ],
  highlights: ['headphone_type', 'anc', 'battery_life'],
  make: makeHeadphones,
}

// ---------------------------------------------------------------- speakers

interface Speaker {
  brand: string
  name: string
  power: number
  hours: number
  waterproof: boolean
  price: number
  colours: readonly Colour[]
  smart?: boolean
}

const SPEAKER_COLOURS: Colour[] = [
  ['Black', 'black'],
  ['Blue', 'blue'],
  ['Red', 'red'],
  ['Squad', 'green'],
]

// prettier-ignore
const SPEAKERS: Speaker[] = [
  { brand: 'jbl', name: 'Go 4', power: 4, hours: 7, waterproof: true, price: 19_990, colours: SPEAKER_COLOURS },
  { brand: 'jbl', name: 'Clip 5', power: 7, hours: 12, waterproof: true, price: 29_990, colours: SPEAKER_COLOURS },
  { brand: 'jbl', name: 'Flip 6', power: 30, hours: 12, waterproof: true, price: 54_990, colours: SPEAKER_COLOURS },
  { brand: 'jbl', name: 'Charge 5', power: 40, hours: 20, waterproof: true, price: 79_990, colours: SPEAKER_COLOURS },
  { brand: 'jbl', name: 'Xtreme 3', power: 100, hours: 15, waterproof: true, price: 149_990, colours: SPEAKER_COLOURS.slice(0, 2) },
  { brand: 'jbl', name: 'Boombox 3', power: 180, hours: 24, waterproof: true, price: 219_990, colours: SPEAKER_COLOURS.slice(0, 1) },
  { brand: 'jbl', name: 'PartyBox 110', power: 160, hours: 12, waterproof: false, price: 199_990, colours: SPEAKER_COLOURS.slice(0, 1) },
  { brand: 'sony', name: 'SRS-XB100', power: 5, hours: 16, waterproof: true, price: 24_990, colours: [['Black', 'black'], ['Blue', 'blue'], ['Orange', 'red']] },
  { brand: 'sony', name: 'ULT Field 1', power: 20, hours: 12, waterproof: true, price: 59_990, colours: [['Black', 'black'], ['Off White', 'white'], ['Forest Gray', 'gray']] },
  { brand: 'sony', name: 'ULT Field 7', power: 120, hours: 30, waterproof: true, price: 249_990, colours: [['Black', 'black']] },
  { brand: 'marshall', name: 'Emberton II', power: 20, hours: 30, waterproof: true, price: 79_990, colours: [['Black and Brass', 'black'], ['Cream', 'beige']] },
  { brand: 'marshall', name: 'Willen', power: 10, hours: 15, waterproof: true, price: 44_990, colours: [['Black and Brass', 'black'], ['Cream', 'beige']] },
  { brand: 'marshall', name: 'Stanmore III', power: 80, hours: 0, waterproof: false, price: 229_990, colours: [['Black', 'black'], ['Cream', 'beige']] },
  { brand: 'xiaomi', name: 'Sound Outdoor 30W', power: 30, hours: 12, waterproof: true, price: 19_990, colours: [['Black', 'black'], ['Blue', 'blue']] },
  { brand: 'xiaomi', name: 'Mi Portable Bluetooth Speaker 16W', power: 16, hours: 13, waterproof: true, price: 14_990, colours: [['Black', 'black'], ['Blue', 'blue']] },
  { brand: 'yandex', name: 'Станция Лайт 2', power: 6, hours: 0, waterproof: false, price: 34_990, colours: [['Green', 'green'], ['Purple', 'purple'], ['Yellow', 'yellow']], smart: true },
  { brand: 'yandex', name: 'Станция Миди', power: 24, hours: 0, waterproof: false, price: 64_990, colours: [['Black', 'black'], ['Gray', 'gray'], ['Blue', 'blue']], smart: true },
  { brand: 'yandex', name: 'Станция Макс', power: 65, hours: 0, waterproof: false, price: 109_990, colours: [['Black', 'black'], ['Red', 'red']], smart: true },
  { brand: 'harman-kardon', name: 'Onyx Studio 8', power: 50, hours: 8, waterproof: false, price: 119_990, colours: [['Black', 'black'], ['Blue', 'blue']] },
  { brand: 'harman-kardon', name: 'Aura Studio 4', power: 130, hours: 0, waterproof: false, price: 129_990, colours: [['Black', 'black']] },
]

const FAVOURITE_SPEAKERS = named(SPEAKERS, 'Charge 5', 'Станция Миди', 'Emberton II')

function makeSpeaker(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, SPEAKERS, FAVOURITE_SPEAKERS)
  const [colourName, colour] = r.pick(m.colours)
  const attributes: Draft['attributes'] = { power: m.power, waterproof: m.waterproof, color: colour }
  if (m.hours > 0) attributes.battery_life = m.hours
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name} ${colourName}`,
    price: m.price,
    attributes,
    weightGrams: 200 + m.power * 40,
    word: m.smart ? ['Умная колонка', 'Ақылды колонка'] : undefined,
  }
}

export const speakers: LeafSpec = {
  slug: 'portativnye-kolonki',
  kind: 'speaker',
  word: ['Портативная колонка', 'Портативті колонка'],
  weight: 4,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['power', 'range'],
    ['battery_life', 'range'],
    ['waterproof', 'checkbox'],
    ['color', 'multiselect'],
  ],
  highlights: ['power', 'battery_life', 'waterproof'],
  make: makeSpeaker,
}

// ---------------------------------------------------------------- cameras

interface Camera {
  brand: string
  name: string
  type: 'mirrorless' | 'dslr' | 'action'
  sensor: string
  mp: number
  price: number
  /** Lens kits sold with the body: [title suffix, added price]. */
  kits: readonly (readonly [string, number])[]
}

// prettier-ignore
const CAMERAS: Camera[] = [
  { brand: 'canon', name: 'EOS R50', type: 'mirrorless', sensor: 'aps-c', mp: 24.2, price: 399_990, kits: [['Body', 0], ['Kit RF-S 18-45mm', 60_000]] },
  { brand: 'canon', name: 'EOS R10', type: 'mirrorless', sensor: 'aps-c', mp: 24.2, price: 519_990, kits: [['Body', 0], ['Kit RF-S 18-150mm', 180_000]] },
  { brand: 'canon', name: 'EOS R6 Mark II', type: 'mirrorless', sensor: 'full-frame', mp: 24.2, price: 1_299_990, kits: [['Body', 0], ['Kit RF 24-105mm', 350_000]] },
  { brand: 'canon', name: 'EOS 2000D', type: 'dslr', sensor: 'aps-c', mp: 24.1, price: 229_990, kits: [['Kit 18-55mm', 0]] },
  { brand: 'canon', name: 'EOS 250D', type: 'dslr', sensor: 'aps-c', mp: 24.1, price: 339_990, kits: [['Kit 18-55mm', 0]] },
  { brand: 'sony', name: 'Alpha A7 IV', type: 'mirrorless', sensor: 'full-frame', mp: 33, price: 1_199_990, kits: [['Body', 0], ['Kit 28-70mm', 120_000]] },
  { brand: 'sony', name: 'ZV-E10 II', type: 'mirrorless', sensor: 'aps-c', mp: 26, price: 449_990, kits: [['Body', 0], ['Kit 16-50mm', 70_000]] },
  { brand: 'sony', name: 'Alpha A6400', type: 'mirrorless', sensor: 'aps-c', mp: 24.2, price: 469_990, kits: [['Body', 0], ['Kit 18-135mm', 190_000]] },
  { brand: 'nikon', name: 'Z30', type: 'mirrorless', sensor: 'aps-c', mp: 20.9, price: 329_990, kits: [['Kit 16-50mm', 0]] },
  { brand: 'nikon', name: 'Z5', type: 'mirrorless', sensor: 'full-frame', mp: 24.3, price: 649_990, kits: [['Body', 0], ['Kit 24-50mm', 100_000]] },
  { brand: 'nikon', name: 'Z6 III', type: 'mirrorless', sensor: 'full-frame', mp: 24.5, price: 1_249_990, kits: [['Body', 0]] },
  { brand: 'fujifilm', name: 'X-T30 II', type: 'mirrorless', sensor: 'aps-c', mp: 26.1, price: 449_990, kits: [['Body', 0], ['Kit XC 15-45mm', 80_000]] },
  { brand: 'fujifilm', name: 'X-S20', type: 'mirrorless', sensor: 'aps-c', mp: 26.1, price: 599_990, kits: [['Body', 0], ['Kit XC 15-45mm', 80_000]] },
  { brand: 'gopro', name: 'HERO13 Black', type: 'action', sensor: '1-2-3', mp: 27, price: 229_990, kits: [['', 0]] },
  { brand: 'gopro', name: 'HERO12 Black', type: 'action', sensor: '1-2-3', mp: 27, price: 189_990, kits: [['', 0]] },
]

const FAVOURITE_CAMERAS = named(CAMERAS, 'EOS R50', 'HERO13 Black')

function makeCamera(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, CAMERAS, FAVOURITE_CAMERAS)
  const [kit, extra] = r.pick(m.kits)
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name}${kit ? ` ${kit}` : ''}`,
    price: m.price + extra,
    attributes: { camera_type: m.type, sensor: m.sensor, megapixels: m.mp, color: 'black' },
    weightGrams: m.type === 'action' ? 160 : 500 + (kit.startsWith('Kit') ? 350 : 0),
    word: m.type === 'action' ? ['Экшн-камера', 'Экшн-камера'] : undefined,
  }
}

export const cameras: LeafSpec = {
  slug: 'fotoapparaty',
  kind: 'camera',
  word: ['Фотоаппарат', 'Фотоаппарат'],
  weight: 2,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['camera_type', 'multiselect'],
    ['sensor', 'multiselect'],
    ['megapixels', 'range'],
  ],
  highlights: ['camera_type', 'sensor', 'megapixels'],
  make: makeCamera,
}

// ---------------------------------------------------------------- consoles

interface Console {
  brand: string
  name: string
  storage: number
  disc: boolean
  price: number
  colour: Colour
}

// prettier-ignore
const CONSOLES: Console[] = [
  { brand: 'sony', name: 'PlayStation 5 Slim', storage: 1024, disc: true, price: 329_990, colour: ['White', 'white'] },
  { brand: 'sony', name: 'PlayStation 5 Slim Digital Edition', storage: 1024, disc: false, price: 279_990, colour: ['White', 'white'] },
  { brand: 'sony', name: 'PlayStation 5 Pro', storage: 2048, disc: false, price: 449_990, colour: ['White', 'white'] },
  { brand: 'microsoft', name: 'Xbox Series X', storage: 1024, disc: true, price: 319_990, colour: ['Black', 'black'] },
  { brand: 'microsoft', name: 'Xbox Series S', storage: 512, disc: false, price: 179_990, colour: ['White', 'white'] },
  { brand: 'microsoft', name: 'Xbox Series S', storage: 1024, disc: false, price: 209_990, colour: ['Carbon Black', 'black'] },
  { brand: 'nintendo', name: 'Switch OLED', storage: 64, disc: false, price: 179_990, colour: ['White', 'white'] },
  { brand: 'nintendo', name: 'Switch Lite', storage: 32, disc: false, price: 109_990, colour: ['Turquoise', 'lightblue'] },
  { brand: 'nintendo', name: 'Switch 2', storage: 256, disc: false, price: 259_990, colour: ['Black', 'black'] },
  { brand: 'valve', name: 'Steam Deck OLED', storage: 512, disc: false, price: 339_990, colour: ['Black', 'black'] },
  { brand: 'valve', name: 'Steam Deck OLED', storage: 1024, disc: false, price: 399_990, colour: ['Black', 'black'] },
]

function makeConsole(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, CONSOLES, [CONSOLES[0], CONSOLES[3]] as Console[])
  const [colourName, colour] = m.colour
  const storage = m.storage >= 1024 ? `${m.storage / 1024}TB` : `${m.storage}GB`
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name} ${storage} ${colourName}`,
    price: m.price,
    attributes: { memory: m.storage, disc_drive: m.disc, color: colour },
    weightGrams: m.name.includes('Switch') || m.name.includes('Deck') ? 700 : 3500,
  }
}

export const consoles: LeafSpec = {
  slug: 'igrovye-pristavki',
  kind: 'console',
  word: ['Игровая приставка', 'Ойын приставкасы'],
  weight: 1,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['memory', 'multiselect'],
    ['disc_drive', 'checkbox'],
  ],
  highlights: ['memory', 'disc_drive'],
  preorderShare: 0.05,
  make: makeConsole,
}
