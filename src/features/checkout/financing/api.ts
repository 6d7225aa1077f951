import { queryOptions } from '@tanstack/react-query'
import type {
  AgreementSigned,
  AgreementSpecification,
  AgreementVerified,
  BrokerBank,
  BrokerOrderCreated,
  CreateBrokerOrderRequest,
  LoanApprovedAccepted,
  PaymentPartners,
  StatementBank,
  StatementUploaded,
} from '../../../../contract/broker'
import {
  AGREE_V1,
  AGREE_V2,
  BROKER_AGREEMENT_CODE,
  BROKER_PAYMENT_TYPE_CODE,
  FILE_V1,
  LOAN_APPROVED_EVENT_PATH,
  PAYMENT_ORDER,
  STATEMENT_FIELD,
} from '../../../../contract/values/broker'
import type { Lang } from '../../../../contract/values/common'
import { api } from '../../../data/api'
import { assertOnline } from '../../../data/assert-online'

/*
 * The loan broker's calls (purchase flow 7, Broker). The shopper's own: the keys start with `orders`,
 * which sign-out clears and the persister never writes. Nothing here is queued offline.
 */

const USER = { user: true } as const

/** While a bank still scores the application its offers are asked again this often. */
export const PARTNERS_REFRESH_MS = 2_000

export const agreementQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['orders', 'broker', 'agreement', BROKER_AGREEMENT_CODE, lang],
    meta: USER,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) =>
      api.get<AgreementSpecification>(`${AGREE_V1}/specifications/${BROKER_AGREEMENT_CODE}`, { signal }),
  })

/** The fourteen partner banks with the products and terms each offers. */
export const banksQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['orders', 'broker', 'banks', lang],
    meta: USER,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => api.get<BrokerBank[]>(`${PAYMENT_ORDER}/partners`, { signal }),
  })

/** The banks a statement may come from; none turns statement use off (purchase flow 5). */
export const statementBanksQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['orders', 'broker', 'statement-banks', lang],
    meta: USER,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => api.get<StatementBank[]>(`${PAYMENT_ORDER}/statement-banks`, { signal }),
  })

/** Sends the SMS code that signs the agreement. */
export function signAgreement(agreements: string[]) {
  assertOnline()
  return api.post<AgreementSigned>(`${AGREE_V1}/agreement/sign`, {
    specification_code: BROKER_AGREEMENT_CODE,
    agreements,
  })
}

export function verifyAgreement(signAgreementId: string, code: string) {
  assertOnline()
  return api.post<AgreementVerified>(`${AGREE_V2}/agreement/verify`, {
    sign_agreement_id: signAgreementId,
    code,
  })
}

export function uploadStatement(file: File) {
  assertOnline()
  const form = new FormData()
  form.append(STATEMENT_FIELD, file, file.name)
  // A 2 MB file on a slow phone network takes longer than a JSON call.
  return api.post<StatementUploaded>(`${FILE_V1}/statement`, form, { timeoutMs: 60_000 })
}

export function applyForFinancing(request: CreateBrokerOrderRequest) {
  assertOnline()
  return api.post<BrokerOrderCreated>(`${PAYMENT_ORDER}/create-order`, request, {
    query: { paymentTypeCode: BROKER_PAYMENT_TYPE_CODE },
  })
}

export const partnersKey = (referenceId: string) => ['orders', 'broker', 'partners', referenceId] as const

export const partnersQuery = (referenceId: string) =>
  queryOptions({
    queryKey: partnersKey(referenceId),
    meta: USER,
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<PaymentPartners>(`${PAYMENT_ORDER}/get-payment-partners`, { signal, query: { referenceId } }),
  })

/** The shopper saw the approval: the broker is told once per application (the server keeps it once). */
export const loanApproved = (referenceId: string, orderId: string) =>
  api.post<LoanApprovedAccepted>(LOAN_APPROVED_EVENT_PATH, { referenceId, orderId })
