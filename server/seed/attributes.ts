import type { AttributeValue, ProductAttributes, ShortDescriptionItem, SpecGroup } from '../db/schema/catalog'
import { BRAND_BY_SLUG } from './brands'
import { num } from './text'

type Titles = readonly [ru: string, kk: string]

const GROUPS = {
  main: ['Общие характеристики', 'Жалпы сипаттамалар'],
  display: ['Экран', 'Экран'],
  performance: ['Производительность', 'Өнімділік'],
  memory: ['Память', 'Жад'],
  compatibility: ['Совместимость', 'Үйлесімділік'],
  connectivity: ['Связь и интерфейсы', 'Байланыс және интерфейстер'],
  features: ['Особенности', 'Ерекшеліктері'],
  power: ['Питание', 'Қуат'],
  dimensions: ['Габариты', 'Өлшемдері'],
} as const satisfies Record<string, Titles>
type Group = keyof typeof GROUPS

/** How a value is shown: a unit after a number, GB/TB for sizes, inches for diagonals. */
type Unit = Titles | 'gb' | 'inch' | 'ghz'

interface AttributeDef {
  title: Titles
  group: Group
  unit?: Unit
  /** Option codes with their ru/kk titles; attributes without them are numbers, booleans or free text. */
  options?: Record<string, Titles>
}

const same = (s: string): Titles => [s, s]
const opts = (...codes: [code: string, ru: string, kk?: string][]): Record<string, Titles> =>
  Object.fromEntries(codes.map(([code, ru, kk]) => [code, [ru, kk ?? ru] as Titles]))

export const COLORS = opts(
  ['black', 'Черный', 'Қара'],
  ['white', 'Белый', 'Ақ'],
  ['silver', 'Серебристый', 'Күміс түсті'],
  ['gray', 'Серый', 'Сұр'],
  ['blue', 'Синий', 'Көк'],
  ['lightblue', 'Голубой', 'Ашық көк'],
  ['green', 'Зеленый', 'Жасыл'],
  ['pink', 'Розовый', 'Қызғылт'],
  ['purple', 'Фиолетовый', 'Күлгін'],
  ['gold', 'Золотистый', 'Алтын түсті'],
  ['red', 'Красный', 'Қызыл'],
  ['beige', 'Бежевый', 'Бежевый'],
  ['yellow', 'Желтый', 'Сары'],
  ['titanium', 'Титановый', 'Титан түсті'],
)

export const ATTRIBUTES: Record<string, AttributeDef> = {
  brand: { title: same('Бренд'), group: 'main' },
  color: { title: ['Цвет', 'Түсі'], group: 'main', options: COLORS },
  os: {
    title: ['Операционная система', 'Операциялық жүйе'],
    group: 'main',
    options: opts(
      ['android', 'Android'],
      ['ios', 'iOS'],
      ['ipados', 'iPadOS'],
      ['harmonyos', 'HarmonyOS'],
      ['windows', 'Windows 11'],
      ['macos', 'macOS'],
      ['dos', 'Без ОС', 'ОЖ жоқ'],
      ['tizen', 'Tizen'],
      ['webos', 'webOS'],
      ['google-tv', 'Google TV'],
      ['android-tv', 'Android TV'],
      ['vidaa', 'VIDAA'],
      ['watchos', 'watchOS'],
      ['wearos', 'Wear OS'],
      ['rtos', 'Собственная ОС', 'Меншікті ОЖ'],
    ),
  },
  memory: { title: ['Встроенная память', 'Кіріктірілген жад'], group: 'memory', unit: 'gb' },
  ram: { title: ['Оперативная память', 'Жедел жад'], group: 'memory', unit: 'gb' },
  diagonal: { title: ['Диагональ экрана', 'Экран диагоналы'], group: 'display', unit: 'inch' },
  refresh_rate: { title: ['Частота обновления', 'Жаңарту жиілігі'], group: 'display', unit: same('Гц') },
  nfc: { title: same('NFC'), group: 'connectivity' },
  lte: { title: ['Поддержка LTE', 'LTE қолдауы'], group: 'connectivity' },
  camera_mp: { title: ['Основная камера', 'Негізгі камера'], group: 'features', unit: ['Мп', 'Мп'] },
  battery: {
    title: ['Ёмкость аккумулятора', 'Аккумулятор сыйымдылығы'],
    group: 'power',
    unit: ['мА·ч', 'мА·сағ'],
  },
  battery_life: { title: ['Время работы', 'Жұмыс уақыты'], group: 'power', unit: ['ч', 'сағ'] },
  cpu_family: {
    title: same('Процессор'),
    group: 'performance',
    options: opts(
      ['intel-core-i3', 'Intel Core i3'],
      ['intel-core-i5', 'Intel Core i5'],
      ['intel-core-i7', 'Intel Core i7'],
      ['intel-core-i9', 'Intel Core i9'],
      ['intel-core-ultra-5', 'Intel Core Ultra 5'],
      ['intel-core-ultra-7', 'Intel Core Ultra 7'],
      ['amd-ryzen-5', 'AMD Ryzen 5'],
      ['amd-ryzen-7', 'AMD Ryzen 7'],
      ['amd-ryzen-9', 'AMD Ryzen 9'],
      ['apple-m2', 'Apple M2'],
      ['apple-m3', 'Apple M3'],
      ['apple-m4', 'Apple M4'],
    ),
  },
  cpu_model: { title: ['Модель процессора', 'Процессор моделі'], group: 'performance' },
  gpu_model: {
    title: ['Видеокарта', 'Бейнекарта'],
    group: 'performance',
    options: opts(
      ['integrated', 'Встроенная', 'Кіріктірілген'],
      ['rtx-3050', 'GeForce RTX 3050'],
      ['rtx-4050', 'GeForce RTX 4050'],
      ['rtx-4060', 'GeForce RTX 4060'],
      ['rtx-4070', 'GeForce RTX 4070'],
      ['rtx-5060', 'GeForce RTX 5060'],
      ['rtx-5070', 'GeForce RTX 5070'],
    ),
  },
  ssd: { title: ['Объём SSD', 'SSD көлемі'], group: 'memory', unit: 'gb' },
  resolution: {
    title: ['Разрешение', 'Ажыратымдылық'],
    group: 'display',
    options: opts(['hd', 'HD'], ['fullhd', 'Full HD'], ['4k', '4K UHD'], ['8k', '8K']),
  },
  matrix: {
    title: ['Технология экрана', 'Экран технологиясы'],
    group: 'display',
    options: opts(
      ['led', 'LED'],
      ['qled', 'QLED'],
      ['oled', 'OLED'],
      ['nanocell', 'NanoCell'],
      ['qned', 'QNED'],
      ['miniled', 'Mini LED'],
    ),
  },
  smart_tv: { title: same('Smart TV'), group: 'features' },
  energy_class: {
    title: ['Класс энергопотребления', 'Энергия тұтыну класы'],
    group: 'power',
    options: opts(
      ['a-plus-plus-plus', 'A+++'],
      ['a-plus-plus', 'A++'],
      ['a-plus', 'A+'],
      ['a', 'A'],
      ['b', 'B'],
    ),
  },
  no_frost: { title: same('No Frost'), group: 'features' },
  fridge_type: {
    title: ['Тип холодильника', 'Тоңазытқыш түрі'],
    group: 'main',
    options: opts(
      ['two-chamber', 'Двухкамерный', 'Екі камералы'],
      ['one-chamber', 'Однокамерный', 'Бір камералы'],
      ['side-by-side', 'Side-by-Side'],
      ['multi-door', 'Многодверный', 'Көп есікті'],
    ),
  },
  volume: { title: ['Общий объём', 'Жалпы көлемі'], group: 'main', unit: ['л', 'л'] },
  height: { title: ['Высота', 'Биіктігі'], group: 'dimensions', unit: ['см', 'см'] },
  depth: { title: ['Глубина', 'Тереңдігі'], group: 'dimensions', unit: ['см', 'см'] },
  load: { title: ['Максимальная загрузка', 'Максималды жүктеме'], group: 'main', unit: ['кг', 'кг'] },
  spin_speed: { title: ['Скорость отжима', 'Сығу жылдамдығы'], group: 'main', unit: ['об/мин', 'айн/мин'] },
  inverter: { title: ['Инверторная технология', 'Инверторлық технология'], group: 'features' },
  drying: { title: ['Сушка', 'Кептіру'], group: 'features' },
  headphone_type: {
    title: ['Тип наушников', 'Құлаққап түрі'],
    group: 'main',
    options: opts(
      ['tws', 'Полностью беспроводные (TWS)', 'Толық сымсыз (TWS)'],
      ['overhead', 'Полноразмерные', 'Толық өлшемді'],
      ['in-ear', 'Внутриканальные', 'Құлақ ішіне кіретін'],
    ),
  },
  anc: { title: ['Активное шумоподавление', 'Белсенді шуды басу'], group: 'features' },
  connection: {
    title: ['Подключение', 'Қосылу'],
    group: 'connectivity',
    options: opts(['bluetooth', 'Bluetooth'], ['wired', 'Проводное', 'Сымды']),
  },
  vacuum_type: {
    title: ['Тип пылесоса', 'Шаңсорғыш түрі'],
    group: 'main',
    options: opts(
      ['robot', 'Робот-пылесос', 'Робот-шаңсорғыш'],
      ['vertical', 'Вертикальный', 'Тік'],
      ['container', 'Контейнерный', 'Контейнерлі'],
      ['bag', 'С мешком', 'Қапшықты'],
    ),
  },
  suction_power: { title: ['Мощность всасывания', 'Сору қуаты'], group: 'performance', unit: ['Вт', 'Вт'] },
  wet_cleaning: { title: ['Влажная уборка', 'Ылғалды тазалау'], group: 'features' },
  dust_volume: { title: ['Объём пылесборника', 'Шаң жинағыш көлемі'], group: 'main', unit: ['л', 'л'] },
  case_size: { title: ['Размер корпуса', 'Корпус өлшемі'], group: 'dimensions', unit: ['мм', 'мм'] },
  gps: { title: same('GPS'), group: 'connectivity' },
  camera_type: {
    title: ['Тип камеры', 'Камера түрі'],
    group: 'main',
    options: opts(
      ['mirrorless', 'Беззеркальная', 'Айнасыз'],
      ['dslr', 'Зеркальная', 'Айналы'],
      ['action', 'Экшн-камера'],
    ),
  },
  sensor: {
    title: ['Матрица', 'Матрица'],
    group: 'main',
    options: opts(['full-frame', 'Полнокадровая', 'Толық кадрлы'], ['aps-c', 'APS-C'], ['1-2-3', '1/2.3"']),
  },
  megapixels: { title: ['Разрешение матрицы', 'Матрица ажыратымдылығы'], group: 'main', unit: ['Мп', 'Мп'] },
  disc_drive: { title: ['Дисковод', 'Дисковод'], group: 'features' },
  power: { title: ['Мощность', 'Қуаты'], group: 'power', unit: ['Вт', 'Вт'] },
  waterproof: { title: ['Защита от воды', 'Судан қорғау'], group: 'features' },
  grill: { title: ['Гриль', 'Гриль'], group: 'features' },
  control: {
    title: ['Управление', 'Басқару'],
    group: 'main',
    options: opts(['mechanical', 'Механическое', 'Механикалық'], ['touch', 'Сенсорное', 'Сенсорлы']),
  },
  area: { title: ['Площадь помещения', 'Бөлме ауданы'], group: 'main', unit: ['м²', 'м²'] },
  btu: {
    title: ['Мощность охлаждения', 'Салқындату қуаты'],
    group: 'main',
    options: opts(
      ['07', '7000 BTU'],
      ['09', '9000 BTU'],
      ['12', '12000 BTU'],
      ['18', '18000 BTU'],
      ['24', '24000 BTU'],
    ),
  },
  socket: {
    title: ['Сокет', 'Сокет'],
    group: 'compatibility',
    options: opts(['am5', 'AM5'], ['am4', 'AM4'], ['lga1700', 'LGA1700'], ['lga1851', 'LGA1851']),
  },
  cpu_series: {
    title: ['Линейка', 'Желісі'],
    group: 'main',
    options: opts(
      ['ryzen-5', 'Ryzen 5'],
      ['ryzen-7', 'Ryzen 7'],
      ['ryzen-9', 'Ryzen 9'],
      ['core-i3', 'Core i3'],
      ['core-i5', 'Core i5'],
      ['core-i7', 'Core i7'],
      ['core-i9', 'Core i9'],
      ['core-ultra-5', 'Core Ultra 5'],
      ['core-ultra-7', 'Core Ultra 7'],
      ['core-ultra-9', 'Core Ultra 9'],
    ),
  },
  cores: { title: ['Количество ядер', 'Ядро саны'], group: 'performance' },
  threads: { title: ['Количество потоков', 'Ағын саны'], group: 'performance' },
  base_clock: { title: ['Базовая частота', 'Базалық жиілік'], group: 'performance', unit: 'ghz' },
  boost_clock: {
    title: ['Частота в турбо-режиме', 'Турбо режимдегі жиілік'],
    group: 'performance',
    unit: 'ghz',
  },
  tdp: { title: ['Тепловыделение (TDP)', 'Жылу бөлу (TDP)'], group: 'power', unit: ['Вт', 'Вт'] },
  memory_type: {
    title: ['Тип памяти', 'Жад түрі'],
    group: 'compatibility',
    options: opts(['ddr4', 'DDR4'], ['ddr5', 'DDR5']),
  },
  integrated_graphics: { title: ['Встроенная графика', 'Кіріктірілген графика'], group: 'features' },
  cooler_included: { title: ['Кулер в комплекте', 'Кулер жинақта'], group: 'main' },
  packaging: {
    title: ['Комплектация', 'Жинақталым'],
    group: 'main',
    options: opts(['box', 'BOX'], ['oem', 'OEM']),
  },
  chipset: {
    title: same('Чипсет'),
    group: 'compatibility',
    options: opts(
      ['a620', 'AMD A620'],
      ['b650', 'AMD B650'],
      ['b650e', 'AMD B650E'],
      ['x670e', 'AMD X670E'],
      ['b850', 'AMD B850'],
      ['x870', 'AMD X870'],
      ['a520', 'AMD A520'],
      ['b550', 'AMD B550'],
      ['x570', 'AMD X570'],
      ['h610', 'Intel H610'],
      ['b760', 'Intel B760'],
      ['z790', 'Intel Z790'],
      ['b860', 'Intel B860'],
      ['z890', 'Intel Z890'],
    ),
  },
  form_factor: {
    title: same('Форм-фактор'),
    group: 'compatibility',
    options: opts(
      ['eatx', 'E-ATX'],
      ['atx', 'ATX'],
      ['matx', 'mATX'],
      ['itx', 'Mini-ITX'],
      ['sfx', 'SFX'],
      ['m2-2280', 'M.2 2280'],
      ['2-5', '2.5"'],
      ['3-5', '3.5"'],
    ),
  },
  memory_slots: { title: ['Слоты памяти', 'Жад слоттары'], group: 'memory' },
  max_memory: {
    title: ['Максимальный объём памяти', 'Жадтың максималды көлемі'],
    group: 'memory',
    unit: 'gb',
  },
  m2_slots: { title: ['Разъёмы M.2', 'M.2 ұяшықтары'], group: 'connectivity' },
  sata_ports: { title: ['Порты SATA', 'SATA порттары'], group: 'connectivity' },
  wifi: { title: same('Wi-Fi'), group: 'connectivity' },
  capacity: { title: ['Объём', 'Көлемі'], group: 'main', unit: 'gb' },
  kit: {
    title: ['Комплект', 'Жинақ'],
    group: 'main',
    options: opts(
      ['1x8', '1 × 8 ГБ'],
      ['1x16', '1 × 16 ГБ'],
      ['1x32', '1 × 32 ГБ'],
      ['2x8', '2 × 8 ГБ'],
      ['2x16', '2 × 16 ГБ'],
      ['2x24', '2 × 24 ГБ'],
      ['2x32', '2 × 32 ГБ'],
    ),
  },
  modules: { title: ['Модулей в комплекте', 'Жинақтағы модульдер'], group: 'main' },
  frequency: { title: ['Частота', 'Жиілік'], group: 'performance', unit: ['МГц', 'МГц'] },
  cas_latency: { title: ['Тайминги (CL)', 'Тайминг (CL)'], group: 'performance' },
  rgb: { title: ['RGB-подсветка', 'RGB жарығы'], group: 'features' },
  gpu_vendor: {
    title: ['Производитель GPU', 'GPU өндірушісі'],
    group: 'main',
    options: opts(['nvidia', 'NVIDIA'], ['amd', 'AMD']),
  },
  gpu_chip: {
    title: ['Графический процессор', 'Графикалық процессор'],
    group: 'performance',
    options: opts(
      ['rtx-4060', 'GeForce RTX 4060'],
      ['rtx-4060-ti', 'GeForce RTX 4060 Ti'],
      ['rtx-4070', 'GeForce RTX 4070'],
      ['rtx-4070-super', 'GeForce RTX 4070 SUPER'],
      ['rtx-4070-ti-super', 'GeForce RTX 4070 Ti SUPER'],
      ['rtx-4080-super', 'GeForce RTX 4080 SUPER'],
      ['rtx-4090', 'GeForce RTX 4090'],
      ['rtx-5060', 'GeForce RTX 5060'],
      ['rtx-5070', 'GeForce RTX 5070'],
      ['rtx-5070-ti', 'GeForce RTX 5070 Ti'],
      ['rtx-5080', 'GeForce RTX 5080'],
      ['rtx-5090', 'GeForce RTX 5090'],
      ['rx-7600', 'Radeon RX 7600'],
      ['rx-7700-xt', 'Radeon RX 7700 XT'],
      ['rx-7800-xt', 'Radeon RX 7800 XT'],
      ['rx-7900-xtx', 'Radeon RX 7900 XTX'],
      ['rx-9070-xt', 'Radeon RX 9070 XT'],
    ),
  },
  vram: { title: ['Объём видеопамяти', 'Бейнежад көлемі'], group: 'memory', unit: 'gb' },
  vram_type: {
    title: ['Тип видеопамяти', 'Бейнежад түрі'],
    group: 'memory',
    options: opts(['gddr6', 'GDDR6'], ['gddr6x', 'GDDR6X'], ['gddr7', 'GDDR7']),
  },
  recommended_psu: {
    title: ['Рекомендуемый блок питания', 'Ұсынылатын қуат блогы'],
    group: 'power',
    unit: ['Вт', 'Вт'],
  },
  length: { title: ['Длина', 'Ұзындығы'], group: 'dimensions', unit: ['мм', 'мм'] },
  slot_width: { title: ['Занимаемые слоты', 'Алатын слоттар'], group: 'dimensions' },
  pcie_8pin: { title: ['Разъёмы PCIe 8-pin', 'PCIe 8-pin қосқыштары'], group: 'power' },
  pcie_16pin: { title: ['Разъёмы 12V-2x6 (16-pin)', '12V-2x6 (16-pin) қосқыштары'], group: 'power' },
  storage_type: {
    title: ['Тип накопителя', 'Жинақтағыш түрі'],
    group: 'main',
    options: opts(['nvme', 'SSD M.2 NVMe'], ['sata-ssd', 'SSD SATA'], ['hdd', 'HDD']),
  },
  interface: {
    title: same('Интерфейс'),
    group: 'connectivity',
    options: opts(
      ['pcie-3', 'PCIe 3.0 x4'],
      ['pcie-4', 'PCIe 4.0 x4'],
      ['pcie-5', 'PCIe 5.0 x4'],
      ['sata3', 'SATA III'],
    ),
  },
  read_speed: { title: ['Скорость чтения', 'Оқу жылдамдығы'], group: 'performance', unit: ['МБ/с', 'МБ/с'] },
  wattage: { title: ['Мощность', 'Қуаты'], group: 'power', unit: ['Вт', 'Вт'] },
  certificate: {
    title: ['Сертификат 80 PLUS', '80 PLUS сертификаты'],
    group: 'power',
    options: opts(
      ['white', '80 PLUS'],
      ['bronze', '80 PLUS Bronze'],
      ['gold', '80 PLUS Gold'],
      ['platinum', '80 PLUS Platinum'],
      ['titanium', '80 PLUS Titanium'],
    ),
  },
  modular: {
    title: ['Модульность', 'Модульдігі'],
    group: 'main',
    options: opts(
      ['full', 'Полностью модульный', 'Толық модульді'],
      ['semi', 'Полумодульный', 'Жартылай модульді'],
      ['none', 'Немодульный', 'Модульсіз'],
    ),
  },
  case_type: {
    title: ['Типоразмер', 'Типөлшемі'],
    group: 'main',
    options: opts(['full-tower', 'Full-Tower'], ['midi-tower', 'Midi-Tower'], ['mini-tower', 'Mini-Tower']),
  },
  max_gpu_length: {
    title: ['Максимальная длина видеокарты', 'Бейнекартаның максималды ұзындығы'],
    group: 'compatibility',
    unit: ['мм', 'мм'],
  },
  max_cooler_height: {
    title: ['Максимальная высота кулера', 'Кулердің максималды биіктігі'],
    group: 'compatibility',
    unit: ['мм', 'мм'],
  },
  psu_form_factor: {
    title: ['Форм-фактор блока питания', 'Қуат блогының форм-факторы'],
    group: 'compatibility',
    options: opts(['atx', 'ATX'], ['sfx', 'SFX']),
  },
  side_window: { title: ['Боковое окно', 'Бүйір терезе'], group: 'features' },
  cooler_type: {
    title: ['Тип охлаждения', 'Салқындату түрі'],
    group: 'main',
    options: opts(['air', 'Воздушное', 'Ауамен'], ['aio', 'Жидкостное (СЖО)', 'Сұйықтықпен (СЖО)']),
  },
  max_tdp: { title: ['Рассеиваемая мощность', 'Сейілтетін қуат'], group: 'performance', unit: ['Вт', 'Вт'] },
  cooler_height: { title: ['Высота кулера', 'Кулер биіктігі'], group: 'compatibility', unit: ['мм', 'мм'] },
  radiator: { title: ['Размер радиатора', 'Радиатор өлшемі'], group: 'dimensions', unit: ['мм', 'мм'] },
  noise: { title: ['Уровень шума', 'Шу деңгейі'], group: 'features', unit: ['дБ', 'дБ'] },
  term_months: { title: ['Срок', 'Мерзімі'], group: 'main', unit: ['мес.', 'ай'] },
  nominal: { title: ['Номинал', 'Номиналы'], group: 'main', unit: ['₸', '₸'] },
  devices: { title: ['Количество устройств', 'Құрылғылар саны'], group: 'main' },
  license: {
    title: ['Тип лицензии', 'Лицензия түрі'],
    group: 'main',
    options: opts(
      ['perpetual', 'Бессрочная', 'Мерзімсіз'],
      ['subscription', 'Подписка на 12 месяцев', '12 айға жазылым'],
    ),
  },
}

export function attributeTitle(code: string): Titles {
  const def = ATTRIBUTES[code]
  if (!def) throw new Error(`unknown attribute ${code}`)
  return def.title
}

export function unitLabel(code: string): string | null {
  const unit = ATTRIBUTES[code]?.unit
  if (!unit) return null
  if (unit === 'gb') return 'ГБ'
  if (unit === 'inch') return '"'
  if (unit === 'ghz') return 'ГГц'
  return unit[0]
}

function sizeText(gbValue: number): string {
  return gbValue >= 1024 && gbValue % 1024 === 0 ? `${gbValue / 1024} ТБ` : `${gbValue} ГБ`
}

/** One option code or number as ru/kk display text. */
export function optionTitle(code: string, value: string | number | boolean): Titles {
  if (code === 'brand') return same(BRAND_BY_SLUG.get(String(value))?.name ?? String(value))
  const def = ATTRIBUTES[code]
  if (!def) throw new Error(`unknown attribute ${code}`)
  if (typeof value === 'boolean') return value ? ['Да', 'Иә'] : ['Нет', 'Жоқ']
  if (def.options) {
    const titles = def.options[String(value)]
    if (!titles) throw new Error(`attribute ${code} has no option ${String(value)}`)
    return titles
  }
  if (typeof value === 'string') return same(value)
  const unit = def.unit
  if (!unit) return same(num(value))
  if (unit === 'gb') return same(sizeText(value))
  if (unit === 'inch') return same(`${num(value)}"`)
  if (unit === 'ghz') return same(`${num(value)} ГГц`)
  return [`${num(value)} ${unit[0]}`, `${num(value)} ${unit[1]}`]
}

export function valueTitle(code: string, value: AttributeValue): Titles {
  if (Array.isArray(value)) {
    const titles = value.map((v) => optionTitle(code, v))
    return [titles.map((t) => t[0]).join(', '), titles.map((t) => t[1]).join(', ')]
  }
  return optionTitle(code, value)
}

const ORDER = new Map(Object.keys(ATTRIBUTES).map((code, i) => [code, i]))

/** The specifications tab: attributes grouped the way the dictionary files them, in dictionary order. */
export function specGroups(model: string, attributes: ProductAttributes): SpecGroup[] {
  const byGroup = new Map<Group, SpecGroup['items']>()
  byGroup.set('main', [
    { code: 'model', title_ru: 'Модель', title_kk: 'Моделі', value_ru: model, value_kk: model },
  ])
  const codes = Object.keys(attributes).sort((a, b) => (ORDER.get(a) ?? 1e9) - (ORDER.get(b) ?? 1e9))
  for (const code of codes) {
    const def = ATTRIBUTES[code]
    const value = attributes[code]
    if (!def || value === undefined) continue
    const [valueRu, valueKk] = valueTitle(code, value)
    const items = byGroup.get(def.group)
    const item = {
      code,
      title_ru: def.title[0],
      title_kk: def.title[1],
      value_ru: valueRu,
      value_kk: valueKk,
    }
    if (items) items.push(item)
    else byGroup.set(def.group, [item])
  }
  const groups: SpecGroup[] = []
  for (const group of Object.keys(GROUPS) as Group[]) {
    const items = byGroup.get(group)
    if (items) groups.push({ code: group, title_ru: GROUPS[group][0], title_kk: GROUPS[group][1], items })
  }
  return groups
}

/** The few lines under the title in listings: the attributes a shopper compares first. */
export function shortDescription(
  codes: readonly string[],
  attributes: ProductAttributes,
): ShortDescriptionItem[] {
  const items: ShortDescriptionItem[] = []
  for (const code of codes) {
    const value = attributes[code]
    if (value === undefined) continue
    const [titleRu, titleKk] = attributeTitle(code)
    const values = (Array.isArray(value) ? value : [value]).map((v) => {
      const [ru, kk] = optionTitle(code, v)
      return { value_ru: ru, value_kk: kk, code: String(v) }
    })
    items.push({ title: titleRu, title_kk: titleKk, description: '', code, values })
  }
  return items
}
