import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export interface SectionText {
  title: MessageDescriptor
  description: MessageDescriptor
}

/**
 * The heading and the one-line purpose of each section of the store, shown by its page frame until the
 * feature that fills the section arrives (and kept as its heading afterwards).
 */
export const SECTIONS = {
  cart: {
    title: msg`Корзина`,
    description: msg`Товары, которые вы выбрали, с ценами и наличием в вашем городе. Отсюда вы переходите к оформлению заказа.`,
  },
  catalog: {
    title: msg`Каталог товаров`,
    description: msg`Все категории магазина: электроника, бытовая техника и товары для дома. Цены и наличие — для выбранного города.`,
  },
  category: {
    title: msg`Категория`,
    description: msg`Товары категории с фильтрами, сортировкой и ценами для вашего города.`,
  },
  services: {
    title: msg`Услуги`,
    description: msg`Установка и подключение техники, настройка, расширенная гарантия и другие услуги магазина.`,
  },
  product: {
    title: msg`Товар`,
    description: msg`Описание, характеристики, наличие в магазинах, отзывы и услуги к товару.`,
  },
  service: {
    title: msg`Услуга`,
    description: msg`Описание услуги, её стоимость и условия.`,
  },
  brands: {
    title: msg`Бренды`,
    description: msg`Производители, товары которых продаются в магазине.`,
  },
  brand: {
    title: msg`Бренд`,
    description: msg`Все товары бренда в каталоге магазина.`,
  },
  cms: {
    title: msg`Покупателям`,
    description: msg`Доставка, оплата, гарантия, возврат и другая полезная информация.`,
  },
  cmsPage: {
    title: msg`Информация`,
    description: msg`Информационная страница магазина.`,
  },
  promo: {
    title: msg`Акции`,
    description: msg`Скидки, подарки к покупке и специальные предложения банков-партнёров.`,
  },
  compare: {
    title: msg`Сравнение товаров`,
    description: msg`Добавляйте к сравнению товары одной категории и смотрите их характеристики рядом.`,
  },
  giftCards: {
    title: msg`Подарочные карты`,
    description: msg`Подарочная карта магазина — подарок, с которым не ошибёшься: получатель сам выберет товар.`,
  },
  login: {
    title: msg`Вход`,
    description: msg`Войдите по номеру телефона, чтобы видеть заказы, бонусы и избранное на всех устройствах.`,
  },
  account: {
    title: msg`Личный кабинет`,
    description: msg`Заказы, личные данные, адреса доставки, сохранённые карты, купоны и отзывы.`,
  },
  accountOverview: {
    title: msg`Обзор`,
    description: msg`Главное о ваших заказах, бонусах и купонах.`,
  },
  accountOrders: {
    title: msg`Мои заказы`,
    description: msg`История заказов и их статусы.`,
  },
  accountInformation: {
    title: msg`Личные данные`,
    description: msg`Имя, телефон, электронная почта и пароль.`,
  },
  accountAddresses: {
    title: msg`Адреса доставки`,
    description: msg`Сохранённые адреса и получатели заказов.`,
  },
  accountCards: {
    title: msg`Сохранённые карты`,
    description: msg`Банковские карты для быстрой оплаты заказов.`,
  },
  accountCoupons: {
    title: msg`Мои купоны`,
    description: msg`Промокоды и персональные предложения.`,
  },
  accountReviews: {
    title: msg`Мои отзывы`,
    description: msg`Отзывы, которые вы оставили о товарах.`,
  },
  accountReview: {
    title: msg`Отзыв`,
    description: msg`Ваш отзыв о товаре.`,
  },
  accountWishlist: {
    title: msg`Избранное`,
    description: msg`Товары, которые вы отложили, чтобы вернуться к ним позже.`,
  },
  accountBonuses: {
    title: msg`Мои бонусы`,
    description: msg`Баланс бонусов и история их начисления и списания.`,
  },
  accountGuest: {
    title: msg`Кабинет гостя`,
    description: msg`Избранное и заказы, оформленные без входа в аккаунт.`,
  },
  search: {
    title: msg`Поиск`,
    description: msg`Ищите товары по названию, бренду или артикулу.`,
  },
  under: {
    title: msg`Выгодные покупки`,
    description: msg`Подборка недорогих товаров из разных категорий.`,
  },
} satisfies Record<string, SectionText>

export type SectionKey = keyof typeof SECTIONS
