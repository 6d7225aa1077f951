import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { ProfileUpdate } from '../../../contract/account'
import { ACCOUNT_V1, Profile } from '../../../contract/account'
import type { AddressInput, ReceiverInput } from '../../../contract/account-area'
import {
  ACCOUNT_V2,
  ACTIONER_V1,
  AddCardResponse,
  Address,
  AddressList,
  AutofillResponse,
  BONUS_V1,
  BonusProfile,
  CardsResponse,
  DeleteResponse,
  FLAGS_V1,
  FlagEvaluation,
  GUEST_PROMO_CAMPAIGN,
  MARKETING_V1,
  OMS_V3,
  ORDER_PAGE_SIZE,
  OrderHistory,
  PAYMENT_V1,
  PromoCode,
  PromoCodeList,
  Receiver,
  ReceiverList,
  type OrderStatus,
} from '../../../contract/account-area'
import { api, TIMEOUTS } from '../../data/api'
import { assertOnline } from '../../data/assert-online'
import { PROFILE_KEY } from '../../data/session'

/*
 * The account area's server state (spec 7.7-7.10). Every key starts with a root that sign-out clears
 * (src/data/session.ts USER_QUERY_ROOTS), so one shopper's data never shows to the next.
 */

export const addressesKey = ['account', 'addresses'] as const
export const receiversKey = ['account', 'receivers'] as const
export const cardsKey = ['cards'] as const
export const bonusKey = ['bonus'] as const
export const promoCodesKey = ['promo-codes'] as const
export const ordersKey = ['orders'] as const

export const addressesQuery = () =>
  queryOptions({
    queryKey: addressesKey,
    queryFn: ({ signal }) => api.get(`${ACCOUNT_V2}/addresses`, AddressList, { signal }),
  })

export const receiversQuery = () =>
  queryOptions({
    queryKey: receiversKey,
    queryFn: ({ signal }) => api.get(`${ACCOUNT_V2}/receivers`, ReceiverList, { signal }),
  })

export const cardsQuery = () =>
  queryOptions({
    queryKey: cardsKey,
    queryFn: ({ signal }) => api.get(`${PAYMENT_V1}/cards`, CardsResponse, { signal }),
  })

export const bonusQuery = (tdid: string | undefined) =>
  queryOptions({
    queryKey: [...bonusKey, tdid ?? 'guest'],
    queryFn: ({ signal }) =>
      api.get(`${BONUS_V1}/profiles`, BonusProfile, { signal, query: tdid ? { tdid } : undefined }),
  })

/** Spec 7.9: sent with the `affiliation: web` header; the modal flow only looks at the length. */
export const promoCodesQuery = () =>
  queryOptions({
    queryKey: promoCodesKey,
    queryFn: ({ signal }) => api.get(`${MARKETING_V1}/promoCodes/active`, PromoCodeList, { signal }),
  })

export interface OrderFilters {
  status?: OrderStatus
  dateFrom?: string
  dateTo?: string
}

/** Spec 4, 7.10: pages of 25; the next page is asked for while the total exceeds what is loaded. */
export const ordersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: [...ordersKey, filters],
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      api.get(`${OMS_V3}/orders/history`, OrderHistory, {
        signal,
        query: { ...filters, limit: ORDER_PAGE_SIZE, skip: pageParam },
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.orders.length, 0)
      return loaded < last.count && last.orders.length > 0 ? pages.length : undefined
    },
  })

export const flagQuery = (flagId: number, deviceId: string) =>
  queryOptions({
    queryKey: ['flags', flagId, deviceId],
    queryFn: ({ signal }) =>
      api.post(`${FLAGS_V1}/evaluation`, { entityID: deviceId, flagID: flagId }, FlagEvaluation, { signal }),
    staleTime: 30 * 60_000,
  })

// ── Mutations: each refreshes the lists it changes. ───────────────────────────────────────────────────

export const saveProfile = (body: z.input<typeof ProfileUpdate>) =>
  api.put(`${ACCOUNT_V1}/profile`, body, Profile)

export function applyProfile(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(PROFILE_KEY, profile)
}

export const saveAddress = (input: z.input<typeof AddressInput>, id?: string) =>
  id
    ? api.put(`${ACCOUNT_V2}/addresses/${id}`, input, Address)
    : api.post(`${ACCOUNT_V2}/addresses`, input, Address)
export const deleteAddress = (id: string) => api.delete(`${ACCOUNT_V2}/addresses/${id}`, DeleteResponse)

export const saveReceiver = (input: z.input<typeof ReceiverInput>, id?: string) =>
  id
    ? api.put(`${ACCOUNT_V2}/receivers/${id}`, input, Receiver)
    : api.post(`${ACCOUNT_V2}/receivers`, input, Receiver)
export const deleteReceiver = (id: string) => api.delete(`${ACCOUNT_V2}/receivers/${id}`, DeleteResponse)

/** Spec 9: the BIN lookup may take up to 30 s. */
export const autofillBin = (bin: string) =>
  api.post(`${ACCOUNT_V2}/receivers/autofill`, { bin }, AutofillResponse, { timeoutMs: TIMEOUTS.binAutofill })

export const setDefaultCard = (cardId: string) =>
  api.post(`${PAYMENT_V1}/cards/default`, { card_id: cardId }, CardsResponse)
export const deleteCard = (cardId: string) => api.delete(`${PAYMENT_V1}/cards/${cardId}`, CardsResponse)

/** Spec 7.9: the acquirer's page address; the browser then leaves the store for it. Never offline. */
export function startAddingCard(body: {
  returnUrl: string
  failUrl: string
  language: 'ru' | 'kk'
  customer?: object
}) {
  assertOnline()
  return api.post(`${PAYMENT_V1}/cards`, body, AddCardResponse)
}

export const receivePromoCode = (phone?: string) =>
  api.post(`${MARKETING_V1}/promo-partners/receive`, { code: GUEST_PROMO_CAMPAIGN, phone }, PromoCode)

/** Spec 7.10: an analytics event; losing one is harmless, so failures are swallowed. */
export function sendEvent(actionCode: string, eventType: string, fields: Record<string, unknown> = {}) {
  void api
    .post(
      `${ACTIONER_V1}/events/${actionCode}`,
      { event_type: eventType, affiliation: 'web', created_at: new Date().toISOString(), ...fields },
      z.unknown(),
    )
    .catch(() => undefined)
}
