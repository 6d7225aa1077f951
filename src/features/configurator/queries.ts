import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getDefaultStore } from 'jotai'
import type { CityId } from '../../../contract/values/common'
import { api } from '../../data/api'
import { isApiError } from '../../data/api-error'
import { outbox as defaultOutbox, type Outbox } from '../../data/outbox'
import { outboxMutation } from '../../data/outbox-mutation'
import type { LoanGood } from '../../cart/queries'
import {
  COMPONENTS_INFO_PAGE_SIZE,
  CONFIGURATION_TOKEN_HEADER,
  CONFIGURATOR_CATALOG_LIMIT,
  CONFIGURATOR_V1,
} from '../../../contract/values/configurator'
import { ownConfigurationAtom, type OwnConfiguration } from './atoms'
import type {
  CompatiblePart,
  ComponentCode,
  ComponentInput,
  ComponentsInfoResponse,
  ComponentsResponse,
  Configuration,
  ConfigurationComponent,
  CreatedConfiguration,
  GenerateFilterResponse,
} from './types'

const CONFIGURATOR = 'configurator'

export const componentsInfoQuery = () =>
  queryOptions({
    queryKey: [CONFIGURATOR, 'components-info'],
    staleTime: 60 * 60_000,
    queryFn: ({ signal }) =>
      api
        .get<ComponentsInfoResponse>(`${CONFIGURATOR_V1}/components-info`, {
          query: { page: 1, size: COMPONENTS_INFO_PAGE_SIZE },
          signal,
        })
        .then((answer) => answer.items),
  })

export const configurationKey = (id: string, cityId: CityId) => [CONFIGURATOR, 'configuration', id, cityId]

export const pendingKey = (id: string) => `configurator:${id}`

const ownerHeaders = (token: string | null) => (token ? { [CONFIGURATION_TOKEN_HEADER]: token } : undefined)

export const configurationQuery = (
  { id, token }: OwnConfiguration,
  cityId: CityId,
  queue: Outbox = defaultOutbox,
) =>
  // the token only lets the answer through; the key stays the id's, which changes write to as well
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: configurationKey(id, cityId),
    // the device's copy is saved a second behind the changes: a reload right after one reads the server
    staleTime: 0,
    queryFn: async ({ signal, client }) => {
      // A change still waiting for the network (made offline, or just before a reload) is sent first;
      // while the network is away the device's copy, which shows that change, stands in for the answer.
      const waiting = () =>
        queue.getItems().some((item) => item.dedupeKey === pendingKey(id) && item.status === 'pending')
      const cached = client.getQueryData<Configuration>(configurationKey(id, cityId))
      try {
        if (waiting()) await queue.replay({ force: true })
        return await api.get<Configuration>(`${CONFIGURATOR_V1}/configurations/${encodeURIComponent(id)}`, {
          cityId,
          signal,
          headers: ownerHeaders(token),
        })
      } catch (error) {
        if (cached && isApiError(error) && error.status === 0 && waiting()) return cached
        throw error
      }
    },
  })

export const sharedConfigurationQuery = (code: string, cityId: CityId) =>
  queryOptions({
    queryKey: [CONFIGURATOR, 'shared', code, cityId],
    queryFn: ({ signal }) =>
      api.get<Configuration>(`${CONFIGURATOR_V1}/configurations/shared/${encodeURIComponent(code)}`, {
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
      api.get<ComponentsResponse>(`${CONFIGURATOR_V1}/components`, {
        cityId,
        signal,
        query: {
          code,
          page: 1,
          size: CONFIGURATOR_CATALOG_LIMIT,
          components: components.map((c) => `${c.code}:${c.sku}:${c.quantity ?? 1}`).join(',') || undefined,
          inStock: filter.inStock ? 'true' : undefined,
          q: filter.text.trim() || undefined,
          includeIncompatible: filter.all ? 'true' : undefined,
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
        .post<GenerateFilterResponse>(`${CONFIGURATOR_V1}/components/generate-filter`, {
          code,
          components,
          city_id: cityId,
          page: 1,
          size: CONFIGURATOR_CATALOG_LIMIT,
        })
        .then((answer) => answer.url),
  })

// ── Changes ─────────────────────────────────────────────────────────────────────────────────────────

export const inputsOf = (components: readonly ConfigurationComponent[]): ComponentInput[] =>
  components.map(({ code, sku, quantity }) => ({ code, sku, quantity }))

/** Keeps the configuration's id and owner token on this device, so the next visit opens and changes it. */
export const storeOwnConfiguration = (own: OwnConfiguration | null) =>
  getDefaultStore().set(ownConfigurationAtom, own)

async function keep(queryClient: QueryClient, cityId: CityId, created: CreatedConfiguration) {
  const { ownerToken, ...configuration } = created
  queryClient.setQueryData(configurationKey(created.id, cityId), configuration)
  await storeOwnConfiguration({ id: created.id, token: ownerToken })
  return configuration
}

export async function createConfiguration(
  queryClient: QueryClient,
  cityId: CityId,
  components: readonly ComponentInput[] = [],
): Promise<Configuration> {
  const created = await api.post<CreatedConfiguration>(`${CONFIGURATOR_V1}/configurations`, {
    city_id: cityId,
    components,
  })
  return keep(queryClient, cityId, created)
}

/** A shared build copied into a configuration of the shopper's own. */
export async function copySharedConfiguration(
  queryClient: QueryClient,
  cityId: CityId,
  shareCode: string,
): Promise<Configuration> {
  const created = await api.post<CreatedConfiguration>(
    `${CONFIGURATOR_V1}/configurations/shared/${encodeURIComponent(shareCode)}/copy`,
    { city_id: cityId },
  )
  return keep(queryClient, cityId, created)
}

/**
 * Browsing 4: a change pushes the whole list, then the configuration is read again (the server's answer
 * is the reloaded one, with its messages and total). Through the outbox, so a change made offline is
 * shown at once and sent when the network returns; the latest list replaces one still waiting.
 */
export function pushComponents(
  queryClient: QueryClient,
  configuration: Configuration,
  token: string | null,
  next: ConfigurationComponent[],
  cityId: CityId,
  queue: Outbox = defaultOutbox,
) {
  const key = configurationKey(configuration.id, cityId)
  const path = `${CONFIGURATOR_V1}/configurations/${encodeURIComponent(configuration.id)}`
  return outboxMutation(
    queryClient,
    {
      kind: 'configurator.put',
      method: 'PUT',
      path,
      query: { city_id: cityId },
      // the queue stores no headers, so the guest's token travels in the body
      body: { city_id: cityId, components: inputsOf(next), ...(token ? { ownerToken: token } : {}) },
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
export function withComponents(configuration: Configuration, next: ConfigurationComponent[]): Configuration {
  const skus = new Set(next.map((c) => c.sku))
  const messages = configuration.messages.filter((m) => m.parts.every((sku) => skus.has(sku)))
  const incompatible = new Set(messages.filter((m) => m.severity === 'error').flatMap((m) => m.parts))
  return {
    ...configuration,
    components: next,
    messages,
    incompatibleComponents: next.filter((c) => incompatible.has(c.sku)).map((c) => c.code),
    missingComponents: configuration.componentsInfo
      .filter((info) => info.isRequired && !next.some((c) => c.code === info.code))
      .map((info) => info.code),
    totalPrice: next.reduce((sum, c) => sum + c.lineTotal, 0),
    // only the server's answer says the build may go to the cart
    isComplete: false,
    cartBatch: null,
  }
}

/** Puts a part in its kind's slot (replacing what was there) or takes the kind's part out. */
export function withPart(
  components: readonly ConfigurationComponent[],
  code: ComponentCode,
  part: CompatiblePart | null,
  quantity = 1,
): ConfigurationComponent[] {
  const others = components.filter((c) => c.code !== code)
  if (!part) return others
  const { sku, title, uri, brand, images, price, stock, specs } = part
  return [
    ...others,
    {
      code,
      sku,
      quantity,
      title,
      uri,
      brand,
      images,
      price,
      lineTotal: price * quantity,
      stock,
      isAvailable: stock >= quantity,
      specs,
    },
  ]
}

/** The parts as the loan calculator takes goods, for the "from X a month" line. */
export const loanGoodsOf = (components: readonly ConfigurationComponent[]): LoanGood[] =>
  components.map((c) => ({ sku: c.sku, quantity: c.quantity, price: c.price, amount: c.lineTotal }))
