import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Profile, ProfileUpdate } from '../../../contract/account'
import type {
  AddCardResponse,
  Address,
  AddressInput,
  AddressList,
  AutofillResponse,
  BonusProfile,
  CardsResponse,
  DeleteResponse,
  FlagEvaluation,
  OrderHistory,
  OrderStatus,
  PromoCode,
  PromoCodeSent,
  PromoCodeList,
  Receiver,
  ReceiverInput,
  ReceiverList,
} from '../../../contract/account-area'
import { ACCOUNT_V1 } from '../../../contract/values/account'
import {
  ACCOUNT_V2,
  ACTIONER_V1,
  BONUS_V1,
  FLAGS_V1,
  GUEST_PROMO_CAMPAIGN,
  MARKETING_V1,
  OMS_V3,
  ORDER_PAGE_SIZE,
  PAYMENT_V1,
} from '../../../contract/values/account-area'
import { api, TIMEOUTS } from '../../data/api'
import { assertOnline } from '../../data/assert-online'
import { captchaHeaders } from '../../data/captcha'
import { PROFILE_KEY } from '../../session/session'

/*
 * The account area's server state (spec 7.7-7.10). Every key starts with a root that sign-out clears
 * (src/data/user-queries.ts USER_QUERY_ROOTS), so one shopper's data never shows to the next.
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
    queryFn: ({ signal }) => api.get<AddressList>(`${ACCOUNT_V2}/addresses`, { signal }),
  })

export const receiversQuery = () =>
  queryOptions({
    queryKey: receiversKey,
    queryFn: ({ signal }) => api.get<ReceiverList>(`${ACCOUNT_V2}/receivers`, { signal }),
  })

export const cardsQuery = () =>
  queryOptions({
    queryKey: cardsKey,
    queryFn: ({ signal }) => api.get<CardsResponse>(`${PAYMENT_V1}/cards`, { signal }),
  })

export const bonusQuery = (tdid: string | undefined) =>
  queryOptions({
    queryKey: [...bonusKey, tdid ?? 'guest'],
    queryFn: ({ signal }) =>
      api.get<BonusProfile>(`${BONUS_V1}/profiles`, { signal, query: tdid ? { tdid } : undefined }),
  })

/** Spec 7.9: sent with the `affiliation: web` header; the modal flow only looks at the length. */
export const promoCodesQuery = () =>
  queryOptions({
    queryKey: promoCodesKey,
    queryFn: ({ signal }) => api.get<PromoCodeList>(`${MARKETING_V1}/promoCodes/active`, { signal }),
  })

export interface OrderFilters {
  status?: OrderStatus
  dateFrom?: string
  dateTo?: string
  /** Orders for an organisation (true) or for the shopper (false); both when absent. */
  isOrganization?: boolean
}

/** Spec 4, 7.10: pages of 25; the next page is asked for while the total exceeds what is loaded. */
export const ordersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: [...ordersKey, filters],
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      api.get<OrderHistory>(`${OMS_V3}/orders/history`, {
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
      api.post<FlagEvaluation>(`${FLAGS_V1}/evaluation`, { entityID: deviceId, flagID: flagId }, { signal }),
    staleTime: 30 * 60_000,
  })

// ── Mutations: each refreshes the lists it changes. ───────────────────────────────────────────────────

export const saveProfile = (body: z.input<typeof ProfileUpdate>) =>
  api.put<Profile>(`${ACCOUNT_V1}/profile`, body)

export function applyProfile(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(PROFILE_KEY, profile)
}

export const saveAddress = (input: z.input<typeof AddressInput>, id?: string) =>
  id
    ? api.put<Address>(`${ACCOUNT_V2}/addresses/${id}`, input)
    : api.post<Address>(`${ACCOUNT_V2}/addresses`, input)
export const deleteAddress = (id: string) => api.delete<DeleteResponse>(`${ACCOUNT_V2}/addresses/${id}`)

export const saveReceiver = (input: z.input<typeof ReceiverInput>, id?: string) =>
  id
    ? api.put<Receiver>(`${ACCOUNT_V2}/receivers/${id}`, input)
    : api.post<Receiver>(`${ACCOUNT_V2}/receivers`, input)
export const deleteReceiver = (id: string) => api.delete<DeleteResponse>(`${ACCOUNT_V2}/receivers/${id}`)

/** Spec 9: the BIN lookup may take up to 30 s. */
export const autofillBin = (bin: string) =>
  api.post<AutofillResponse>(`${ACCOUNT_V2}/receivers/autofill`, { bin }, { timeoutMs: TIMEOUTS.binAutofill })

export const setDefaultCard = (cardId: string) =>
  api.post<CardsResponse>(`${PAYMENT_V1}/cards/default`, { card_id: cardId })
export const deleteCard = (cardId: string) => api.delete<CardsResponse>(`${PAYMENT_V1}/cards/${cardId}`)

/** Spec 7.9: the acquirer's page address; the browser then leaves the store for it. Never offline. */
export function startAddingCard(body: {
  returnUrl: string
  failUrl: string
  language: 'ru' | 'kk'
  customer?: object
}) {
  assertOnline()
  return api.post<AddCardResponse>(`${PAYMENT_V1}/cards`, body)
}

/** The signed-in shopper's code of the welcome campaign, made when there is none. */
export const receivePromoCode = () =>
  api.post<PromoCode>(`${MARKETING_V1}/promo-partners/receive`, { code: GUEST_PROMO_CAMPAIGN })

/** A guest's code goes by SMS to the phone named; the answer says where, never the code. */
export const sendGuestPromoCode = async (phone: string) =>
  api.post<PromoCodeSent>(
    `${MARKETING_V1}/promo-partners/receive`,
    { code: GUEST_PROMO_CAMPAIGN, phone },
    { auth: false, headers: await captchaHeaders() },
  )

/** Spec 7.10: an analytics event; losing one is harmless, so failures are swallowed. */
export function sendEvent(actionCode: string, eventType: string, fields: Record<string, unknown> = {}) {
  void api
    .post(`${ACTIONER_V1}/events/${actionCode}`, {
      event_type: eventType,
      affiliation: 'web',
      created_at: new Date().toISOString(),
      ...fields,
    })
    .catch(() => undefined)
}
