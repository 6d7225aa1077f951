import type { Lang } from '../../../contract/common'
import type { MenuItem } from '../../../contract/menu'

/** A link of the top or footer menu; titles in ru and kk. */
interface LinkSpec {
  id: string
  title: [ru: string, kk: string]
  url: string
  icon?: string
}

interface GroupSpec {
  id: string
  title: [ru: string, kk: string]
  links: LinkSpec[]
  /** The footer's catalogue column is filled from the category tree. */
  categories?: boolean
}

const PROMO: LinkSpec = { id: 'promo', title: ['Акции', 'Акциялар'], url: '/cms/promo', icon: 'banner' }
const DELIVERY: LinkSpec = { id: 'delivery', title: ['Доставка', 'Жеткізу'], url: '/cms/delivery' }
const PAYMENT: LinkSpec = { id: 'payment', title: ['Оплата', 'Төлем'], url: '/cms/payment' }
const WARRANTY: LinkSpec = {
  id: 'warranty',
  title: ['Гарантия и возврат', 'Кепілдік және қайтару'],
  url: '/cms/warranty',
}
const GIFT_CARDS: LinkSpec = {
  id: 'gift-cards',
  title: ['Подарочные карты', 'Сыйлық карталары'],
  url: '/gift-cards',
  icon: 'gift-card',
}
const SERVICES: LinkSpec = {
  id: 'services',
  title: ['Услуги', 'Қызметтер'],
  url: '/catalog/s',
  icon: 'service',
}
const STORES: LinkSpec = { id: 'stores', title: ['Магазины', 'Дүкендер'], url: '/cms/contacts' }
const ABOUT: LinkSpec = { id: 'about', title: ['О магазине', 'Дүкен туралы'], url: '/cms/about' }
const CONTACTS: LinkSpec = { id: 'contacts', title: ['Контакты', 'Байланыс'], url: '/cms/contacts' }

/** The row above the header: promotions, help pages, gift cards, services, stores. */
export const TOP_MENU: readonly LinkSpec[] = [
  PROMO,
  DELIVERY,
  PAYMENT,
  WARRANTY,
  GIFT_CARDS,
  SERVICES,
  STORES,
]

/** The footer's columns. */
export const FOOTER_MENU: readonly GroupSpec[] = [
  { id: 'catalog', title: ['Каталог', 'Каталог'], links: [SERVICES], categories: true },
  {
    id: 'customers',
    title: ['Покупателям', 'Сатып алушыларға'],
    links: [DELIVERY, PAYMENT, WARRANTY, PROMO, GIFT_CARDS],
  },
  {
    id: 'company',
    title: ['Компания', 'Компания'],
    links: [
      ABOUT,
      { ...STORES, title: ['Магазины и пункты выдачи', 'Дүкендер және тапсырыс беру пункттері'] },
      CONTACTS,
    ],
  },
  {
    id: 'account',
    title: ['Личный кабинет', 'Жеке кабинет'],
    links: [
      { id: 'orders', title: ['Мои заказы', 'Менің тапсырыстарым'], url: '/my-account/orders-list' },
      { id: 'wishlist', title: ['Избранное', 'Таңдаулылар'], url: '/my-account/wishlist' },
      { id: 'compare', title: ['Сравнение', 'Салыстыру'], url: '/compare' },
    ],
  },
]

export function linkItem(spec: LinkSpec, lang: Lang, level: number): MenuItem {
  return {
    id: `link-${spec.id}`,
    kind: 'link',
    title: lang === 'kk' ? spec.title[1] : spec.title[0],
    url: spec.url,
    item_class: 'other',
    filters: [],
    image_id: null,
    icon: spec.icon ?? null,
    category_id: null,
    path: null,
    slug: null,
    level,
    is_service: false,
    product_count: null,
    children: [],
  }
}

export function groupItem(spec: GroupSpec, lang: Lang, children: MenuItem[]): MenuItem {
  return {
    id: `group-${spec.id}`,
    kind: 'group',
    title: lang === 'kk' ? spec.title[1] : spec.title[0],
    url: '',
    item_class: 'other',
    filters: [],
    image_id: null,
    icon: null,
    category_id: null,
    path: null,
    slug: null,
    level: 1,
    is_service: false,
    product_count: null,
    children,
  }
}
