import { setTimeout as sleep } from 'node:timers/promises'
import type { Organization } from '../../../contract/account-area'
import { completeBin } from './bin'
import type { OrganisationRegistry } from './provider'

/** Name, city, street and the registration month (YYMM) of each organisation of the local registry. */
const ORGANISATIONS: readonly [name: string, address: string, yymm: string][] = [
  ['ТОО «Алатау Трейд»', 'г. Алматы, пр. Абая, 150', '0705'],
  ['ТОО «Есиль Строй Сервис»', 'г. Астана, ул. Кенесары, 40', '1103'],
  ['АО «Казахтелеком-Сервис»', 'г. Астана, пр. Туран, 24', '9812'],
  ['ТОО «Шымкент Агро Логистик»', 'г. Шымкент, ул. Байтурсынова, 12', '1509'],
  ['ТОО «Актобе Энерго Монтаж»', 'г. Актобе, пр. Абилкайыр хана, 63', '1202'],
  ['ТОО «Медеу Диджитал»', 'г. Алматы, ул. Достык, 97', '1907'],
  ['ТОО «Номад Офис Сапплай»', 'г. Алматы, ул. Толе би, 101', '1611'],
  ['ТОО «Байтерек Консалтинг»', 'г. Астана, ул. Сыганак, 18', '1004'],
  ['ТОО «Каспий Ритейл Групп»', 'г. Актобе, ул. Маресьева, 4', '1408'],
  ['ТОО «Жетысу Мебель»', 'г. Алматы, ул. Розыбакиева, 247', '0910'],
  ['ТОО «Сарыарка IT Решения»', 'г. Астана, пр. Мангилик Ел, 55', '2101'],
  ['ТОО «Оңтүстік Құрылыс»', 'г. Шымкент, пр. Тауке хана, 31', '1306'],
  ['ТОО «Школа Будущего»', 'г. Алматы, мкр. Самал-2, 58', '1712'],
  ['ТОО «Клиника Денсаулық»', 'г. Астана, ул. Бейбитшилик, 9', '1803'],
  ['ТОО «Степной Отель»', 'г. Актобе, пр. Санкибай батыра, 1', '0602'],
  ['ТОО «Кофейня Бариста»', 'г. Шымкент, ул. Казыбек би, 7', '2205'],
]

/**
 * BINs of the local registry, built from the registration month, the legal-entity kind (4: a resident
 * legal entity, 0: a head office) and a serial, so each one passes the checksum like a real BIN.
 */
function buildRegistry(): Map<string, Organization> {
  const registry = new Map<string, Organization>()
  ORGANISATIONS.forEach(([name, address, yymm], i) => {
    for (let serial = 1000 + i * 37; ; serial++) {
      const bin = completeBin(`${yymm}40${String(serial).padStart(5, '0')}`)
      if (bin && !registry.has(bin)) {
        registry.set(bin, { name, bin, address })
        return
      }
    }
  })
  return registry
}

const REGISTRY = buildRegistry()

/** Every organisation the local registry knows, for docs and tests. */
export function localOrganisations(): Organization[] {
  return [...REGISTRY.values()]
}

export interface LocalRegistryOptions {
  /** How long an answer takes, like the real registry's few hundred milliseconds; 0 in tests. */
  delayMs?: number
}

export function createLocalOrganisationRegistry({
  delayMs = 400,
}: LocalRegistryOptions = {}): OrganisationRegistry {
  return {
    async lookup(bin, signal) {
      if (delayMs > 0) await sleep(delayMs, undefined, { signal })
      signal.throwIfAborted()
      return REGISTRY.get(bin) ?? null
    },
  }
}
