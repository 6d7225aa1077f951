import type { IllustrationKind, ProductAttributes, ProductType } from '../../db/schema/catalog'
import { groupThousands } from '../text'

/** A product that is not a thing on a shelf: a service, a warranty extension, a certificate or a key. */
export interface SpecialProduct {
  type: Exclude<ProductType, 'regular' | 'mto'>
  categorySlug: string
  /** Services and warranty extensions: the category whose products they are sold with. */
  serviceFor?: string
  brand?: string
  model: string
  titleRu: string
  titleKk: string
  price: number
  kind: IllustrationKind
  attributes: ProductAttributes
}

const INSTALLATION = 'ustanovka-i-podklyuchenie'
const WARRANTY = 'rasshirennaya-garantiya'
const GIFT_CARDS = 'podarochnye-sertifikaty'
const SOFTWARE = 'programmnoe-obespechenie'

const service = (serviceFor: string, titleRu: string, titleKk: string, price: number): SpecialProduct => ({
  type: 'service',
  categorySlug: INSTALLATION,
  serviceFor,
  model: titleRu,
  titleRu,
  titleKk,
  price,
  kind: 'service',
  attributes: {},
})

const SERVICES: SpecialProduct[] = [
  service(
    'televizory',
    'Установка телевизора на стену (до 55")',
    'Теледидарды қабырғаға орнату (55"-ке дейін)',
    14_990,
  ),
  service(
    'televizory',
    'Установка телевизора на стену (от 55")',
    'Теледидарды қабырғаға орнату (55"-тен бастап)',
    24_990,
  ),
  service('televizory', 'Настройка Smart TV и каналов', 'Smart TV және арналарды баптау', 7990),
  service('stiralnye-mashiny', 'Подключение стиральной машины', 'Кір жуғыш машинаны қосу', 14_990),
  service('holodilniki', 'Перенавешивание дверей холодильника', 'Тоңазытқыш есіктерін ауыстырып ілу', 9990),
  service('kondicionery', 'Монтаж кондиционера 07-12 BTU', 'Кондиционерді монтаждау 07-12 BTU', 39_990),
  service('kondicionery', 'Монтаж кондиционера 18-24 BTU', 'Кондиционерді монтаждау 18-24 BTU', 59_990),
  service(
    'smartfony',
    'Настройка смартфона и перенос данных',
    'Смартфонды баптау және деректерді көшіру',
    4990,
  ),
  service('smartfony', 'Наклейка защитного стекла', 'Қорғаныс әйнегін жабыстыру', 2990),
  service('noutbuki', 'Установка Windows и драйверов', 'Windows және драйверлерді орнату', 9990),
  service('processory', 'Сборка компьютера', 'Компьютерді құрастыру', 19_990),
  service('pylesosy', 'Настройка робота-пылесоса', 'Робот-шаңсорғышты баптау', 4990),
]

/** [category, ru plural after 'на', kk dative plural, price for +1 year, price for +2 years] */
const WARRANTY_TARGETS: [string, string, string, number, number][] = [
  ['smartfony', 'смартфоны', 'Смартфондарға', 14_990, 24_990],
  ['noutbuki', 'ноутбуки', 'Ноутбуктерге', 19_990, 34_990],
  ['televizory', 'телевизоры', 'Теледидарларға', 24_990, 39_990],
  ['holodilniki', 'холодильники', 'Тоңазытқыштарға', 19_990, 34_990],
  ['stiralnye-mashiny', 'стиральные машины', 'Кір жуғыш машиналарға', 17_990, 29_990],
  ['planshety', 'планшеты', 'Планшеттерге', 12_990, 21_990],
  ['pylesosy', 'пылесосы', 'Шаңсорғыштарға', 9990, 16_990],
]

const WARRANTIES: SpecialProduct[] = WARRANTY_TARGETS.flatMap(([slug, ru, kk, oneYear, twoYears]) =>
  (
    [
      [1, oneYear],
      [2, twoYears],
    ] as const
  ).map(([years, price]) => ({
    type: 'guaranty' as const,
    categorySlug: WARRANTY,
    serviceFor: slug,
    model: `+${years} ${years === 1 ? 'год' : 'года'}`,
    titleRu: `Расширенная гарантия +${years} ${years === 1 ? 'год' : 'года'} на ${ru}`,
    titleKk: `${kk} +${years} жыл кеңейтілген кепілдік`,
    price,
    kind: 'service' as const,
    attributes: { term_months: years * 12 },
  })),
)

const CERTIFICATES: SpecialProduct[] = [5000, 10_000, 20_000, 50_000, 100_000, 200_000].map((nominal) => ({
  type: 'certificate',
  categorySlug: GIFT_CARDS,
  model: `${groupThousands(nominal)} ₸`,
  titleRu: `Подарочный сертификат ${groupThousands(nominal)} ₸`,
  titleKk: `Сыйлық сертификаты ${groupThousands(nominal)} ₸`,
  price: nominal,
  kind: 'gift-card',
  attributes: { nominal },
}))

const key = (
  brand: string,
  model: string,
  [wordRu, wordKk]: readonly [string, string],
  [termRu, termKk]: readonly [string, string],
  price: number,
  license: 'perpetual' | 'subscription',
  devices: number,
): SpecialProduct => ({
  type: 'digital',
  categorySlug: SOFTWARE,
  brand,
  model,
  titleRu: `${wordRu} ${model}${termRu ? ` ${termRu}` : ''}`,
  titleKk: `${wordKk} ${model}${termKk ? ` ${termKk}` : ''}`,
  price,
  kind: 'generic',
  attributes: { license, devices },
})

const OS = ['Операционная система', 'Операциялық жүйе'] as const
const OFFICE = ['Офисный пакет', 'Кеңсе пакеті'] as const
const ANTIVIRUS = ['Антивирус', 'Антивирус'] as const
const devicesYear = (n: number): readonly [string, string] => [
  `${n} ${n === 1 ? 'устройство' : n < 5 ? 'устройства' : 'устройств'} 1 год`,
  `${n} құрылғы 1 жыл`,
]

const SOFTWARE_KEYS: SpecialProduct[] = [
  key('microsoft', 'Microsoft Windows 11 Home ESD', OS, ['', ''], 79_990, 'perpetual', 1),
  key('microsoft', 'Microsoft Windows 11 Pro ESD', OS, ['', ''], 119_990, 'perpetual', 1),
  key('microsoft', 'Microsoft Office Home 2024 ESD', OFFICE, ['', ''], 99_990, 'perpetual', 1),
  key('microsoft', 'Microsoft 365 Personal', OFFICE, ['12 мес.', '12 ай'], 34_990, 'subscription', 1),
  key('microsoft', 'Microsoft 365 Family', OFFICE, ['12 мес.', '12 ай'], 49_990, 'subscription', 6),
  key('kaspersky', 'Kaspersky Standard', ANTIVIRUS, devicesYear(1), 8990, 'subscription', 1),
  key('kaspersky', 'Kaspersky Plus', ANTIVIRUS, devicesYear(3), 19_990, 'subscription', 3),
  key('kaspersky', 'Kaspersky Premium', ANTIVIRUS, devicesYear(5), 29_990, 'subscription', 5),
  key('eset', 'ESET NOD32 Antivirus', ANTIVIRUS, devicesYear(1), 6990, 'subscription', 1),
  key('eset', 'ESET Internet Security', ANTIVIRUS, devicesYear(3), 13_990, 'subscription', 3),
]

/** Every non-shelf product, in the order they get ids after the regular ones. */
export const SPECIAL_PRODUCTS: readonly SpecialProduct[] = [
  ...SERVICES,
  ...WARRANTIES,
  ...CERTIFICATES,
  ...SOFTWARE_KEYS,
]
