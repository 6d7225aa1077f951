import { brandOf } from '../brands'
import type { Random } from '../random'
import { partNumber, sweepPick, type Draft, type LeafSpec } from './types'

const ENERGY = ['a-plus-plus-plus', 'a-plus-plus', 'a-plus', 'a'] as const

/** Expands a pattern whose `{a|b|c}` groups each pick one alternative; 9 and A as in `partNumber`. */
function model(r: Random, pattern: string): string {
  return partNumber(
    r,
    pattern.replace(/\{([^}]*)\}/g, (_, alternatives: string) => r.pick(alternatives.split('|'))),
  )
}

// ---------------------------------------------------------------- refrigerators

interface FridgeLine {
  brand: string
  pattern: string
  type: 'two-chamber' | 'one-chamber' | 'side-by-side' | 'multi-door'
  price: number
  noFrost: number
  colours: readonly string[]
}

// prettier-ignore
const FRIDGES: FridgeLine[] = [
  { brand: 'beko', pattern: 'RCNK{310|321|335|356|365|400}E{20|21|30}{W|BW|XB|S}', type: 'two-chamber', price: 229_990, noFrost: 1, colours: ['white', 'silver', 'black'] },
  { brand: 'beko', pattern: 'CSKW{310|335}M20{W|S}', type: 'two-chamber', price: 169_990, noFrost: 0, colours: ['white', 'silver'] },
  { brand: 'beko', pattern: 'GN163{130|241}{XBN|ZGBN}', type: 'side-by-side', price: 699_990, noFrost: 1, colours: ['silver', 'black'] },
  { brand: 'samsung', pattern: 'RB{33|34|36|38}{T|C}{602|672|676|775}{0|4}{SA|WW|EL|B1}/WT', type: 'two-chamber', price: 389_990, noFrost: 1, colours: ['silver', 'white', 'beige', 'black'] },
  { brand: 'samsung', pattern: 'RS{64|66}{R|T|A}5300{0|4}{F|S}{1|9}/WT', type: 'side-by-side', price: 849_990, noFrost: 1, colours: ['silver', 'black'] },
  { brand: 'samsung', pattern: 'RF{50|59}{C|A}{5920|7950}S9/WT', type: 'multi-door', price: 949_990, noFrost: 1, colours: ['silver', 'black'] },
  { brand: 'lg', pattern: 'GC-B{459|509|569}{S|M|C}{L|M|Q}{C|D|S}{L|Z}', type: 'two-chamber', price: 359_990, noFrost: 1, colours: ['silver', 'white', 'black', 'beige'] },
  { brand: 'lg', pattern: 'GC-Q{247|257}C{BF|SF}C', type: 'side-by-side', price: 899_990, noFrost: 1, colours: ['silver', 'black'] },
  { brand: 'bosch', pattern: 'KGN{36|39|49}{VW|XL|XI|NB}{24|2A|35}R', type: 'two-chamber', price: 449_990, noFrost: 1, colours: ['white', 'silver', 'black'] },
  { brand: 'bosch', pattern: 'KGV{36|39}VW{31|32}R', type: 'two-chamber', price: 279_990, noFrost: 0, colours: ['white'] },
  { brand: 'haier', pattern: 'C2F{536|636|637|737}C{G|X|B}{W|X|B}G', type: 'two-chamber', price: 339_990, noFrost: 1, colours: ['white', 'silver', 'black'] },
  { brand: 'haier', pattern: 'HTF-{508|610}DM7{RU|B}', type: 'multi-door', price: 799_990, noFrost: 1, colours: ['silver', 'black'] },
  { brand: 'atlant', pattern: 'XM {4621|4624|4625|4626}-{101|141|181|501}-NL', type: 'two-chamber', price: 199_990, noFrost: 0.5, colours: ['white', 'silver', 'beige'] },
  { brand: 'atlant', pattern: 'MX {2822|5810}-{80|62}', type: 'one-chamber', price: 159_990, noFrost: 0, colours: ['white'] },
  { brand: 'indesit', pattern: 'ITS {4160|4180|5200} {W|S|G}', type: 'two-chamber', price: 219_990, noFrost: 0.6, colours: ['white', 'silver'] },
  { brand: 'artel', pattern: 'HD {345|395|455} RWENS {Steel|White}', type: 'two-chamber', price: 179_990, noFrost: 0.3, colours: ['white', 'silver'] },
  { brand: 'artel', pattern: 'HS {293|345} RN {White|Beige}', type: 'one-chamber', price: 154_990, noFrost: 0, colours: ['white', 'beige'] },
  { brand: 'midea', pattern: 'MDRB{424|470|521}FGF{01|02|28}', type: 'two-chamber', price: 239_990, noFrost: 1, colours: ['white', 'silver', 'black'] },
]

function makeFridge(r: Random, slot: number): Draft {
  const line = sweepPick(r, slot, FRIDGES, [FRIDGES[0], FRIDGES[6], FRIDGES[3]] as FridgeLine[])
  const name = model(r, line.pattern)
  const big = line.type === 'side-by-side' || line.type === 'multi-door'
  const height = big
    ? r.pick([178, 179, 183])
    : line.type === 'one-chamber'
      ? r.pick([85, 150, 167])
      : r.pick([176, 185, 186, 195, 201, 203])
  const volume = big
    ? r.int(520, 650)
    : line.type === 'one-chamber'
      ? r.int(110, 290)
      : Math.round(height * 1.75 + r.int(-20, 20))
  const energy = r.pick(ENERGY)
  return {
    brand: line.brand,
    model: name,
    tail: `${brandOf(line.brand).name} ${name}`,
    price: line.price * (0.85 + (height / 200) * 0.3) * (energy === 'a-plus-plus-plus' ? 1.08 : 1),
    attributes: {
      fridge_type: line.type,
      height,
      volume,
      depth: big ? 72 : r.pick([60, 63, 65, 66]),
      no_frost: r.chance(line.noFrost),
      inverter: big || r.chance(0.45),
      energy_class: energy,
      color: r.pick(line.colours),
    },
    weightGrams: Math.round(volume * 200),
  }
}

export const fridges: LeafSpec = {
  slug: 'holodilniki',
  kind: 'fridge',
  word: ['Холодильник', 'Тоңазытқыш'],
  weight: 6,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['fridge_type', 'multiselect'],
    ['height', 'range'],
    ['volume', 'range'],
    ['no_frost', 'checkbox'],
    ['inverter', 'checkbox'],
    ['energy_class', 'multiselect'],
    ['color', 'multiselect'],
  ],
  highlights: ['fridge_type', 'volume', 'height', 'no_frost'],
  mtoShare: 0.05,
  make: makeFridge,
}

// ---------------------------------------------------------------- washing machines

// prettier-ignore
const WASHERS: { brand: string; pattern: string; price: number; dryer?: boolean }[] = [
  { brand: 'samsung', pattern: 'WW{60|70|80|90}{T|A|CG}{4020|4040|3120|5340}{EE|EW|CE|CH}/LD', price: 219_990 },
  { brand: 'samsung', pattern: 'WD{80|10}T{4046|654}{CE|DBH}/LD', price: 399_990, dryer: true },
  { brand: 'lg', pattern: 'F{2|4}{V|T}{3|5}{HS|WS|VS}{0|6|9}{W|B|S}', price: 249_990 },
  { brand: 'lg', pattern: 'F{2|4}DV{5|7}S{7|8}{S|H}{2|3}E', price: 449_990, dryer: true },
  { brand: 'bosch', pattern: 'WAN{24|28}{14|16|28}{1|2}{ME|BY|PL}', price: 329_990 },
  { brand: 'bosch', pattern: 'WGG{14|24}{2|4}{0|L}{0|9}ME', price: 419_990 },
  { brand: 'beko', pattern: 'WSPE{6|7}H{612|616}{W|A|S}', price: 149_990 },
  { brand: 'beko', pattern: 'WUE{6511|7512}{XWW|XAW}', price: 159_990 },
  { brand: 'haier', pattern: 'HW{60|70|80|90}-BP{12959|12969|14959}{A|B|S}', price: 229_990 },
  { brand: 'indesit', pattern: 'IWSE {6105|7105} B', price: 129_990 },
  { brand: 'artel', pattern: 'WF{60|70|80}F{010|011}{AW|AS}', price: 124_990 },
  { brand: 'electrolux', pattern: 'EW{6S|6F|7F}{4|5|6}{26|28}{BI|P|U}', price: 289_990 },
  { brand: 'electrolux', pattern: 'EW7WP{361|447}S', price: 549_990, dryer: true },
]

function makeWasher(r: Random, slot: number): Draft {
  const line = sweepPick(r, slot, WASHERS, [WASHERS[0], WASHERS[2], WASHERS[6]] as typeof WASHERS)
  const name = model(r, line.pattern)
  const load = r.pick([6, 7, 8, 9, 10])
  const spin = r.pick([1000, 1200, 1400])
  const depth = r.pick([40, 45, 47, 55, 60])
  const energy = r.pick(ENERGY)
  return {
    brand: line.brand,
    model: name,
    tail: `${brandOf(line.brand).name} ${name}`,
    price: line.price * (0.8 + load * 0.04) * (spin === 1400 ? 1.06 : 1),
    attributes: {
      load,
      spin_speed: spin,
      depth,
      inverter: r.chance(0.6),
      drying: line.dryer === true,
      energy_class: energy,
      color: r.chance(0.8) ? 'white' : r.pick(['silver', 'black']),
    },
    weightGrams: 55_000 + load * 2000,
    word: line.dryer ? ['Стирально-сушильная машина', 'Кір жуғыш-кептіргіш машина'] : undefined,
  }
}

export const washers: LeafSpec = {
  slug: 'stiralnye-mashiny',
  kind: 'washer',
  word: ['Стиральная машина', 'Кір жуғыш машина'],
  weight: 5,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['load', 'range'],
    ['spin_speed', 'multiselect'],
    ['depth', 'range'],
    ['inverter', 'checkbox'],
    ['drying', 'checkbox'],
    ['energy_class', 'multiselect'],
    ['color', 'multiselect'],
  ],
  highlights: ['load', 'spin_speed', 'depth', 'inverter'],
  mtoShare: 0.03,
  make: makeWasher,
}

// ---------------------------------------------------------------- vacuum cleaners

interface Vacuum {
  brand: string
  name: string
  type: 'robot' | 'vertical' | 'container' | 'bag'
  power: number
  wet: boolean
  dust: number
  price: number
  colour: string
}

// prettier-ignore
const VACUUMS: Vacuum[] = [
  { brand: 'dyson', name: 'V15 Detect Absolute', type: 'vertical', power: 240, wet: false, dust: 0.76, price: 449_990, colour: 'yellow' },
  { brand: 'dyson', name: 'V12 Detect Slim Absolute', type: 'vertical', power: 150, wet: false, dust: 0.35, price: 329_990, colour: 'yellow' },
  { brand: 'dyson', name: 'V11 Advanced', type: 'vertical', power: 185, wet: false, dust: 0.76, price: 279_990, colour: 'purple' },
  { brand: 'dyson', name: 'V8 Absolute', type: 'vertical', power: 115, wet: false, dust: 0.54, price: 229_990, colour: 'gold' },
  { brand: 'dyson', name: 'Gen5detect Absolute', type: 'vertical', power: 262, wet: false, dust: 0.7, price: 599_990, colour: 'purple' },
  { brand: 'xiaomi', name: 'Robot Vacuum S10', type: 'robot', power: 45, wet: true, dust: 0.3, price: 99_990, colour: 'white' },
  { brand: 'xiaomi', name: 'Robot Vacuum E10', type: 'robot', power: 35, wet: true, dust: 0.4, price: 69_990, colour: 'white' },
  { brand: 'xiaomi', name: 'Robot Vacuum X20+', type: 'robot', power: 60, wet: true, dust: 0.4, price: 249_990, colour: 'white' },
  { brand: 'xiaomi', name: 'Vacuum Cleaner G11', type: 'vertical', power: 170, wet: false, dust: 0.6, price: 149_990, colour: 'white' },
  { brand: 'samsung', name: 'VC18M3160VU', type: 'container', power: 380, wet: false, dust: 2, price: 49_990, colour: 'blue' },
  { brand: 'samsung', name: 'VC20M2510WB', type: 'container', power: 360, wet: false, dust: 1.5, price: 39_990, colour: 'black' },
  { brand: 'samsung', name: 'Jet 75 VS15T7036R5', type: 'vertical', power: 200, wet: false, dust: 0.8, price: 199_990, colour: 'silver' },
  { brand: 'samsung', name: 'Jet Bot AI+ VR50T95735W', type: 'robot', power: 60, wet: false, dust: 0.2, price: 599_990, colour: 'white' },
  { brand: 'philips', name: 'XC3131/01', type: 'vertical', power: 110, wet: false, dust: 0.4, price: 89_990, colour: 'white' },
  { brand: 'philips', name: 'FC9332/09', type: 'container', power: 370, wet: false, dust: 1.5, price: 44_990, colour: 'blue' },
  { brand: 'philips', name: 'XB2125/09', type: 'bag', power: 350, wet: false, dust: 3, price: 29_990, colour: 'blue' },
  { brand: 'bosch', name: 'BGL38BA2H', type: 'bag', power: 400, wet: false, dust: 4, price: 49_990, colour: 'black' },
  { brand: 'bosch', name: 'BBS711W', type: 'vertical', power: 160, wet: false, dust: 0.3, price: 99_990, colour: 'white' },
  { brand: 'bosch', name: 'BGC05AAA2', type: 'container', power: 380, wet: false, dust: 1.5, price: 44_990, colour: 'blue' },
  { brand: 'redmond', name: 'RV-R650S WiFi', type: 'robot', power: 40, wet: true, dust: 0.5, price: 69_990, colour: 'black' },
  { brand: 'redmond', name: 'RV-UR360', type: 'vertical', power: 120, wet: false, dust: 0.6, price: 39_990, colour: 'red' },
  { brand: 'karcher', name: 'VC 4 Cordless myHome', type: 'vertical', power: 150, wet: false, dust: 0.65, price: 149_990, colour: 'white' },
  { brand: 'karcher', name: 'WD 3 V-17/4/20', type: 'container', power: 1000, wet: true, dust: 17, price: 59_990, colour: 'yellow' },
  { brand: 'tefal', name: 'X-Force Flex 9.60 TY2039WO', type: 'vertical', power: 200, wet: false, dust: 0.55, price: 189_990, colour: 'red' },
  { brand: 'tefal', name: 'Compact Power XXL TW4825EA', type: 'container', power: 550, wet: false, dust: 2.5, price: 49_990, colour: 'black' },
]

function makeVacuum(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, VACUUMS, [VACUUMS[0], VACUUMS[5], VACUUMS[9]] as Vacuum[])
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name}`,
    price: m.price,
    attributes: {
      vacuum_type: m.type,
      suction_power: m.power,
      wet_cleaning: m.wet,
      dust_volume: m.dust,
      color: m.colour,
    },
    weightGrams: m.type === 'robot' ? 3500 : m.type === 'vertical' ? 2800 : 6000,
    word: m.type === 'robot' ? ['Робот-пылесос', 'Робот-шаңсорғыш'] : undefined,
  }
}

export const vacuums: LeafSpec = {
  slug: 'pylesosy',
  kind: 'vacuum',
  word: ['Пылесос', 'Шаңсорғыш'],
  weight: 5,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['vacuum_type', 'multiselect'],
    ['suction_power', 'range'],
    ['dust_volume', 'range'],
    ['wet_cleaning', 'checkbox'],
    ['color', 'multiselect'],
  ],
  highlights: ['vacuum_type', 'suction_power', 'dust_volume'],
  make: makeVacuum,
}

// ---------------------------------------------------------------- microwaves

interface Microwave {
  brand: string
  name: string
  volume: number
  power: number
  grill: boolean
  control: 'mechanical' | 'touch'
  price: number
  colour: string
}

// prettier-ignore
const MICROWAVES: Microwave[] = [
  { brand: 'samsung', name: 'MS23K3614AW', volume: 23, power: 800, grill: false, control: 'touch', price: 49_990, colour: 'white' },
  { brand: 'samsung', name: 'ME88SUG', volume: 23, power: 800, grill: false, control: 'touch', price: 54_990, colour: 'gray' },
  { brand: 'samsung', name: 'MG23K3575AK', volume: 23, power: 800, grill: true, control: 'touch', price: 69_990, colour: 'black' },
  { brand: 'lg', name: 'MS2042DB', volume: 20, power: 700, grill: false, control: 'touch', price: 39_990, colour: 'black' },
  { brand: 'lg', name: 'MH6336GIB', volume: 23, power: 1000, grill: true, control: 'touch', price: 59_990, colour: 'black' },
  { brand: 'lg', name: 'MS2595CIS', volume: 25, power: 1000, grill: false, control: 'touch', price: 59_990, colour: 'silver' },
  { brand: 'bosch', name: 'BFL524MS0', volume: 20, power: 800, grill: false, control: 'touch', price: 179_990, colour: 'silver' },
  { brand: 'bosch', name: 'FFL023MS2', volume: 20, power: 800, grill: false, control: 'mechanical', price: 79_990, colour: 'silver' },
  { brand: 'redmond', name: 'RM-2002D', volume: 20, power: 700, grill: false, control: 'touch', price: 29_990, colour: 'white' },
  { brand: 'midea', name: 'MM720CY6-W', volume: 20, power: 700, grill: false, control: 'mechanical', price: 26_990, colour: 'white' },
  { brand: 'panasonic', name: 'NN-ST34HMZPE', volume: 25, power: 800, grill: false, control: 'touch', price: 59_990, colour: 'silver' },
  { brand: 'beko', name: 'MOC20100W', volume: 20, power: 700, grill: false, control: 'mechanical', price: 34_990, colour: 'white' },
  { brand: 'haier', name: 'HMB-DG208SA', volume: 20, power: 700, grill: true, control: 'touch', price: 44_990, colour: 'silver' },
  { brand: 'artel', name: 'MW-2020 Grill', volume: 20, power: 700, grill: true, control: 'mechanical', price: 27_990, colour: 'white' },
]

function makeMicrowave(r: Random, slot: number): Draft {
  const m = sweepPick(r, slot, MICROWAVES, [MICROWAVES[0], MICROWAVES[3]] as Microwave[])
  return {
    brand: m.brand,
    model: m.name,
    tail: `${brandOf(m.brand).name} ${m.name}`,
    price: m.price,
    attributes: { volume: m.volume, power: m.power, grill: m.grill, control: m.control, color: m.colour },
    weightGrams: 11_000 + m.volume * 200,
  }
}

export const microwaves: LeafSpec = {
  slug: 'mikrovolnovye-pechi',
  kind: 'microwave',
  word: ['Микроволновая печь', 'Микротолқынды пеш'],
  weight: 3,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['volume', 'range'],
    ['power', 'range'],
    ['grill', 'checkbox'],
    ['control', 'multiselect'],
    ['color', 'multiselect'],
  ],
  highlights: ['volume', 'power', 'grill'],
  make: makeMicrowave,
}

// ---------------------------------------------------------------- air conditioners

// prettier-ignore
const AC_LINES: { brand: string; pattern: string; price: number; inverter: boolean }[] = [
  { brand: 'artel', pattern: 'Shahrisabz {B}HJ', price: 149_990, inverter: false },
  { brand: 'artel', pattern: 'Grand {B}HE Inverter', price: 199_990, inverter: true },
  { brand: 'midea', pattern: 'MSAG1-{B}HRN1', price: 179_990, inverter: false },
  { brand: 'midea', pattern: 'MSAG2-{B}N8C2', price: 239_990, inverter: true },
  { brand: 'gree', pattern: 'GWH{B}AGA-K6DNA1A', price: 219_990, inverter: true },
  { brand: 'lg', pattern: 'P{B}SP2', price: 289_990, inverter: true },
  { brand: 'samsung', pattern: 'AR{B}TXHQASINUA', price: 279_990, inverter: true },
  { brand: 'haier', pattern: 'HSU-{B}HPL103/R3', price: 199_990, inverter: false },
  { brand: 'haier', pattern: 'AS{B}NS6ERA-W', price: 259_990, inverter: true },
  { brand: 'tcl', pattern: 'TAC-{B}HRA/GA', price: 169_990, inverter: false },
  { brand: 'electrolux', pattern: 'EACS-{B}HAT/N3', price: 209_990, inverter: false },
]

const BTU = ['07', '09', '12', '18', '24'] as const
const BTU_AREA: Record<string, number> = { '07': 20, '09': 25, '12': 35, '18': 50, '24': 70 }

function makeAirConditioner(r: Random, slot: number): Draft {
  const line = sweepPick(r, slot, AC_LINES, [AC_LINES[0], AC_LINES[5]] as typeof AC_LINES)
  const btu = slot >= 0 && slot < 2 ? '09' : r.pick(BTU)
  const name = line.pattern.replace('{B}', btu)
  return {
    brand: line.brand,
    model: name,
    tail: `${brandOf(line.brand).name} ${name}`,
    price: line.price * (1 + (BTU.indexOf(btu) - 1) * 0.28),
    attributes: {
      btu,
      area: BTU_AREA[btu] ?? 25,
      inverter: line.inverter,
      energy_class: line.inverter ? 'a-plus-plus' : 'a',
      noise: 22 + r.int(0, 10),
      color: 'white',
    },
    weightGrams: 25_000 + Number(btu) * 1200,
    word: ['Кондиционер', 'Кондиционер'],
  }
}

export const airConditioners: LeafSpec = {
  slug: 'kondicionery',
  kind: 'air-conditioner',
  word: ['Кондиционер', 'Кондиционер'],
  weight: 3,
  filters: [
    ['brand', 'multiselect'],
    ['price', 'range'],
    ['btu', 'multiselect'],
    ['area', 'range'],
    ['inverter', 'checkbox'],
    ['energy_class', 'multiselect'],
  ],
  highlights: ['btu', 'area', 'inverter'],
  mtoShare: 0.04,
  make: makeAirConditioner,
}
