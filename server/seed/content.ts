import { sql } from 'drizzle-orm'
import { categoryUrl } from '../../contract/menu'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'
import type { DeliveryKind, LatLng } from '../db/schema/delivery'
import { SEED_BRANDS } from './brands'
import { categoryOf, SEED_CATEGORIES, type SeedCategory } from './categories'
import { SEED_CITIES } from './cities'
import { contentImageRows, DEFAULT_SEED, type ImageRow } from './generate'
import { stream } from './random'
import { groupThousands } from './text'
import { insertRows } from './insert-rows'

/**
 * The store's content beside the catalogue: cms pages and blocks, fast links, promotions, SEO anchors,
 * and the delivery rules and zones of every city. Deterministic like the catalogue: the same seed and
 * catalogue give the same rows. Written at the end of `writeCatalog`, in its transaction.
 */

type Executor = Pick<Db, 'execute'>

/** The tables written here, children first; `clearContent` empties them. */
export const CONTENT_TABLES = [
  'cms_blocks',
  'cms_pages',
  'fast_links',
  'content_promotions',
  'seo_anchors',
  'delivery_rules',
  'delivery_zones',
] as const

/** Images drawn for content written here (banner images of the catalogue seed are reused as they are). */
const CONTENT_IMAGE_PREFIXES = ['fastlink-', 'promo-'] as const

const url = (slug: string) => categoryUrl(categoryOf(slug).path)

// ---------------------------------------------------------------- delivery rules

export interface SeedDeliveryRule {
  city_id: number
  kind: DeliveryKind
  is_active: boolean
  cost: number
  free_from: number | null
  min_days: number
  max_days: number
  min_hours: number | null
  max_hours: number | null
  cutoff_hour: number | null
  slots: string[]
  for_organizations: boolean
  transfer_days: number | null
  assembly_days: number
  heavy_from_grams: number | null
  heavy_surcharge: number
  max_weight_grams: number | null
}

const COURIER_SLOTS = [
  '10:00-12:00',
  '12:00-14:00',
  '14:00-16:00',
  '16:00-18:00',
  '18:00-20:00',
  '20:00-22:00',
]

function rule(
  cityId: number,
  kind: DeliveryKind,
  fields: Partial<Omit<SeedDeliveryRule, 'city_id' | 'kind'>>,
): SeedDeliveryRule {
  return {
    city_id: cityId,
    kind,
    is_active: true,
    cost: 0,
    free_from: null,
    min_days: 0,
    max_days: 0,
    min_hours: null,
    max_hours: null,
    cutoff_hour: null,
    slots: [],
    for_organizations: false,
    transfer_days: null,
    assembly_days: 1,
    heavy_from_grams: null,
    heavy_surcharge: 0,
    max_weight_grams: null,
    ...fields,
  }
}

/**
 * Almaty and Astana: express in 2-4 hours before a cutoff hour, next-day delivery, courier in 1-2 days.
 * Shymkent and Aktobe: courier in 1-3 days. Everywhere: pickup at the shops holding the goods today or
 * tomorrow, and at pickup points in 2-5 days. Organisations get the courier only.
 */
export const SEED_DELIVERY_RULES: readonly SeedDeliveryRule[] = [
  // Almaty
  rule(1, 'express', { cost: 2990, min_hours: 2, max_hours: 4, cutoff_hour: 18, max_weight_grams: 20_000 }),
  rule(1, 'fast', { cost: 1490, free_from: 300_000, min_days: 1, max_days: 1, cutoff_hour: 20 }),
  rule(1, 'courier', {
    cost: 990,
    free_from: 50_000,
    min_days: 1,
    max_days: 2,
    cutoff_hour: 16,
    slots: COURIER_SLOTS,
    for_organizations: true,
    transfer_days: 3,
    heavy_from_grams: 30_000,
    heavy_surcharge: 3000,
  }),
  rule(1, 'pickup', { min_days: 2, max_days: 4, transfer_days: 3 }),
  rule(1, 'store', {}),
  // Astana
  rule(2, 'express', { cost: 2490, min_hours: 2, max_hours: 4, cutoff_hour: 17, max_weight_grams: 20_000 }),
  rule(2, 'fast', { cost: 1490, free_from: 300_000, min_days: 1, max_days: 1, cutoff_hour: 19 }),
  rule(2, 'courier', {
    cost: 990,
    free_from: 50_000,
    min_days: 1,
    max_days: 2,
    cutoff_hour: 16,
    slots: COURIER_SLOTS,
    for_organizations: true,
    transfer_days: 3,
    heavy_from_grams: 30_000,
    heavy_surcharge: 3000,
  }),
  rule(2, 'pickup', { min_days: 2, max_days: 4, transfer_days: 3 }),
  rule(2, 'store', {}),
  // Shymkent
  rule(3, 'courier', {
    cost: 1490,
    free_from: 70_000,
    min_days: 1,
    max_days: 3,
    cutoff_hour: 15,
    slots: COURIER_SLOTS.slice(0, 5),
    for_organizations: true,
    transfer_days: 3,
    heavy_from_grams: 30_000,
    heavy_surcharge: 4000,
  }),
  rule(3, 'pickup', { min_days: 2, max_days: 5, transfer_days: 3 }),
  rule(3, 'store', {}),
  // Aktobe
  rule(4, 'courier', {
    cost: 1990,
    free_from: 100_000,
    min_days: 1,
    max_days: 3,
    cutoff_hour: 15,
    slots: COURIER_SLOTS.slice(0, 5),
    for_organizations: true,
    transfer_days: 4,
    heavy_from_grams: 30_000,
    heavy_surcharge: 5000,
  }),
  rule(4, 'pickup', { min_days: 3, max_days: 5, transfer_days: 4 }),
  rule(4, 'store', {}),
]

// ---------------------------------------------------------------- delivery zones

/** A ring of `points` around a centre at about `radiusKm`, its edge wobbling a little like a real map. */
function ring(seed: number, code: string, lat: number, lng: number, radiusKm: number, points = 12): LatLng[] {
  const r = stream(seed, `zone-${code}`)
  const kmPerDegLat = 111.32
  const kmPerDegLng = 111.32 * Math.cos((lat * Math.PI) / 180)
  const out: LatLng[] = []
  for (let i = 0; i < points; i++) {
    const angle = (2 * Math.PI * i) / points
    const km = radiusKm * r.float(0.85, 1.15)
    out.push({
      lat: Number((lat + (km * Math.sin(angle)) / kmPerDegLat).toFixed(6)),
      lng: Number((lng + (km * Math.cos(angle)) / kmPerDegLng).toFixed(6)),
    })
  }
  return out
}

function zoneRows(seed: number) {
  const zones: object[] = []
  for (const city of SEED_CITIES) {
    const hasExpress = SEED_DELIVERY_RULES.some((r) => r.city_id === city.id && r.kind === 'express')
    if (hasExpress) {
      zones.push({
        city_id: city.id,
        code: `${city.slug}-express`,
        name_ru: `${city.nameRu}: экспресс-доставка`,
        name_kk: `${city.nameKk}: жедел жеткізу`,
        kind: 'express',
        polygon: ring(seed, `${city.slug}-express`, city.latitude, city.longitude, 8),
        extra_cost: 0,
        color: '#16a34a',
        sort: 10,
      })
    }
    zones.push({
      city_id: city.id,
      code: `${city.slug}-courier`,
      name_ru: `${city.nameRu}: курьерская доставка`,
      name_kk: `${city.nameKk}: курьерлік жеткізу`,
      kind: 'courier',
      polygon: ring(seed, `${city.slug}-courier`, city.latitude, city.longitude, 18),
      extra_cost: 0,
      color: '#2563eb',
      sort: 20,
    })
    zones.push({
      city_id: city.id,
      code: `${city.slug}-suburbs`,
      name_ru: `${city.nameRu}: пригород`,
      name_kk: `${city.nameKk}: қала маңы`,
      kind: 'courier',
      polygon: ring(seed, `${city.slug}-suburbs`, city.latitude, city.longitude, 30, 16),
      extra_cost: 1500,
      color: '#f97316',
      sort: 30,
    })
  }
  return zones
}

// ---------------------------------------------------------------- cms

const tenge = (n: number) => `${groupThousands(n)} ₸`

interface Page {
  slug: string
  title: [string, string]
  metaTitle: [string, string]
  metaDescription: [string, string]
}

const PAGES: Page[] = [
  {
    slug: 'home-banners',
    title: ['Главная', 'Басты бет'],
    metaTitle: [
      'Интернет-магазин электроники и бытовой техники',
      'Электроника және тұрмыстық техника интернет-дүкені',
    ],
    metaDescription: [
      'Смартфоны, ноутбуки, телевизоры и бытовая техника с доставкой по Алматы, Астане, Шымкенту и Актобе.',
      'Смартфондар, ноутбуктер, теледидарлар және тұрмыстық техника Алматы, Астана, Шымкент және Ақтөбе бойынша жеткізумен.',
    ],
  },
  {
    slug: 'promo',
    title: ['Акции', 'Акциялар'],
    metaTitle: ['Акции и скидки', 'Акциялар мен жеңілдіктер'],
    metaDescription: [
      'Скидки на технику, рассрочка без переплаты и подарки к покупке.',
      'Техникаға жеңілдіктер, үстеме ақысыз бөліп төлеу және сатып алуға сыйлықтар.',
    ],
  },
  {
    slug: 'about',
    title: ['О магазине', 'Дүкен туралы'],
    metaTitle: ['О магазине', 'Дүкен туралы'],
    metaDescription: [
      'Сеть магазинов электроники и бытовой техники в четырёх городах Казахстана.',
      'Қазақстанның төрт қаласындағы электроника және тұрмыстық техника дүкендерінің желісі.',
    ],
  },
  {
    slug: 'delivery',
    title: ['Доставка и самовывоз', 'Жеткізу және алып кету'],
    metaTitle: ['Доставка и самовывоз', 'Жеткізу және алып кету'],
    metaDescription: [
      'Экспресс-доставка за 2–4 часа в Алматы и Астане, курьерская доставка и самовывоз из магазинов.',
      'Алматы мен Астанада 2–4 сағатта жедел жеткізу, курьерлік жеткізу және дүкендерден алып кету.',
    ],
  },
  {
    slug: 'payment',
    title: ['Оплата', 'Төлем'],
    metaTitle: ['Способы оплаты', 'Төлем тәсілдері'],
    metaDescription: [
      'Оплата картой, наличными, по QR-коду, безналичным переводом, в рассрочку и в кредит.',
      'Картамен, қолма-қол ақшамен, QR-кодпен, қолма-қол ақшасыз аударыммен, бөліп төлеумен және несиемен төлеу.',
    ],
  },
  {
    slug: 'warranty',
    title: ['Гарантия и возврат', 'Кепілдік және қайтару'],
    metaTitle: ['Гарантия и возврат', 'Кепілдік және қайтару'],
    metaDescription: [
      'Официальная гарантия производителя, обмен и возврат товара в течение 14 дней.',
      'Өндірушінің ресми кепілдігі, тауарды 14 күн ішінде айырбастау және қайтару.',
    ],
  },
  {
    slug: 'contacts',
    title: ['Контакты и магазины', 'Байланыс және дүкендер'],
    metaTitle: ['Контакты и адреса магазинов', 'Байланыс және дүкен мекенжайлары'],
    metaDescription: [
      'Адреса и часы работы магазинов и пунктов выдачи, телефон службы поддержки.',
      'Дүкендер мен тапсырыс беру пункттерінің мекенжайлары мен жұмыс уақыты, қолдау қызметінің телефоны.',
    ],
  },
]

interface Block {
  type: 'banner' | 'heading' | 'text' | 'tile'
  title?: [string, string]
  text?: [string, string]
  image?: string | null
  imageKk?: string | null
  imageMobile?: string | null
  link?: string | null
  background?: string | null
  cityIds?: number[] | null
}

const BANNER_LINKS = [
  url('smartfony'),
  '/cms/payment',
  url('komplektuyushchie-dlya-pk'),
  url('bytovaya-tehnika'),
  '/gift-cards',
  '/cms/promo',
]

function homeBanners(images: ImageRow[]): Block[] {
  const ru = images.filter((i) => /^banner-\d+$/.test(i.id))
  return ru.map((image, i) => {
    const kk = images.find((k) => k.id === `${image.id}-kk`)
    return {
      type: 'banner',
      title: [image.label, kk?.label ?? image.label],
      text: ['', ''],
      image: image.id,
      imageKk: kk?.id ?? image.id,
      link: BANNER_LINKS[i % BANNER_LINKS.length] ?? '/',
      background: image.color,
      // the PC banner only where the assembly service runs
      cityIds: i === 2 ? [1, 2] : null,
    }
  })
}

const KIND_NAMES: Record<DeliveryKind, [string, string]> = {
  express: ['Экспресс-доставка', 'Жедел жеткізу'],
  fast: ['Доставка на следующий день', 'Келесі күні жеткізу'],
  courier: ['Курьерская доставка', 'Курьерлік жеткізу'],
  pickup: ['Пункты выдачи', 'Тапсырыс беру пункттері'],
  store: ['Самовывоз из магазина', 'Дүкеннен алып кету'],
}

/** The delivery page says what the rules say, so it cannot drift from what checkout offers. */
function deliveryBlocks(): Block[] {
  const blocks: Block[] = [
    {
      type: 'text',
      title: ['Как получить заказ', 'Тапсырысты қалай алуға болады'],
      text: [
        'Заказ можно получить курьером, в пункте выдачи или в магазине, где товар есть в наличии. Сроки и стоимость для вашего города видны на странице товара и при оформлении заказа.\n\nОрганизации получают заказы курьерской доставкой с закрывающими документами.',
        'Тапсырысты курьер арқылы, тапсырыс беру пунктінде немесе тауар бар дүкенде алуға болады. Қалаңыз үшін мерзімдер мен құны тауар бетінде және тапсырысты рәсімдеу кезінде көрсетіледі.\n\nҰйымдар тапсырыстарды жабу құжаттарымен курьерлік жеткізу арқылы алады.',
      ],
    },
  ]
  for (const city of SEED_CITIES) {
    const lines: [string[], string[]] = [[], []]
    for (const r of SEED_DELIVERY_RULES.filter((x) => x.city_id === city.id)) {
      const [nameRu, nameKk] = KIND_NAMES[r.kind]
      const free = r.free_from
        ? [`, бесплатно от ${tenge(r.free_from)}`, `, ${tenge(r.free_from)} бастап тегін`]
        : ['', '']
      const price = r.cost === 0 ? ['бесплатно', 'тегін'] : [tenge(r.cost), tenge(r.cost)]
      let when: [string, string]
      if (r.kind === 'express')
        when = [
          `за ${r.min_hours}–${r.max_hours} часа при заказе до ${r.cutoff_hour}:00`,
          `${r.cutoff_hour}:00-ге дейін тапсырыс берсеңіз, ${r.min_hours}–${r.max_hours} сағатта`,
        ]
      else if (r.kind === 'store')
        when = ['сегодня или завтра, если товар есть в магазине', 'тауар дүкенде болса, бүгін немесе ертең']
      else when = [`за ${r.min_days}–${r.max_days} дн.`, `${r.min_days}–${r.max_days} күнде`]
      lines[0].push(`${nameRu}: ${when[0]} — ${price[0]}${free[0]}.`)
      lines[1].push(`${nameKk}: ${when[1]} — ${price[1]}${free[1]}.`)
    }
    blocks.push({
      type: 'text',
      title: [city.nameRu, city.nameKk],
      text: [lines[0].join('\n'), lines[1].join('\n')],
      cityIds: null,
    })
  }
  return blocks
}

const TEXT_PAGES: Record<string, Block[]> = {
  about: [
    {
      type: 'text',
      title: ['Кто мы', 'Біз кімбіз'],
      text: [
        'Мы продаём электронику и бытовую технику в Алматы, Астане, Шымкенте и Актобе: смартфоны, ноутбуки, комплектующие для ПК, телевизоры, аудиотехнику и технику для дома.\n\nВ каждом городе работают магазины с витринами, где технику можно посмотреть и забрать в день заказа, и пункты выдачи заказов.',
        'Біз Алматы, Астана, Шымкент және Ақтөбе қалаларында электроника мен тұрмыстық техника сатамыз: смартфондар, ноутбуктер, ДК құрамдас бөліктері, теледидарлар, аудиотехника және үйге арналған техника.\n\nӘр қалада техниканы көріп, тапсырыс берген күні алуға болатын дүкендер және тапсырыс беру пункттері жұмыс істейді.',
      ],
    },
    {
      type: 'text',
      title: ['Почему нам доверяют', 'Неліктен бізге сенеді'],
      text: [
        'Только официальная техника с гарантией производителя. Рассрочка 0-0-12 и кредит в банках-партнёрах. Обмен старой техники по программе трейд-ин.',
        'Тек өндіруші кепілдігі бар ресми техника. Серіктес банктерде 0-0-12 бөліп төлеу және несие. Ескі техниканы трейд-ин бағдарламасы бойынша айырбастау.',
      ],
    },
  ],
  payment: [
    {
      type: 'text',
      title: ['Способы оплаты', 'Төлем тәсілдері'],
      text: [
        'Банковской картой на сайте или при получении, наличными курьеру и в магазине, по QR-коду в приложении банка, безналичным переводом для организаций.\n\nСохранённые карты позволяют оплачивать заказы в одно касание.',
        'Сайтта немесе алған кезде банк картасымен, курьерге және дүкенде қолма-қол ақшамен, банк қосымшасында QR-кодпен, ұйымдар үшін қолма-қол ақшасыз аударыммен.\n\nСақталған карталар тапсырыстарды бір рет басу арқылы төлеуге мүмкіндік береді.',
      ],
    },
    {
      type: 'text',
      title: ['Рассрочка и кредит', 'Бөліп төлеу және несие'],
      text: [
        'Рассрочка 0-0-12 и 0-0-24 без переплаты и кредит до 60 месяцев в банках-партнёрах. Заявку можно оформить онлайн, решение приходит за несколько минут.',
        'Серіктес банктерде үстеме ақысыз 0-0-12 және 0-0-24 бөліп төлеу және 60 айға дейін несие. Өтінімді онлайн рәсімдеуге болады, шешім бірнеше минутта келеді.',
      ],
    },
  ],
  warranty: [
    {
      type: 'text',
      title: ['Гарантия', 'Кепілдік'],
      text: [
        'На всю технику действует официальная гарантия производителя: от 12 месяцев на смартфоны и ноутбуки до 36 месяцев на крупную бытовую технику. Расширенную гарантию можно добавить к заказу.',
        'Барлық техникаға өндірушінің ресми кепілдігі бар: смартфондар мен ноутбуктерге 12 айдан бастап, ірі тұрмыстық техникаға 36 айға дейін. Кеңейтілген кепілдікті тапсырысқа қосуға болады.',
      ],
    },
    {
      type: 'text',
      title: ['Обмен и возврат', 'Айырбастау және қайтару'],
      text: [
        'Товар надлежащего качества можно вернуть или обменять в течение 14 дней, если сохранены упаковка и товарный вид. Товар с витрины продаётся со скидкой и возвращается на общих основаниях.',
        'Сапасы тиісті тауарды қаптамасы мен тауарлық түрі сақталса, 14 күн ішінде қайтаруға немесе айырбастауға болады. Витринадағы тауар жеңілдікпен сатылады және жалпы негізде қайтарылады.',
      ],
    },
  ],
  contacts: [
    {
      type: 'text',
      title: ['Служба поддержки', 'Қолдау қызметі'],
      text: [
        'Телефон: 7766 (бесплатно с мобильных), ежедневно с 9:00 до 22:00.\nЭлектронная почта: support@store.example.kz',
        'Телефон: 7766 (ұялы телефондардан тегін), күн сайын 9:00-ден 22:00-ге дейін.\nЭлектрондық пошта: support@store.example.kz',
      ],
    },
    {
      type: 'text',
      title: ['Магазины и пункты выдачи', 'Дүкендер және тапсырыс беру пункттері'],
      text: [
        'Адреса и часы работы магазинов вашего города — на карте на странице товара во вкладке «Наличие».',
        'Қалаңыздағы дүкендердің мекенжайлары мен жұмыс уақыты — тауар бетіндегі «Қолжетімділік» қойындысындағы картада.',
      ],
    },
  ],
}

// ---------------------------------------------------------------- promotions and fast links

interface SeedPromotion {
  slug: string
  title: [string, string]
  description: [string, string]
  color: string
  startsAt: string
  endsAt: string
  link: string
  cityIds: number[]
}

/** Long windows around the seed's reference time, one finished and one not yet started. */
const PROMOTIONS: SeedPromotion[] = [
  {
    slug: 'smartphone-week',
    title: ['Неделя смартфонов', 'Смартфондар апталығы'],
    description: [
      'Скидки до 30% на смартфоны Samsung, Xiaomi и HONOR.',
      'Samsung, Xiaomi және HONOR смартфондарына 30%-ға дейін жеңілдік.',
    ],
    color: '#1428a0',
    startsAt: '2026-10-01T00:00:00+05:00',
    endsAt: '2030-12-31T23:59:59+05:00',
    link: url('smartfony'),
    cityIds: [1, 2, 3, 4],
  },
  {
    slug: 'installment-0-0-24',
    title: ['Рассрочка 0-0-24', '0-0-24 бөліп төлеу'],
    description: [
      'Рассрочка на 24 месяца без переплаты на технику от 100 000 ₸.',
      '100 000 ₸ бастап техникаға 24 айға үстеме ақысыз бөліп төлеу.',
    ],
    color: '#ff6900',
    startsAt: '2026-09-01T00:00:00+05:00',
    endsAt: '2030-12-31T23:59:59+05:00',
    link: '/cms/payment',
    cityIds: [1, 2, 3, 4],
  },
  {
    slug: 'gaming-pc',
    title: ['Собери игровой ПК', 'Ойын компьютерін жина'],
    description: [
      'Бесплатная сборка при покупке комплектующих от 300 000 ₸.',
      '300 000 ₸ бастап құрамдас бөліктерді сатып алғанда тегін құрастыру.',
    ],
    color: '#d11f26',
    startsAt: '2026-10-15T00:00:00+05:00',
    endsAt: '2030-06-30T23:59:59+05:00',
    link: url('komplektuyushchie-dlya-pk'),
    cityIds: [1, 2],
  },
  {
    slug: 'home-appliances-trade-in',
    title: ['Трейд-ин на бытовую технику', 'Тұрмыстық техникаға трейд-ин'],
    description: [
      'Сдайте старый холодильник или стиральную машину и получите скидку до 50 000 ₸.',
      'Ескі тоңазытқышты немесе кір жуғыш машинаны тапсырып, 50 000 ₸ дейін жеңілдік алыңыз.',
    ],
    color: '#0e4c92',
    startsAt: '2026-08-01T00:00:00+05:00',
    endsAt: '2030-12-31T23:59:59+05:00',
    link: url('krupnaya-bytovaya-tehnika'),
    cityIds: [1, 2, 3],
  },
  {
    slug: 'gift-cards',
    title: ['Подарочные сертификаты', 'Сыйлық сертификаттары'],
    description: [
      'Сертификат на любую сумму — подарок, с которым не ошибёшься.',
      'Кез келген сомаға сертификат — қателеспейтін сыйлық.',
    ],
    color: '#7b2cbf',
    startsAt: '2026-01-01T00:00:00+05:00',
    endsAt: '2030-12-31T23:59:59+05:00',
    link: '/gift-cards',
    cityIds: [1, 2, 3, 4],
  },
  {
    slug: 'spring-sale',
    title: ['Весенняя распродажа', 'Көктемгі жәрмеңке'],
    description: ['Распродажа завершена.', 'Жәрмеңке аяқталды.'],
    color: '#16a34a',
    startsAt: '2026-03-01T00:00:00+05:00',
    endsAt: '2026-03-31T23:59:59+05:00',
    link: '/cms/promo',
    cityIds: [1, 2, 3, 4],
  },
  {
    slug: 'new-year-2031',
    title: ['Новогодние скидки', 'Жаңа жылдық жеңілдіктер'],
    description: ['Скоро: новогодние скидки на всё.', 'Жақында: барлығына жаңа жылдық жеңілдіктер.'],
    color: '#dc2626',
    startsAt: '2031-12-01T00:00:00+05:00',
    endsAt: '2031-12-31T23:59:59+05:00',
    link: '/cms/promo',
    cityIds: [1, 2, 3, 4],
  },
]

interface SeedFastLink {
  title: [string, string]
  kind: ImageRow['kind']
  color: string
  link: string
  platform: 'all' | 'desktop' | 'm_web'
  cityIds?: number[]
}

const FAST_LINKS: SeedFastLink[] = [
  {
    title: ['Смартфоны', 'Смартфондар'],
    kind: 'smartphone',
    color: '#1428a0',
    link: url('smartfony'),
    platform: 'all',
  },
  {
    title: ['Ноутбуки', 'Ноутбуктер'],
    kind: 'laptop',
    color: '#00539b',
    link: url('noutbuki'),
    platform: 'all',
  },
  {
    title: ['Телевизоры', 'Теледидарлар'],
    kind: 'tv',
    color: '#a50034',
    link: url('televizory'),
    platform: 'all',
  },
  {
    title: ['Холодильники', 'Тоңазытқыштар'],
    kind: 'fridge',
    color: '#0e4c92',
    link: url('holodilniki'),
    platform: 'all',
  },
  {
    title: ['Наушники', 'Құлаққаптар'],
    kind: 'headphones',
    color: '#111111',
    link: url('naushniki'),
    platform: 'all',
  },
  { title: ['Акции', 'Акциялар'], kind: 'banner', color: '#e11d48', link: '/cms/promo', platform: 'all' },
  {
    title: ['Собрать ПК', 'ДК жинау'],
    kind: 'cpu',
    color: '#d11f26',
    link: url('komplektuyushchie-dlya-pk'),
    platform: 'desktop',
    cityIds: [1, 2],
  },
  {
    title: ['Подарочные карты', 'Сыйлық карталары'],
    kind: 'gift-card',
    color: '#7b2cbf',
    link: '/gift-cards',
    platform: 'all',
  },
  {
    title: ['Услуги', 'Қызметтер'],
    kind: 'service',
    color: '#0891b2',
    link: '/catalog/s',
    platform: 'm_web',
  },
]

// ---------------------------------------------------------------- anchors

interface BrandCount extends Record<string, unknown> {
  category_id: number
  slug: string
  name: string
  n: number
}

/** How many brand anchors a category page gets, and menu presets use the same order (most products first). */
export const TOP_BRANDS_PER_CATEGORY = 4

function anchorRows(brandCounts: BrandCount[]) {
  const byId = new Map(SEED_CATEGORIES.map((c) => [c.id, c]))
  const childrenOf = (c: SeedCategory) => SEED_CATEGORIES.filter((x) => x.parentId === c.id)
  const anchors: object[] = []
  const push = (from: string, ru: string, kk: string, to: string) =>
    anchors.push({
      from_link: from,
      title_ru: ru,
      title_kk: kk,
      url: to,
      sort: (anchors.filter((a) => (a as { from_link: string }).from_link === from).length + 1) * 10,
    })

  for (const c of SEED_CATEGORIES) {
    const from = categoryUrl(c.path)
    const brands = brandCounts.filter((b) => b.category_id === c.id).slice(0, TOP_BRANDS_PER_CATEGORY)
    for (const b of brands) {
      push(
        from,
        `${c.nameRu} ${b.name}`,
        `${b.name} ${c.nameKk.toLowerCase()}`,
        categoryUrl(c.path, [{ code: 'brand', value: b.slug }]),
      )
    }
    const parent = c.parentId ? byId.get(c.parentId) : undefined
    const siblings = parent ? childrenOf(parent) : SEED_CATEGORIES.filter((x) => x.parentId === null)
    for (const s of [...childrenOf(c), ...siblings.filter((x) => x.id !== c.id)].slice(0, 6)) {
      push(from, s.nameRu, s.nameKk, categoryUrl(s.path))
    }
  }
  // brand pages link to the brand's categories
  const brandSlugs = [...new Set(brandCounts.map((b) => b.slug))].sort()
  for (const slug of brandSlugs) {
    const ofBrand = brandCounts.filter((b) => b.slug === slug).slice(0, 6)
    for (const b of ofBrand) {
      const c = byId.get(b.category_id)
      if (!c) continue
      push(
        `/b/${slug}`,
        `${c.nameRu} ${b.name}`,
        `${b.name} ${c.nameKk.toLowerCase()}`,
        categoryUrl(c.path, [{ code: 'brand', value: b.slug }]),
      )
    }
  }
  return anchors
}

// ---------------------------------------------------------------- writing

/** Writes the content tables; the catalogue (categories, brands, products) must be written already. */
export async function writeContent(db: Executor, seed: number): Promise<void> {
  const catalogImages = contentImageRows()

  await insertRows(
    db,
    'cms_pages',
    PAGES.map((p) => ({
      slug: p.slug,
      title_ru: p.title[0],
      title_kk: p.title[1],
      meta_title_ru: p.metaTitle[0],
      meta_title_kk: p.metaTitle[1],
      meta_description_ru: p.metaDescription[0],
      meta_description_kk: p.metaDescription[1],
    })),
  )

  const promoImages: ImageRow[] = PROMOTIONS.map((p, i) => ({
    id: `promo-${p.slug}`,
    product_id: null,
    position: i,
    kind: 'banner',
    color: p.color,
    label: p.title[0],
    variant: i % 4,
  }))
  const promoTiles: Block[] = [
    {
      type: 'heading',
      title: ['Акции и специальные предложения', 'Акциялар мен арнайы ұсыныстар'],
      text: [
        'Скидки, рассрочка и подарки для покупателей вашего города.',
        'Қалаңыздың сатып алушыларына арналған жеңілдіктер, бөліп төлеу және сыйлықтар.',
      ],
    },
    ...PROMOTIONS.slice(0, 5).map((p): Block => ({
      type: 'tile',
      title: p.title,
      text: p.description,
      image: `promo-${p.slug}`,
      link: p.link,
      background: p.color,
      cityIds: p.cityIds.length === SEED_CITIES.length ? null : p.cityIds,
    })),
  ]

  const pages: Record<string, Block[]> = {
    'home-banners': homeBanners(catalogImages),
    promo: promoTiles,
    delivery: deliveryBlocks(),
    ...TEXT_PAGES,
  }
  const blocks: object[] = []
  for (const page of PAGES) {
    ;(pages[page.slug] ?? []).forEach((b, i) => {
      blocks.push({
        slug: page.slug,
        type: b.type,
        title_ru: b.title?.[0] ?? '',
        title_kk: b.title?.[1] ?? '',
        text_ru: b.text?.[0] ?? '',
        text_kk: b.text?.[1] ?? '',
        image_id: b.image ?? null,
        image_id_kk: b.imageKk ?? null,
        image_id_mobile: b.imageMobile ?? null,
        link: b.link ?? null,
        background_color: b.background ?? null,
        sort: (i + 1) * 10,
        city_ids: b.cityIds ?? null,
        is_active: true,
      })
    })
  }
  await insertRows(db, 'cms_blocks', blocks)

  const fastLinkImages: ImageRow[] = FAST_LINKS.flatMap((f, i) => [
    {
      id: `fastlink-${i + 1}`,
      product_id: null,
      position: i,
      kind: f.kind,
      color: f.color,
      label: f.title[0],
      variant: 0,
    },
    {
      id: `fastlink-${i + 1}-m`,
      product_id: null,
      position: i,
      kind: f.kind,
      color: f.color,
      label: f.title[0],
      variant: 1,
    },
  ])
  await insertRows(db, 'images', [...promoImages, ...fastLinkImages])
  await insertRows(
    db,
    'fast_links',
    FAST_LINKS.map((f, i) => ({
      title_ru: f.title[0],
      title_kk: f.title[1],
      image_desktop: `fastlink-${i + 1}`,
      image_m_web: `fastlink-${i + 1}-m`,
      redirect_link: f.link,
      platform: f.platform,
      sort: (i + 1) * 10,
      city_ids: f.cityIds ?? null,
      is_active: true,
    })),
  )

  await insertRows(
    db,
    'content_promotions',
    PROMOTIONS.map((p, i) => ({
      slug: p.slug,
      title_ru: p.title[0],
      title_kk: p.title[1],
      description_ru: p.description[0],
      description_kk: p.description[1],
      image_id: `promo-${p.slug}`,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      link: p.link,
      city_ids: p.cityIds,
      sort: (i + 1) * 10,
    })),
  )

  const brandCounts = await rows<BrandCount>(
    db as Db,
    sql`select p.category_id, b.slug, b.name, count(*)::int as n
        from products p join brands b on b.id = p.brand_id
        group by p.category_id, b.id, b.slug, b.name
        order by p.category_id, n desc, b.id`,
  )
  // anchors of branch categories count the brands of their whole subtree
  const subtreeCounts = aggregateToAncestors(brandCounts)
  await insertRows(db, 'seo_anchors', anchorRows(subtreeCounts))

  await insertRows(db, 'delivery_rules', SEED_DELIVERY_RULES)
  await insertRows(db, 'delivery_zones', zoneRows(seed))
}

function aggregateToAncestors(counts: BrandCount[]): BrandCount[] {
  const byId = new Map(SEED_CATEGORIES.map((c) => [c.id, c]))
  const total = new Map<string, BrandCount>()
  for (const row of counts) {
    for (let c = byId.get(row.category_id); c; c = c.parentId ? byId.get(c.parentId) : undefined) {
      const key = `${c.id}:${row.slug}`
      const at = total.get(key)
      if (at) at.n += row.n
      else total.set(key, { category_id: c.id, slug: row.slug, name: row.name, n: row.n })
    }
  }
  const brandOrder = new Map(SEED_BRANDS.map((b, i) => [b.slug, i]))
  return [...total.values()].sort(
    (a, b) =>
      a.category_id - b.category_id ||
      b.n - a.n ||
      (brandOrder.get(a.slug) ?? 0) - (brandOrder.get(b.slug) ?? 0),
  )
}

/** Empties the content tables and the images drawn for them. */
export async function clearContent(db: Executor): Promise<void> {
  await db.execute(sql.raw(`truncate table ${CONTENT_TABLES.join(', ')} restart identity cascade`))
  for (const prefix of CONTENT_IMAGE_PREFIXES) {
    await db.execute(sql`delete from images where id like ${`${prefix}%`}`)
  }
}

/** Arbitrary but fixed, like the catalogue's seed lock: one process backfills the content at a time. */
const CONTENT_LOCK = 7_302_025_002

/**
 * Writes the content into a database whose catalogue was seeded before these tables existed (a store
 * upgraded in place). Does nothing on an empty database (the seed writes both) or when content exists.
 * Returns whether it wrote.
 */
export async function ensureContent(db: Db, seed = DEFAULT_SEED): Promise<boolean> {
  const needed = async (ex: Executor) => {
    const [row] = await rows<{ catalogue: boolean; content: boolean }>(
      ex as Db,
      sql`select exists (select 1 from cities) as catalogue, exists (select 1 from cms_pages) as content`,
    )
    return row?.catalogue === true && row.content === false
  }
  if (!(await needed(db))) return false
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${CONTENT_LOCK})`))
    if (!(await needed(tx))) return false
    await writeContent(tx, seed)
    return true
  })
}
