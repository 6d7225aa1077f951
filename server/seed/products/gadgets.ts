import { brandOf } from '../brands'
import type { Random } from '../random'
import { gb } from '../text'
import { named, sweepPick, tierPrice, type Draft, type LeafSpec } from './types'

type Colour = readonly [name: string, code: string]

interface PhoneModel {
  brand: string
  name: string
  price: number
  /** [ram, storage] in GB, cheapest first; Apple titles show storage only. */
  configs: readonly (readonly [number, number])[]
  colours: readonly Colour[]
  diagonal: number
  camera: number
  battery: number
  nfc: boolean
  os: string
}

const SAMSUNG_A: Colour[] = [
  ['Awesome Navy', 'blue'],
  ['Awesome Lilac', 'purple'],
  ['Awesome Iceblue', 'lightblue'],
  ['Awesome Lemon', 'yellow'],
]
const SAMSUNG_BASIC: Colour[] = [
  ['Black', 'black'],
  ['Light Blue', 'lightblue'],
  ['Gold', 'gold'],
]
const SAMSUNG_S: Colour[] = [
  ['Onyx Black', 'black'],
  ['Marble Grey', 'gray'],
  ['Cobalt Violet', 'purple'],
  ['Amber Yellow', 'yellow'],
]
const TITANIUM_S: Colour[] = [
  ['Titanium Black', 'black'],
  ['Titanium Gray', 'gray'],
  ['Titanium Violet', 'purple'],
  ['Titanium Silverblue', 'lightblue'],
]
const IPHONE: Colour[] = [
  ['Black', 'black'],
  ['White', 'white'],
  ['Blue', 'blue'],
  ['Pink', 'pink'],
  ['Green', 'green'],
]
const IPHONE_PRO: Colour[] = [
  ['Black Titanium', 'black'],
  ['White Titanium', 'white'],
  ['Natural Titanium', 'titanium'],
  ['Desert Titanium', 'beige'],
]
const XIAOMI: Colour[] = [
  ['Midnight Black', 'black'],
  ['Ocean Blue', 'blue'],
  ['Lavender Purple', 'purple'],
  ['Mint Green', 'green'],
  ['Glacier White', 'white'],
]
const GENERIC: Colour[] = [
  ['Black', 'black'],
  ['White', 'white'],
  ['Green', 'green'],
  ['Blue', 'blue'],
]

const phone = (
  brand: string,
  name: string,
  price: number,
  configs: PhoneModel['configs'],
  colours: readonly Colour[],
  diagonal: number,
  camera: number,
  battery: number,
  nfc = true,
  os = brand === 'apple' ? 'ios' : brand === 'huawei' ? 'harmonyos' : 'android',
): PhoneModel => ({ brand, name, price, configs, colours, diagonal, camera, battery, nfc, os })

// prettier-ignore
const PHONES: PhoneModel[] = [
  phone('samsung', 'Galaxy A06', 49_990, [[4, 64], [4, 128]], SAMSUNG_BASIC, 6.7, 50, 5000, false),
  phone('samsung', 'Galaxy A16', 79_990, [[4, 128], [6, 128], [8, 256]], SAMSUNG_BASIC, 6.7, 50, 5000),
  phone('samsung', 'Galaxy A26', 119_990, [[6, 128], [8, 256]], SAMSUNG_A, 6.7, 50, 5000),
  phone('samsung', 'Galaxy A35', 139_990, [[8, 128], [8, 256]], SAMSUNG_A, 6.6, 50, 5000),
  phone('samsung', 'Galaxy A55', 179_990, [[8, 128], [8, 256]], SAMSUNG_A, 6.6, 50, 5000),
  phone('samsung', 'Galaxy A56', 209_990, [[8, 128], [8, 256], [12, 256]], SAMSUNG_A, 6.7, 50, 5000),
  phone('samsung', 'Galaxy S24 FE', 279_990, [[8, 128], [8, 256]], SAMSUNG_S, 6.7, 50, 4700),
  phone('samsung', 'Galaxy S24', 379_990, [[8, 128], [8, 256], [8, 512]], SAMSUNG_S, 6.2, 50, 4000),
  phone('samsung', 'Galaxy S24 Ultra', 589_990, [[12, 256], [12, 512], [12, 1024]], TITANIUM_S, 6.8, 200, 5000),
  phone('samsung', 'Galaxy S25', 459_990, [[12, 128], [12, 256], [12, 512]], SAMSUNG_S, 6.2, 50, 4000),
  phone('samsung', 'Galaxy S25 Ultra', 699_990, [[12, 256], [12, 512]], TITANIUM_S, 6.9, 200, 5000),
  phone('samsung', 'Galaxy Z Flip6', 549_990, [[12, 256], [12, 512]], SAMSUNG_S, 6.7, 50, 4000),
  phone('samsung', 'Galaxy Z Fold6', 749_990, [[12, 256], [12, 512]], TITANIUM_S, 7.6, 50, 4400),
  phone('apple', 'iPhone 13', 279_990, [[4, 128], [4, 256]], IPHONE, 6.1, 12, 3240),
  phone('apple', 'iPhone 14', 329_990, [[6, 128], [6, 256], [6, 512]], IPHONE, 6.1, 12, 3279),
  phone('apple', 'iPhone 15', 389_990, [[6, 128], [6, 256], [6, 512]], IPHONE, 6.1, 48, 3349),
  phone('apple', 'iPhone 15 Plus', 439_990, [[6, 128], [6, 256], [6, 512]], IPHONE, 6.7, 48, 4383),
  phone('apple', 'iPhone 15 Pro', 529_990, [[8, 128], [8, 256], [8, 512]], IPHONE_PRO, 6.1, 48, 3274),
  phone('apple', 'iPhone 15 Pro Max', 619_990, [[8, 256], [8, 512], [8, 1024]], IPHONE_PRO, 6.7, 48, 4422),
  phone('apple', 'iPhone 16e', 349_990, [[8, 128], [8, 256], [8, 512]], IPHONE.slice(0, 2), 6.1, 48, 4005),
  phone('apple', 'iPhone 16', 449_990, [[8, 128], [8, 256], [8, 512]], IPHONE, 6.1, 48, 3561),
  phone('apple', 'iPhone 16 Plus', 499_990, [[8, 128], [8, 256], [8, 512]], IPHONE, 6.7, 48, 4674),
  phone('apple', 'iPhone 16 Pro', 599_990, [[8, 128], [8, 256], [8, 512]], IPHONE_PRO, 6.3, 48, 3582),
  phone('apple', 'iPhone 16 Pro Max', 679_990, [[8, 256], [8, 512], [8, 1024]], IPHONE_PRO, 6.9, 48, 4685),
  phone('xiaomi', 'Redmi A3', 44_990, [[3, 64], [4, 128]], XIAOMI, 6.7, 8, 5000, false),
  phone('xiaomi', 'Redmi 13C', 59_990, [[4, 128], [6, 128], [8, 256]], XIAOMI, 6.7, 50, 5000),
  phone('xiaomi', 'Redmi 14C', 64_990, [[4, 128], [8, 256]], XIAOMI, 6.9, 50, 5160),
  phone('xiaomi', 'Redmi Note 13', 94_990, [[6, 128], [8, 256]], XIAOMI, 6.7, 108, 5000),
  phone('xiaomi', 'Redmi Note 13 Pro', 144_990, [[8, 256], [12, 512]], XIAOMI, 6.7, 200, 5100),
  phone('xiaomi', 'Redmi Note 14 Pro+ 5G', 209_990, [[8, 256], [12, 512]], XIAOMI, 6.7, 200, 5110),
  phone('xiaomi', 'POCO X6 Pro 5G', 169_990, [[8, 256], [12, 512]], XIAOMI, 6.7, 64, 5000),
  phone('xiaomi', 'POCO F6', 229_990, [[12, 512]], XIAOMI, 6.7, 50, 5000),
  phone('xiaomi', 'Xiaomi 14T', 269_990, [[12, 256], [12, 512]], XIAOMI, 6.7, 50, 5000),
  phone('xiaomi', 'Xiaomi 14T Pro', 339_990, [[12, 512], [12, 1024]], XIAOMI, 6.7, 50, 5000),
  phone('xiaomi', 'Xiaomi 15 Ultra', 699_990, [[16, 512], [16, 1024]], XIAOMI.slice(0, 2), 6.7, 50, 5410),
  phone('huawei', 'nova 12i', 89_990, [[8, 128]], GENERIC, 6.7, 108, 5000),
  phone('huawei', 'nova Y72', 79_990, [[8, 256]], GENERIC, 6.8, 50, 6000),
  phone('huawei', 'nova 13', 199_990, [[8, 256], [12, 512]], GENERIC, 6.7, 50, 5000),
  phone('huawei', 'Pura 70', 349_990, [[12, 256]], GENERIC, 6.6, 50, 4900),
  phone('huawei', 'Pura 70 Ultra', 649_990, [[16, 512]], GENERIC.slice(0, 3), 6.8, 50, 5200),
  phone('honor', 'X7c', 74_990, [[6, 128], [8, 256]], GENERIC, 6.8, 108, 6000),
  phone('honor', 'X8b', 99_990, [[8, 256]], GENERIC, 6.7, 108, 4500),
  phone('honor', 'X9c', 169_990, [[12, 256]], GENERIC, 6.8, 108, 6600),
  phone('honor', '200', 239_990, [[12, 256], [12, 512]], GENERIC, 6.7, 50, 5200),
  phone('honor', 'Magic7 Pro', 549_990, [[12, 512]], GENERIC.slice(0, 2), 6.8, 50, 5850),
  phone('tecno', 'Spark 30C', 54_990, [[4, 128], [8, 256]], GENERIC, 6.7, 50, 5000, false),
  phone('tecno', 'Spark 30', 74_990, [[8, 256]], GENERIC, 6.8, 64, 5000),
  phone('tecno', 'Camon 30', 119_990, [[8, 256], [12, 512]], GENERIC, 6.8, 50, 5000),
  phone('tecno', 'Pova 6 Pro 5G', 129_990, [[12, 256]], GENERIC, 6.8, 108, 6000),
  phone('infinix', 'Hot 50i', 49_990, [[4, 128], [6, 256]], GENERIC, 6.7, 48, 5000, false),
  phone('infinix', 'Hot 50', 64_990, [[8, 256]], GENERIC, 6.8, 50, 5000),
  phone('infinix', 'Note 40', 94_990, [[8, 256]], GENERIC, 6.8, 108, 5000),
  phone('infinix', 'Note 40 Pro', 124_990, [[12, 256]], GENERIC, 6.8, 108, 5000),
  phone('realme', 'Note 60', 44_990, [[4, 128]], GENERIC, 6.7, 32, 5000, false),
  phone('realme', 'C75', 84_990, [[8, 256]], GENERIC, 6.7, 50, 6000),
  phone('realme', '12 Pro+ 5G', 219_990, [[12, 512]], GENERIC, 6.7, 50, 5000),
  phone('realme', 'GT 7 Pro', 399_990, [[12, 256], [16, 512]], GENERIC.slice(0, 2), 6.8, 50, 6500),
]

// the opening sweep starts with the phones searches and listings are tried with
const FAVOURITE_PHONES = named(PHONES, 'Galaxy S24 Ultra', 'Galaxy A55', 'iPhone 15', 'Redmi Note 13')

function makePhone(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, PHONES, FAVOURITE_PHONES)
  const tier = r.int(0, m.configs.length - 1)
  const [ram, storage] = m.configs[tier] as readonly [number, number]
  const [colourName, colour] = r.pick(m.colours)
  const memory = m.brand === 'apple' ? gb(storage) : `${ram}/${gb(storage)}`
  // 'Xiaomi 14T' carries the brand in its name; the title must not say it twice
  const name = m.name.replace(/^Xiaomi /, '')
  return {
    brand: m.brand,
    model: name,
    tail: `${brandOf(m.brand).name} ${name} ${memory} ${colourName}`,
    // steps of 12% keep the dearest configurations under 900,000 ₸ in every city
    price: tierPrice(m.price, tier, 0.12),
    attributes: {
      color: colour,
      memory: storage,
      ram,
      diagonal: m.diagonal,
      nfc: m.nfc,
      os: m.os,
      camera_mp: m.camera,
      battery: m.battery,
      refresh_rate: m.price > 100_000 ? 120 : 90,
    },
    weightGrams: Math.round(160 + m.diagonal * 10 + r.int(0, 30)),
  }
}

export const smartphones: LeafSpec = {
  slug: 'smartfony',
  kind: 'smartphone',
  word: ['Смартфон', 'Смартфон'],
  weight: 10,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['memory', 'multiselect'],
    ['ram', 'multiselect'],
    ['diagonal', 'range'],
    ['color', 'multiselect'],
    ['nfc', 'checkbox'],
    ['os', 'link'],
  ],
  highlights: ['diagonal', 'memory', 'ram', 'camera_mp'],
  preorderShare: 0.03,
  make: makePhone,
}

interface TabletModel {
  brand: string
  name: string
  price: number
  configs: readonly (readonly [number, number])[]
  diagonal: number
  colours: readonly Colour[]
  lteOption: boolean
  os: string
}

const GREY: Colour[] = [
  ['Graphite', 'gray'],
  ['Silver', 'silver'],
]
// prettier-ignore
const TABLETS: TabletModel[] = [
  { brand: 'apple', name: 'iPad 10.9 (2022)', price: 219_990, configs: [[4, 64], [4, 256]], diagonal: 10.9, colours: [['Blue', 'blue'], ['Silver', 'silver'], ['Pink', 'pink'], ['Yellow', 'yellow']], lteOption: true, os: 'ipados' },
  { brand: 'apple', name: 'iPad Air 11 M2', price: 359_990, configs: [[8, 128], [8, 256], [8, 512]], diagonal: 11, colours: [['Space Gray', 'gray'], ['Starlight', 'beige'], ['Purple', 'purple'], ['Blue', 'blue']], lteOption: true, os: 'ipados' },
  { brand: 'apple', name: 'iPad Air 13 M2', price: 469_990, configs: [[8, 128], [8, 256]], diagonal: 13, colours: [['Space Gray', 'gray'], ['Starlight', 'beige']], lteOption: true, os: 'ipados' },
  { brand: 'apple', name: 'iPad Pro 11 M4', price: 599_990, configs: [[8, 256], [8, 512], [16, 1024]], diagonal: 11, colours: [['Space Black', 'black'], ['Silver', 'silver']], lteOption: true, os: 'ipados' },
  { brand: 'apple', name: 'iPad mini (A17 Pro)', price: 299_990, configs: [[8, 128], [8, 256]], diagonal: 8.3, colours: [['Space Gray', 'gray'], ['Blue', 'blue'], ['Purple', 'purple']], lteOption: true, os: 'ipados' },
  { brand: 'samsung', name: 'Galaxy Tab A9', price: 69_990, configs: [[4, 64], [8, 128]], diagonal: 8.7, colours: GREY, lteOption: true, os: 'android' },
  { brand: 'samsung', name: 'Galaxy Tab A9+', price: 99_990, configs: [[4, 64], [8, 128]], diagonal: 11, colours: GREY, lteOption: true, os: 'android' },
  { brand: 'samsung', name: 'Galaxy Tab S9 FE', price: 219_990, configs: [[6, 128], [8, 256]], diagonal: 10.9, colours: [['Gray', 'gray'], ['Mint', 'green'], ['Lavender', 'purple']], lteOption: true, os: 'android' },
  { brand: 'samsung', name: 'Galaxy Tab S10+', price: 499_990, configs: [[12, 256], [12, 512]], diagonal: 12.4, colours: GREY, lteOption: false, os: 'android' },
  { brand: 'samsung', name: 'Galaxy Tab S10 Ultra', price: 649_990, configs: [[12, 256], [12, 512]], diagonal: 14.6, colours: GREY, lteOption: false, os: 'android' },
  { brand: 'xiaomi', name: 'Redmi Pad SE', price: 74_990, configs: [[4, 128], [6, 128], [8, 256]], diagonal: 11, colours: GREY, lteOption: false, os: 'android' },
  { brand: 'xiaomi', name: 'Redmi Pad Pro', price: 129_990, configs: [[6, 128], [8, 256]], diagonal: 12.1, colours: GREY, lteOption: false, os: 'android' },
  { brand: 'xiaomi', name: 'Pad 7', price: 189_990, configs: [[8, 128], [8, 256]], diagonal: 11.2, colours: GREY, lteOption: false, os: 'android' },
  { brand: 'huawei', name: 'MatePad SE 11', price: 79_990, configs: [[4, 128], [8, 128]], diagonal: 11, colours: GREY, lteOption: false, os: 'harmonyos' },
  { brand: 'huawei', name: 'MatePad 11.5', price: 139_990, configs: [[8, 128], [8, 256]], diagonal: 11.5, colours: GREY, lteOption: false, os: 'harmonyos' },
  { brand: 'huawei', name: 'MatePad Pro 13.2', price: 449_990, configs: [[12, 256]], diagonal: 13.2, colours: GREY, lteOption: false, os: 'harmonyos' },
  { brand: 'lenovo', name: 'Tab M11', price: 84_990, configs: [[4, 128], [8, 128]], diagonal: 11, colours: GREY, lteOption: true, os: 'android' },
  { brand: 'lenovo', name: 'Tab P12', price: 159_990, configs: [[8, 128], [8, 256]], diagonal: 12.7, colours: GREY, lteOption: false, os: 'android' },
  { brand: 'lenovo', name: 'Legion Tab', price: 249_990, configs: [[12, 256]], diagonal: 8.8, colours: GREY.slice(0, 1), lteOption: false, os: 'android' },
  { brand: 'honor', name: 'Pad X9', price: 89_990, configs: [[4, 128], [8, 128]], diagonal: 11.5, colours: GREY, lteOption: false, os: 'android' },
  { brand: 'honor', name: 'Pad 9', price: 149_990, configs: [[8, 256]], diagonal: 12.1, colours: GREY, lteOption: false, os: 'android' },
]

const FAVOURITE_TABLETS = named(TABLETS, 'iPad 10.9 (2022)', 'Galaxy Tab A9+', 'Redmi Pad SE')

function makeTablet(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, TABLETS, FAVOURITE_TABLETS)
  const tier = r.int(0, m.configs.length - 1)
  const [ram, storage] = m.configs[tier] as readonly [number, number]
  const [colourName, colour] = r.pick(m.colours)
  const lte = m.lteOption && r.chance(0.35)
  const network = m.brand === 'apple' ? (lte ? ' Wi-Fi + Cellular' : ' Wi-Fi') : lte ? ' LTE' : ''
  const memory = m.brand === 'apple' ? gb(storage) : `${ram}/${gb(storage)}`
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name}${network} ${memory} ${colourName}`,
    price: tierPrice(m.price, tier, 0.15) * (lte ? 1.22 : 1),
    attributes: {
      color: colour,
      memory: storage,
      ram,
      diagonal: m.diagonal,
      lte,
      os: m.os,
      battery: Math.round(m.diagonal * 700),
    },
    weightGrams: Math.round(m.diagonal * 45 + r.int(0, 40)),
  }
}

export const tablets: LeafSpec = {
  slug: 'planshety',
  kind: 'tablet',
  word: ['Планшет', 'Планшет'],
  weight: 4,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['memory', 'multiselect'],
    ['ram', 'multiselect'],
    ['diagonal', 'range'],
    ['lte', 'checkbox'],
    ['color', 'multiselect'],
    ['os', 'link'],
  ],
  highlights: ['diagonal', 'memory', 'ram', 'lte'],
  make: makeTablet,
}

interface WatchModel {
  brand: string
  name: string
  price: number
  sizes: readonly number[]
  colours: readonly Colour[]
  os: string
  gps: boolean
}

// prettier-ignore
const WATCHES: WatchModel[] = [
  { brand: 'apple', name: 'Watch Series 10', price: 219_990, sizes: [42, 46], colours: [['Jet Black', 'black'], ['Rose Gold', 'pink'], ['Silver', 'silver']], os: 'watchos', gps: true },
  { brand: 'apple', name: 'Watch SE (2024)', price: 139_990, sizes: [40, 44], colours: [['Midnight', 'black'], ['Starlight', 'beige'], ['Silver', 'silver']], os: 'watchos', gps: true },
  { brand: 'apple', name: 'Watch Ultra 2', price: 449_990, sizes: [49], colours: [['Black Titanium', 'black'], ['Natural Titanium', 'titanium']], os: 'watchos', gps: true },
  { brand: 'samsung', name: 'Galaxy Watch7', price: 129_990, sizes: [40, 44], colours: [['Green', 'green'], ['Silver', 'silver'], ['Cream', 'beige']], os: 'wearos', gps: true },
  { brand: 'samsung', name: 'Galaxy Watch Ultra', price: 299_990, sizes: [47], colours: [['Titanium Gray', 'gray'], ['Titanium White', 'white']], os: 'wearos', gps: true },
  { brand: 'samsung', name: 'Galaxy Watch FE', price: 84_990, sizes: [40], colours: [['Black', 'black'], ['Pink Gold', 'pink']], os: 'wearos', gps: true },
  { brand: 'huawei', name: 'Watch GT 5', price: 109_990, sizes: [41, 46], colours: [['Black', 'black'], ['Brown', 'beige'], ['White', 'white']], os: 'harmonyos', gps: true },
  { brand: 'huawei', name: 'Watch Fit 3', price: 59_990, sizes: [44], colours: [['Black', 'black'], ['Pink', 'pink'], ['Green', 'green']], os: 'harmonyos', gps: true },
  { brand: 'xiaomi', name: 'Redmi Watch 5 Active', price: 17_990, sizes: [45], colours: [['Midnight Black', 'black'], ['Matte Silver', 'silver']], os: 'rtos', gps: false },
  { brand: 'xiaomi', name: 'Smart Band 9', price: 19_990, sizes: [40], colours: [['Midnight Black', 'black'], ['Glacier Silver', 'silver'], ['Mystic Rose', 'pink']], os: 'rtos', gps: false },
  { brand: 'xiaomi', name: 'Watch S4', price: 79_990, sizes: [47], colours: [['Black', 'black'], ['Silver', 'silver']], os: 'rtos', gps: true },
  { brand: 'amazfit', name: 'GTR 4', price: 79_990, sizes: [46], colours: [['Superspeed Black', 'black'], ['Racetrack Grey', 'gray']], os: 'rtos', gps: true },
  { brand: 'amazfit', name: 'Active 2', price: 54_990, sizes: [44], colours: [['Black', 'black']], os: 'rtos', gps: true },
  { brand: 'amazfit', name: 'T-Rex 3', price: 119_990, sizes: [48], colours: [['Onyx', 'black'], ['Lava', 'red']], os: 'rtos', gps: true },
]

const FAVOURITE_WATCHES = named(WATCHES, 'Watch Series 10', 'Galaxy Watch7', 'Smart Band 9')

function makeWatch(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, WATCHES, FAVOURITE_WATCHES)
  const size = r.pick(m.sizes)
  const [colourName, colour] = r.pick(m.colours)
  const sizeStep = m.sizes.indexOf(size)
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name} ${size}mm ${colourName}`,
    price: m.price * (1 + 0.08 * sizeStep),
    attributes: {
      color: colour,
      case_size: size,
      os: m.os,
      gps: m.gps,
      battery_life: m.os === 'rtos' ? r.pick([240, 336]) : r.pick([18, 36, 40]),
    },
    weightGrams: 40 + r.int(0, 40),
  }
}

export const watches: LeafSpec = {
  slug: 'smart-chasy',
  kind: 'watch',
  word: ['Смарт-часы', 'Смарт-сағат'],
  weight: 4,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['case_size', 'multiselect'],
    ['gps', 'checkbox'],
    ['color', 'multiselect'],
    ['os', 'link'],
  ],
  highlights: ['case_size', 'gps', 'battery_life'],
  make: makeWatch,
}
