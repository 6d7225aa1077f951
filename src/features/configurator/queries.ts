import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getDefaultStore } from 'jotai'
import type { CityId } from '../../../contract/values/common'
import { api } from '../../data/api'
import { outbox as defaultOutbox, type Outbox } from '../../data/outbox'
import { outboxMutation } from '../../data/outbox-mutation'
import type { LoanGood } from '../../cart/queries'
import { configurationIdAtom } from './atoms'
import type {
  CompatiblePartsPage,
  ComponentCode,
  ComponentInfo,
  ComponentInput,
  Configuration,
  ConfiguredComponent,
  PartProduct,
} from './types'

/** Browsing 7.5: the compatibility service. */
export const COMPATIBILITY_V1 = '/compatibility/api/v1'
/** Browsing 9: the components info page size and the configurator's catalogue limit. */
export const COMPONENTS_INFO_SIZE = 20
export const CATALOGUE_LIMIT = 150

const CONFIGURATOR = 'configurator'

export const componentsInfoQuery = () =>
  queryOptions({
    queryKey: [CONFIGURATOR, 'components-info'],
    staleTime: 60 * 60_000,
    queryFn: ({ signal }) =>
      api
        .get<{ items: ComponentInfo[] }>(`${COMPATIBILITY_V1}/components/info`, {
          query: { page: 1, size: COMPONENTS_INFO_SIZE },
          signal,
        })
        .then((answer) => answer.items),
  })

export const configurationKey = (id: string, cityId: CityId) => [CONFIGURATOR, 'configuration', id, cityId]

export const pendingKey = (id: string) => `configurator:${id}`

export const configurationQuery = (id: string, cityId: CityId, queue: Outbox = defaultOutbox) =>
  queryOptions({
    queryKey: configurationKey(id, cityId),
    queryFn: async ({ signal, client }) => {
      // A change still waiting for the network (made offline, or before a reload) is what the shopper
      // chose: the server's older list must not replace it on screen until the change is sent.
      const cached = client.getQueryData<Configuration>(configurationKey(id, cityId))
      if (cached && queue.getItems().some((item) => item.dedupeKey === pendingKey(id))) return cached
      return api.get<Configuration>(`${COMPATIBILITY_V1}/configurations/${encodeURIComponent(id)}`, {
        cityId,
        signal,
      })
    },
  })

export const sharedConfigurationQuery = (code: string, cityId: CityId) =>
  queryOptions({
    queryKey: [CONFIGURATOR, 'shared', code, cityId],
    queryFn: ({ signal }) =>
      api.get<Configuration>(`${COMPATIBILITY_V1}/configurations/shared/${encodeURIComponent(code)}`, {
        cityId,
        signal,
      }),
  })

export interface PartsFilter {
  /** Only parts with units in the shopper's city. */
  inStock: boolean
  /** Words of the part's name. */
  text: string
  /** Also the parts that do not fit, each with the reason: the shopper decides with the reasons shown. */
  all: boolean
}

/**
 * The parts of one kind that fit what is chosen (errors left out, warnings marked), at most the
 * catalogue limit; the rest are behind the catalogue link the server builds.
 */
export const compatiblePartsQuery = (
  code: ComponentCode,
  components: readonly ComponentInput[],
  cityId: CityId,
  filter: PartsFilter,
) =>
  queryOptions({
    queryKey: [CONFIGURATOR, 'parts', code, cityId, components, filter],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api.get<CompatiblePartsPage>(`${COMPATIBILITY_V1}/components`, {
        cityId,
        signal,
        query: {
          code,
          page: 1,
          size: CATALOGUE_LIMIT,
          components: components.map((c) => `${c.code}:${c.sku}:${c.quantity}`).join(','),
          in_stock: filter.inStock ? 'true' : undefined,
          q: filter.text.trim() || undefined,
          include_incompatible: filter.all ? 'true' : undefined,
        },
      }),
  })

/** The catalogue's filter address of every compatible part of a kind (beyond the 150 the list shows). */
export const catalogueFilterQuery = (
  code: ComponentCode,
  components: readonly ComponentInput[],
  cityId: CityId,
) =>
  queryOptions({
    queryKey: [CONFIGURATOR, 'generate-filter', code, cityId, components],
    staleTime: 5 * 60_000,
    queryFn: () =>
      api
        .post<{ url: string }>(`${COMPATIBILITY_V1}/components/generate-filter`, {
          code,
          components,
          city_id: cityId,
          page: 1,
          size: CATALOGUE_LIMIT,
        })
        .then((answer) => answer.url),
  })

// ── Changes ─────────────────────────────────────────────────────────────────────────────────────────

export const inputsOf = (components: readonly ConfiguredComponent[]): ComponentInput[] =>
  components.map(({ code, sku, quantity }) => ({ code, sku, quantity }))

/** Keeps the new configuration's id on this device, so the next visit opens it. */
export const storeConfigurationId = (id: string | null) => getDefaultStore().set(configurationIdAtom, id)

export async function createConfiguration(
  queryClient: QueryClient,
  cityId: CityId,
  components: readonly ComponentInput[] = [],
): Promise<Configuration> {
  const created = await api.post<Configuration>(`${COMPATIBILITY_V1}/configurations`, {
    city_id: cityId,
    components,
  })
  queryClient.setQueryData(configurationKey(created.id, cityId), created)
  await storeConfigurationId(created.id)
  return created
}

/**
 * Browsing 4: a change pushes the whole list, then the configuration is read again (the server's answer
 * is the reloaded one, with its messages and total). Through the outbox, so a change made offline is
 * shown at once and sent when the network returns; the latest list replaces one still waiting.
 */
export function pushComponents(
  queryClient: QueryClient,
  configuration: Configuration,
  next: ConfiguredComponent[],
  cityId: CityId,
  queue: Outbox = defaultOutbox,
) {
  const key = configurationKey(configuration.id, cityId)
  const path = `${COMPATIBILITY_V1}/configurations/${encodeURIComponent(configuration.id)}`
  return outboxMutation(
    queryClient,
    {
      kind: 'configurator.put',
      method: 'PUT',
      path,
      query: { city_id: cityId },
      body: { city_id: cityId, components: inputsOf(next) },
      dedupeKey: pendingKey(configuration.id),
      invalidate: [key],
      apply: (client) =>
        client.setQueryData<Configuration>(key, (old) => (old ? withComponents(old, next) : old)),
      rollback: (client) => void client.invalidateQueries({ queryKey: key }),
      onSuccess: (result, client) => {
        if (isConfiguration(result)) client.setQueryData(key, result)
      },
    },
    queue,
  )
}

const isConfiguration = (value: unknown): value is Configuration =>
  typeof value === 'object' && value !== null && Array.isArray((value as Configuration).components)

/**
 * The device's estimate until the server answers: the new list and its total; the messages of parts
 * still there stay, those naming a part taken out go.
 */
export function withComponents(configuration: Configuration, next: ConfiguredComponent[]): Configuration {
  const skus = new Set(next.map((c) => c.sku))
  const messages = configuration.messages.filter((m) => m.parts.every((sku) => skus.has(sku)))
  const incompatible = new Set(messages.filter((m) => m.severity === 'error').flatMap((m) => m.parts))
  return {
    ...configuration,
    components: next,
    messages,
    incompatibleComponents: next.filter((c) => incompatible.has(c.sku)).map((c) => c.code),
    totalPrice: next.reduce((sum, c) => sum + (c.product?.price ?? 0) * c.quantity, 0),
  }
}

/** Puts a part in its kind's slot (replacing what was there) or takes the kind's part out. */
export function withPart(
  components: readonly ConfiguredComponent[],
  code: ComponentCode,
  part: PartProduct | null,
  quantity = 1,
): ConfiguredComponent[] {
  const others = components.filter((c) => c.code !== code)
  return part ? [...others, { code, sku: part.sku, quantity, product: part }] : others
}

/** The parts as the loan calculator takes goods, for the "from X a month" line. */
export const loanGoodsOf = (components: readonly ConfiguredComponent[]): LoanGood[] =>
  components.flatMap((c) =>
    c.product
      ? [{ sku: c.sku, quantity: c.quantity, price: c.product.price, amount: c.product.price * c.quantity }]
      : [],
  )
