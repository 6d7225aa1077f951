import type { CategoryMeta, FilterType, IllustrationKind } from '../db/schema/catalog'
import { airConditioners, fridges, microwaves, vacuums, washers } from './products/appliances'
import { smartphones, tablets, watches } from './products/gadgets'
import { laptops } from './products/laptops'
import {
  cases,
  coolers,
  graphicsCards,
  memory,
  motherboards,
  powerSupplies,
  processors,
  storage,
} from './products/pc-components'
import { cameras, consoles, headphones, speakers, televisions } from './products/tv-audio'
import type { LeafSpec } from './products/types'
import { slugify } from './text'

interface Node {
  ru: string
  kk: string
  icon: IllustrationKind
  /** Leaves with regular products carry their generator. */
  leaf?: LeafSpec
  isService?: boolean
  itemClass?: 'side' | 'bottom' | 'other'
  /** Filters of leaves without a generator (services, certificates, software). */
  filters?: readonly (readonly [string, FilterType])[]
  children?: Node[]
}

const leaf = (ru: string, kk: string, spec: LeafSpec): Node => ({ ru, kk, icon: spec.kind, leaf: spec })

/** The catalogue tree. Slugs are the transliterated Russian names, so they are never written by hand. */
const TREE: Node[] = [
  {
    ru: 'Смартфоны и гаджеты',
    kk: 'Смартфондар мен гаджеттер',
    icon: 'smartphone',
    children: [
      leaf('Смартфоны', 'Смартфондар', smartphones),
      leaf('Планшеты', 'Планшеттер', tablets),
      leaf('Смарт-часы', 'Смарт-сағаттар', watches),
    ],
  },
  {
    ru: 'Ноутбуки и компьютеры',
    kk: 'Ноутбуктер мен компьютерлер',
    icon: 'laptop',
    children: [
      leaf('Ноутбуки', 'Ноутбуктер', laptops),
      {
        ru: 'Комплектующие для ПК',
        kk: 'ДК құрамдас бөліктері',
        icon: 'motherboard',
        children: [
          leaf('Процессоры', 'Процессорлар', processors),
          leaf('Материнские платы', 'Аналық платалар', motherboards),
          leaf('Оперативная память', 'Жедел жад', memory),
          leaf('Видеокарты', 'Бейнекарталар', graphicsCards),
          leaf('Накопители', 'Жинақтағыштар', storage),
          leaf('Блоки питания', 'Қуат блоктары', powerSupplies),
          leaf('Корпуса', 'Корпустар', cases),
          leaf('Кулеры', 'Кулерлер', coolers),
        ],
      },
      {
        ru: 'Программное обеспечение',
        kk: 'Бағдарламалық қамтамасыз ету',
        icon: 'generic',
        filters: [
          ['brand', 'multiselect'],
          ['price', 'range'],
          ['license', 'multiselect'],
          ['devices', 'multiselect'],
        ],
      },
    ],
  },
  {
    ru: 'ТВ, аудио, видео',
    kk: 'ТВ, аудио, бейне',
    icon: 'tv',
    children: [
      leaf('Телевизоры', 'Теледидарлар', televisions),
      {
        ru: 'Аудиотехника',
        kk: 'Аудиотехника',
        icon: 'headphones',
        children: [
          leaf('Наушники', 'Құлаққаптар', headphones),
          leaf('Портативные колонки', 'Портативті колонкалар', speakers),
        ],
      },
      {
        ru: 'Фото и видео',
        kk: 'Фото және бейне',
        icon: 'camera',
        children: [leaf('Фотоаппараты', 'Фотоаппараттар', cameras)],
      },
    ],
  },
  {
    ru: 'Бытовая техника',
    kk: 'Тұрмыстық техника',
    icon: 'fridge',
    children: [
      {
        ru: 'Крупная бытовая техника',
        kk: 'Ірі тұрмыстық техника',
        icon: 'fridge',
        children: [
          leaf('Холодильники', 'Тоңазытқыштар', fridges),
          leaf('Стиральные машины', 'Кір жуғыш машиналар', washers),
        ],
      },
      {
        ru: 'Техника для дома',
        kk: 'Үйге арналған техника',
        icon: 'vacuum',
        children: [leaf('Пылесосы', 'Шаңсорғыштар', vacuums)],
      },
      {
        ru: 'Техника для кухни',
        kk: 'Асүйге арналған техника',
        icon: 'microwave',
        children: [leaf('Микроволновые печи', 'Микротолқынды пештер', microwaves)],
      },
      {
        ru: 'Климатическая техника',
        kk: 'Климаттық техника',
        icon: 'air-conditioner',
        children: [leaf('Кондиционеры', 'Кондиционерлер', airConditioners)],
      },
    ],
  },
  {
    ru: 'Игры и развлечения',
    kk: 'Ойындар мен ойын-сауық',
    icon: 'console',
    children: [leaf('Игровые приставки', 'Ойын приставкалары', consoles)],
  },
  {
    ru: 'Подарочные сертификаты',
    kk: 'Сыйлық сертификаттары',
    icon: 'gift-card',
    itemClass: 'other',
    filters: [['price', 'range']],
  },
  {
    ru: 'Услуги',
    kk: 'Қызметтер',
    icon: 'service',
    isService: true,
    itemClass: 'bottom',
    children: [
      {
        ru: 'Установка и подключение',
        kk: 'Орнату және қосу',
        icon: 'service',
        isService: true,
        itemClass: 'bottom',
        filters: [['price', 'range']],
      },
      {
        ru: 'Расширенная гарантия',
        kk: 'Кеңейтілген кепілдік',
        icon: 'service',
        isService: true,
        itemClass: 'bottom',
        filters: [
          ['price', 'range'],
          ['term_months', 'multiselect'],
        ],
      },
    ],
  },
]

export interface SeedCategory {
  id: number
  parentId: number | null
  slug: string
  path: string
  nameRu: string
  nameKk: string
  level: number
  sort: number
  icon: IllustrationKind
  isService: boolean
  itemClass: 'side' | 'bottom' | 'other'
  filters: readonly (readonly [string, FilterType])[]
  leaf: LeafSpec | null
  meta: CategoryMeta
}

const BRANCH_FILTERS = [
  ['brand', 'multiselect'],
  ['price', 'range'],
] as const

function meta(ru: string, kk: string, isService: boolean): CategoryMeta {
  const lowerRu = ru.toLowerCase()
  return {
    ru: {
      meta_title: isService
        ? `${ru} — заказать в интернет-магазине`
        : `${ru} — купить по выгодной цене в интернет-магазине`,
      meta_header: ru,
      meta_description: `${ru} в интернет-магазине электроники: цены в тенге, рассрочка 0-0-12, доставка по Алматы, Астане, Шымкенту и Актобе, самовывоз из магазинов.`,
      seo_text: `В каталоге «${ru}» собраны модели ведущих брендов с официальной гарантией. Сравните характеристики, выберите удобный способ оплаты и получите ${lowerRu} с доставкой или в ближайшем магазине.`,
    },
    kk: {
      meta_title: `${kk} — интернет-дүкеннен тиімді бағамен сатып алу`,
      meta_header: kk,
      meta_description: `${kk} электроника интернет-дүкенінде: теңгедегі бағалар, 0-0-12 бөліп төлеу, Алматы, Астана, Шымкент және Ақтөбе бойынша жеткізу.`,
      seo_text: `«${kk}» каталогында ресми кепілдігі бар жетекші брендтердің үлгілері жиналған. Сипаттамаларын салыстырып, ыңғайлы төлем тәсілін таңдаңыз.`,
    },
  }
}

function flatten(): SeedCategory[] {
  const out: SeedCategory[] = []
  const walk = (nodes: Node[], parent: SeedCategory | null) => {
    nodes.forEach((node, index) => {
      const slug = slugify(node.ru)
      const isService = node.isService ?? parent?.isService ?? false
      const category: SeedCategory = {
        id: out.length + 1,
        parentId: parent?.id ?? null,
        slug,
        path: parent ? `${parent.path}/${slug}` : slug,
        nameRu: node.ru,
        nameKk: node.kk,
        level: (parent?.level ?? 0) + 1,
        sort: (index + 1) * 10,
        icon: node.icon,
        isService,
        itemClass: node.itemClass ?? parent?.itemClass ?? 'side',
        filters: node.leaf?.filters ?? node.filters ?? BRANCH_FILTERS,
        leaf: node.leaf ?? null,
        meta: meta(node.ru, node.kk, isService),
      }
      if (node.leaf && node.leaf.slug !== slug)
        throw new Error(`leaf ${node.leaf.slug} sits under the name of ${slug}`)
      out.push(category)
      if (node.children) walk(node.children, category)
    })
  }
  walk(TREE, null)
  return out
}

/** Every category, parents before children, ids in that order from 1. */
export const SEED_CATEGORIES: readonly SeedCategory[] = flatten()

export const CATEGORY_BY_SLUG: ReadonlyMap<string, SeedCategory> = new Map(
  SEED_CATEGORIES.map((c) => [c.slug, c]),
)

export function categoryOf(slug: string): SeedCategory {
  const category = CATEGORY_BY_SLUG.get(slug)
  if (!category) throw new Error(`unknown category ${slug}`)
  return category
}

/** The leaves regular products are generated into, in the order of the opening sweep. */
export const PRODUCT_LEAVES: readonly (SeedCategory & { leaf: LeafSpec })[] = SEED_CATEGORIES.filter(
  (c): c is SeedCategory & { leaf: LeafSpec } => c.leaf !== null,
)

/** Slugs of the categories other modules link to by name. */
export const CATEGORY_SLUGS = {
  smartphones: 'smartfony',
  tablets: 'planshety',
  smartWatches: 'smart-chasy',
  laptops: 'noutbuki',
  pcComponents: 'komplektuyushchie-dlya-pk',
  software: 'programmnoe-obespechenie',
  televisions: 'televizory',
  headphones: 'naushniki',
  speakers: 'portativnye-kolonki',
  cameras: 'fotoapparaty',
  consoles: 'igrovye-pristavki',
  fridges: 'holodilniki',
  washingMachines: 'stiralnye-mashiny',
  vacuumCleaners: 'pylesosy',
  microwaves: 'mikrovolnovye-pechi',
  airConditioners: 'kondicionery',
  giftCertificates: 'podarochnye-sertifikaty',
  services: 'uslugi',
  installation: 'ustanovka-i-podklyuchenie',
  extendedWarranty: 'rasshirennaya-garantiya',
} as const

/** The configurator's component codes and the category each is chosen from (the contract names them). */
export {
  COMPONENT_CATEGORY_SLUGS as CONFIGURATOR_CATEGORY_SLUGS,
  type ComponentCode as ConfiguratorComponent,
} from '../../contract/values/configurator'
