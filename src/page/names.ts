import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { CITIES, type CitySlug } from '../../contract/values/common'

/** The four cities of the store (spec 1) in the order of their ids, with their names in ru and kk. */
export const CITY_NAMES: Record<CitySlug, MessageDescriptor> = {
  almaty: msg`Алматы`,
  astana: msg`Астана`,
  shymkent: msg`Шымкент`,
  aktobe: msg`Актобе`,
}

export const CITY_SLUGS: readonly CitySlug[] = CITIES.map((c) => c.slug)

export interface MainCategory {
  slug: string
  name: MessageDescriptor
}

/** The header's row of main categories; each links to `/catalog/{slug}`. */
export const MAIN_CATEGORIES: readonly MainCategory[] = [
  { slug: 'smartfony', name: msg`Смартфоны` },
  { slug: 'noutbuki', name: msg`Ноутбуки` },
  { slug: 'televizory', name: msg`Телевизоры` },
  { slug: 'holodilniki', name: msg`Холодильники` },
  { slug: 'stiralnye-mashiny', name: msg`Стиральные машины` },
  { slug: 'naushniki', name: msg`Наушники` },
  { slug: 'planshety', name: msg`Планшеты` },
  { slug: 'pylesosy', name: msg`Пылесосы` },
]

export interface HelpPage {
  slug: string
  title: MessageDescriptor
}

/** Content pages for shoppers, at `/cms/{slug}`; linked from the footer and the mobile menu. */
export const HELP_PAGES: readonly HelpPage[] = [
  { slug: 'delivery', title: msg`Доставка` },
  { slug: 'payment', title: msg`Оплата` },
  { slug: 'warranty', title: msg`Гарантия и возврат` },
  { slug: 'about', title: msg`О магазине` },
  { slug: 'contacts', title: msg`Контакты` },
]
