import type { ServicePointType, WeeklyWorkHours } from '../db/schema/geo'
import { stream } from './random'

export interface SeedCity {
  id: number
  slug: string
  nameRu: string
  nameKk: string
  nameEn: string
  latitude: number
  longitude: number
  cityCode: string
  postCode: string
  /** Telephone area code, for the service points' numbers. */
  areaCode: string
  magentoId: number
  guid: string
}

/** The cities of the spec, ids 1-4 in this order; Almaty is the default. */
export const SEED_CITIES: readonly SeedCity[] = [
  {
    id: 1,
    slug: 'almaty',
    nameRu: 'Алматы',
    nameKk: 'Алматы',
    nameEn: 'Almaty',
    latitude: 43.238949,
    longitude: 76.889709,
    cityCode: 'ALA',
    postCode: '050000',
    areaCode: '727',
    magentoId: 2,
    guid: 'b4f3a1c2-6d0e-4b8a-9f17-2a5c0e1d7a01',
  },
  {
    id: 2,
    slug: 'astana',
    nameRu: 'Астана',
    nameKk: 'Астана',
    nameEn: 'Astana',
    latitude: 51.128207,
    longitude: 71.43042,
    cityCode: 'NQZ',
    postCode: '010000',
    areaCode: '7172',
    magentoId: 5,
    guid: 'c81d2e44-0a7b-4f5e-8c3d-91b6a2f4e802',
  },
  {
    id: 3,
    slug: 'shymkent',
    nameRu: 'Шымкент',
    nameKk: 'Шымкент',
    nameEn: 'Shymkent',
    latitude: 42.315514,
    longitude: 69.586907,
    cityCode: 'CIT',
    postCode: '160000',
    areaCode: '7252',
    magentoId: 7,
    guid: '5e0b97a3-3c21-4d69-a4f8-0d7e6c5b3903',
  },
  {
    id: 4,
    slug: 'aktobe',
    nameRu: 'Актобе',
    nameKk: 'Ақтөбе',
    nameEn: 'Aktobe',
    latitude: 50.283937,
    longitude: 57.166978,
    cityCode: 'AKX',
    postCode: '030000',
    areaCode: '7132',
    magentoId: 9,
    guid: '1f6c8d20-9b4e-4e07-b2a5-7c3f8e9d1a04',
  },
]

export const CITY_IDS = { almaty: 1, astana: 2, shymkent: 3, aktobe: 4 } as const
export type CitySlug = keyof typeof CITY_IDS
export const DEFAULT_CITY_ID = CITY_IDS.almaty
export const DEFAULT_CITY_SLUG: CitySlug = 'almaty'

/** A street address in Russian and Kazakh; `near` names what shoppers find it by. */
type Address = [ru: string, kk: string, near: string]

const ADDRESSES: Record<CitySlug, Address[]> = {
  almaty: [
    ['пр. Абая, 109В', 'Абай даңғылы, 109В', 'Абая — Жарокова'],
    ['ул. Розыбакиева, 247А', 'Розыбакиев көшесі, 247А', 'Розыбакиева — Левитана'],
    ['пр. Аль-Фараби, 77/8', 'Әл-Фараби даңғылы, 77/8', 'Аль-Фараби — Назарбаева'],
    ['мкр. Самал-2, 111', 'Самал-2 ш/а, 111', 'Самал-2'],
    ['ул. Толе би, 187', 'Төле би көшесі, 187', 'Толе би — Гагарина'],
    ['пр. Райымбека, 514а', 'Райымбек даңғылы, 514а', 'Райымбека — Саина'],
    ['ул. Тимирязева, 42', 'Тимирязев көшесі, 42', 'Тимирязева — Маркова'],
    ['пр. Сейфуллина, 617', 'Сейфуллин даңғылы, 617', 'Сейфуллина — Жамбыла'],
    ['ул. Жандосова, 58', 'Жандосов көшесі, 58', 'Жандосова — Ауэзова'],
    ['мкр. Аксай-4, 29', 'Ақсай-4 ш/а, 29', 'Аксай-4'],
  ],
  astana: [
    ['пр. Кабанбай батыра, 62', 'Қабанбай батыр даңғылы, 62', 'Кабанбай батыра — Сыганак'],
    ['пр. Туран, 37', 'Тұран даңғылы, 37', 'Туран — Достык'],
    ['пр. Мангилик Ел, 55', 'Мәңгілік Ел даңғылы, 55', 'Мангилик Ел — Улы Дала'],
    ['пр. Республики, 34', 'Республика даңғылы, 34', 'Республики — Богенбай батыра'],
    ['ул. Кенесары, 40', 'Кенесары көшесі, 40', 'Кенесары — Бейбитшилик'],
    ['пр. Абая, 44', 'Абай даңғылы, 44', 'Абая — Сейфуллина'],
    ['ул. Петрова, 24', 'Петров көшесі, 24', 'Петрова — Жубанова'],
    ['пр. Богенбай батыра, 56', 'Бөгенбай батыр даңғылы, 56', 'Богенбай батыра — Ауэзова'],
    ['ул. Сыганак, 18', 'Сығанақ көшесі, 18', 'Сыганак — Керей Жанибек хандар'],
    ['ул. Кошкарбаева, 10', 'Қошқарбаев көшесі, 10', 'Кошкарбаева — Тлендиева'],
  ],
  shymkent: [
    ['пр. Тауке хана, 37', 'Тәуке хан даңғылы, 37', 'Тауке хана — Байтурсынова'],
    ['ул. Байтурсынова, 12', 'Байтұрсынов көшесі, 12', 'Байтурсынова — Аскарова'],
    ['пр. Республики, 20', 'Республика даңғылы, 20', 'Республики — Казыбек би'],
    ['ул. Казыбек би, 31', 'Қазыбек би көшесі, 31', 'Казыбек би — Толе би'],
    ['пр. Кунаева, 59', 'Қонаев даңғылы, 59', 'Кунаева — Рыскулова'],
    ['ул. Толе би, 26', 'Төле би көшесі, 26', 'Толе би — Ильяева'],
    ['пр. Абая, 23', 'Абай даңғылы, 23', 'Абая — Жибек жолы'],
    ['мкр. Нурсат, 135', 'Нұрсәт ш/а, 135', 'Нурсат'],
    ['ул. Жибек жолы, 2', 'Жібек жолы көшесі, 2', 'Жибек жолы — Мадели кожа'],
    ['пр. Байдибек би, 92', 'Бәйдібек би даңғылы, 92', 'Байдибек би — Аль-Фараби'],
  ],
  aktobe: [
    ['пр. Абилкайыр хана, 44', 'Әбілқайыр хан даңғылы, 44', 'Абилкайыр хана — Некрасова'],
    ['пр. Алии Молдагуловой, 31', 'Әлия Молдағұлова даңғылы, 31', 'Молдагуловой — Есет батыра'],
    ['ул. Братьев Жубановых, 279', 'Ағайынды Жұбановтар көшесі, 279', 'Жубановых — Маресьева'],
    ['пр. Санкибай батыра, 22', 'Саңқибай батыр даңғылы, 22', 'Санкибай батыра — Тургенева'],
    ['ул. Маресьева, 105', 'Маресьев көшесі, 105', 'Маресьева — Бокенбай батыра'],
    ['пр. Есет батыра, 109', 'Есет батыр даңғылы, 109', 'Есет батыра — Шернияза'],
    ['ул. Айтеке би, 41', 'Әйтеке би көшесі, 41', 'Айтеке би — Алтынсарина'],
    ['мкр. 12, 8Д', '12 ш/а, 8Д', '12-й микрорайон'],
    ['ул. Некрасова, 61', 'Некрасов көшесі, 61', 'Некрасова — Газизы Жубановой'],
    ['ул. Курмангазы, 5', 'Құрманғазы көшесі, 5', 'Курмангазы — Пушкина'],
  ],
}

const MANAGERS = [
  'Айгерим Сейткали',
  'Нурлан Абенов',
  'Дана Жумабаева',
  'Ерлан Касымов',
  'Асель Муканова',
  'Данияр Оспанов',
  'Алия Турсынбекова',
  'Руслан Ибраев',
  'Жанна Каримова',
  'Тимур Бекмуханов',
  'Мадина Есенова',
  'Серик Ахметов',
]

const PROMOS = [
  'Скидка 10% на аксессуары при покупке смартфона',
  'Бесплатная доставка крупной техники по городу',
  'Обмен старой техники на новую по программе трейд-ин',
  'Сборка ПК бесплатно при покупке комплектующих от 300 000 ₸',
]

export interface SeedServicePoint {
  id: number
  guid: string
  city_id: number
  type: ServicePointType
  title_ru: string
  title_kk: string
  address_ru: string
  address_kk: string
  description_ru: string
  description_kk: string
  email: string
  phone: string
  manager: string
  promo: string | null
  is_active: boolean
  is_drive_thru_available: boolean
  latitude: number
  longitude: number
  work_hours: string
  weekly_work_hours: WeeklyWorkHours
  accepts_tradein: boolean
}

const SHOPS_PER_CITY = 6
/**
 * Shops taking old devices for trade-in: the first three of each city but Aktobe, where none does yet
 * (migration 0026 marks the same shops in a catalogue seeded before it).
 */
const TRADEIN_SHOPS_PER_CITY = 3
const NO_TRADEIN_CITY = 4

function weekly(weekdays: string, saturday: string | null, sunday: string | null): WeeklyWorkHours {
  return {
    monday: weekdays,
    tuesday: weekdays,
    wednesday: weekdays,
    thursday: weekdays,
    friday: weekdays,
    saturday,
    sunday,
  }
}

/**
 * Ten points per city: six shops (stock and showcases) then four pickup points; the last pickup point
 * of each city is closed, so "inactive points are not offered" has something to check.
 */
export function seedServicePoints(seed: number): SeedServicePoint[] {
  const points: SeedServicePoint[] = []
  for (const city of SEED_CITIES) {
    const r = stream(seed, 'service-points', city.id)
    const addresses = ADDRESSES[city.slug as CitySlug]
    addresses.forEach(([addressRu, addressKk, near], i) => {
      const id = points.length + 1
      const shop = i < SHOPS_PER_CITY
      const street = addressRu.replace(/^(пр\.|ул\.|мкр\.)\s*/, '').replace(/,.*$/, '')
      const streetKk = addressKk.replace(/,.*$/, '')
      const workHours = shop ? '10:00-22:00' : '09:00-21:00'
      points.push({
        id,
        guid: r.uuid(),
        city_id: city.id,
        type: shop ? 'shop' : 'pickup_point',
        title_ru: shop ? `Магазин на ${street}` : `Пункт выдачи на ${street}`,
        title_kk: shop ? `${streetKk} дүкені` : `${streetKk} тапсырыс беру пункті`,
        address_ru: `г. ${city.nameRu}, ${addressRu}`,
        address_kk: `${city.nameKk} қ., ${addressKk}`,
        description_ru: shop
          ? `Ориентир: ${near}. Вход с улицы, парковка у входа.`
          : `Ориентир: ${near}. Выдача заказов по коду из SMS.`,
        description_kk: shop
          ? `Бағдар: ${near}. Кіреберіс көшеден, кіреберісте тұрақ бар.`
          : `Бағдар: ${near}. Тапсырыс SMS-кодымен беріледі.`,
        email: `${city.slug}-${String(i + 1).padStart(2, '0')}@store.example.kz`,
        phone: `+7${city.areaCode}${String(r.int(10 ** (9 - city.areaCode.length), 10 ** (10 - city.areaCode.length) - 1))}`,
        manager: r.pick(MANAGERS),
        promo: shop && r.chance(0.5) ? r.pick(PROMOS) : null,
        is_active: i !== addresses.length - 1,
        is_drive_thru_available: shop && r.chance(0.35),
        accepts_tradein: i < TRADEIN_SHOPS_PER_CITY && city.id !== NO_TRADEIN_CITY,
        latitude: Number((city.latitude + r.float(-0.06, 0.06)).toFixed(6)),
        longitude: Number((city.longitude + r.float(-0.08, 0.08)).toFixed(6)),
        work_hours: workHours,
        weekly_work_hours: shop
          ? weekly(workHours, workHours, '10:00-21:00')
          : weekly(workHours, '10:00-19:00', i % 2 === 0 ? null : '10:00-18:00'),
      })
    })
  }
  return points
}
