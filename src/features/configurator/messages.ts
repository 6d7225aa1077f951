import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isApiError } from '../../data/api-error'
import { millimetres, watts } from './format'
import type { CompatibilityMessage, ComponentCode, RuleCode } from './types'

/** A slot's heading. */
export const KIND_NAMES: Record<ComponentCode, MessageDescriptor> = {
  cpu: msg`Процессор`,
  motherboard: msg`Материнская плата`,
  cooler: msg`Кулер`,
  ram: msg`Оперативная память`,
  gpu: msg`Видеокарта`,
  storage: msg`Накопитель`,
  psu: msg`Блок питания`,
  case: msg`Корпус`,
}

export const kindName = (i18n: I18n, code: string) => {
  const descriptor = KIND_NAMES[code as ComponentCode] as MessageDescriptor | undefined
  return descriptor ? i18n._(descriptor) : code
}

/** Browsing 8: the configurator's failures. */
export const FAILURES = {
  components: msg`Не удалось получить данные комплектующих`,
  create: msg`Не удалось создать конфигурацию`,
  get: msg`Не удалось получить конфигурацию`,
  change: msg`Не удалось изменить конфигурацию`,
  drop: msg`Не удалось сбросить конфигурацию`,
  filter: msg`Не удалось получить ссылку на каталог`,
} as const

type Texts = (a: string, b: string, params: Record<string, string | number>) => MessageDescriptor

const num = (params: Record<string, string | number>, key: string) => Number(params[key] ?? 0)

/**
 * The text of each rule the server checks (contract/values/configurator.ts RULE_CODES), naming the parts
 * in the order the server lists them (browsing 4).
 */
const RULE_TEXTS: Record<RuleCode, Texts> = {
  socket: (a, b) => msg`${a} и ${b}: разные сокеты`,
  memory_type: (a, b) => msg`${a} не подходит: ${b} работает с другим типом памяти`,
  memory_slots: (a, _b, p) =>
    msg`Не хватает слотов памяти: модулей выбрано ${num(p, 'modules')}, а ${a} имеет ${num(p, 'slots')}`,
  memory_capacity: (a, _b, p) =>
    msg`Слишком много памяти: выбрано ${num(p, 'capacity')} ГБ, а ${a} берёт до ${num(p, 'max')} ГБ`,
  memory_single_channel: (a) =>
    msg`${a} — один модуль: память работает в одноканальном режиме, два модуля быстрее`,
  board_form_factor: (a, b) => msg`${a} не помещается в ${b}: корпус не берёт плату этого размера`,
  gpu_length: (a, b, p) =>
    msg`${a} длиннее (${millimetres(num(p, 'length'))}), чем помещается в ${b} (до ${millimetres(num(p, 'max'))})`,
  no_graphics: (a) => msg`${a} без встроенной графики: нужна видеокарта`,
  cooler_height: (a, b, p) =>
    msg`${a} выше (${millimetres(num(p, 'height'))}), чем помещается в ${b} (до ${millimetres(num(p, 'max'))})`,
  cooler_socket: (a, b, p) =>
    msg`${a} не подходит к сокету ${String(p.socket ?? '')}, на котором работает ${b}`,
  cooler_tdp: (a, b, p) =>
    msg`${a} отводит до ${watts(num(p, 'rating'))}, а ${b} выделяет ${watts(num(p, 'tdp'))}: возможен перегрев`,
  cooler_missing: (a) => msg`${a} продаётся без кулера: добавьте кулер`,
  psu_wattage: (a, _b, p) =>
    msg`Мощности не хватает: сборке нужно от ${watts(num(p, 'recommended'))}, а ${a} даёт ${watts(num(p, 'wattage'))}`,
  psu_connectors: (a, b) => msg`Не хватает разъёмов питания: ${a} требует больше, чем даёт ${b}`,
  psu_form_factor: (a, b) => msg`${a} не помещается в ${b}: корпус не берёт блок питания этого размера`,
  m2_slots: (a, _b, p) =>
    msg`Не хватает разъёмов M.2: накопителей выбрано ${num(p, 'drives')}, а ${a} имеет ${num(p, 'slots')}`,
  sata_ports: (a, _b, p) =>
    msg`Не хватает портов SATA: накопителей выбрано ${num(p, 'drives')}, а ${a} имеет ${num(p, 'slots')}`,
}

/** The banner's line for a message: the rule's text with the parts' names. */
export function ruleText(i18n: I18n, message: CompatibilityMessage, titles: readonly string[]): string {
  const [a = '', b = ''] = titles
  const texts = RULE_TEXTS[message.code] as Texts | undefined
  if (texts) return i18n._(texts(a, b, message.params))
  if (titles.length >= 2) return i18n._(msg`${a} и ${b} несовместимы`)
  return i18n._(msg`Проверьте совместимость: ${a}`)
}

/** A refusal as the shopper reads it: no network, or the failure of the step that failed. */
export function failureText(i18n: I18n, error: unknown, failure: MessageDescriptor): string {
  if (isApiError(error) && error.status === 0)
    return i18n._(msg`Нет соединения с интернетом. Попробуйте, когда сеть вернётся.`)
  return i18n._(failure)
}
