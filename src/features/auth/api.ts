import type { AuthTokens, KindResponse, PenaltyResponse, UserKind } from '../../../contract/account'
import { ACCOUNT_V1 } from '../../../contract/values/account'
import { api } from '../../data/api'
import { captchaHeaders } from '../../data/captcha'

/**
 * The calls of the sign-in steps (spec 7.8). None of them carries a bearer: they act for whoever is at
 * the keyboard, not for a session this browser may still hold.
 */
const noAuth = { auth: false } as const

export async function lookupKind(phone: string): Promise<UserKind> {
  return (await api.get<KindResponse>(`${ACCOUNT_V1}/profile/kind`, { ...noAuth, query: { phone } })).kind
}

export type CodePurpose = 'signin' | 'signup' | 'recovery'

/** Sends an SMS code; answers the seconds before another may be asked (spec: default 20). */
export async function sendCode(phone: string, purpose: CodePurpose): Promise<number> {
  const headers = await captchaHeaders()
  const answer =
    purpose === 'recovery'
      ? await api.put<PenaltyResponse>(`${ACCOUNT_V1}/auth/recovery/phone`, { phone }, { ...noAuth, headers })
      : await api.post<PenaltyResponse>(
          `${ACCOUNT_V1}/events/verify/phone`,
          { phone, purpose },
          {
            ...noAuth,
            headers,
          },
        )
  return answer.penalty
}

export const signInWithPassword = (phone: string, password: string) =>
  api.post<AuthTokens>(`${ACCOUNT_V1}/auth/signin/phone`, { phone, password }, noAuth)

export const signInWithCode = (phone: string, token: string) =>
  api.put<AuthTokens>(`${ACCOUNT_V1}/events/verify/token`, { phone, token }, noAuth)

export interface SignUpForm {
  firstname: string
  lastname: string
  email: string
  password: string
}

export const signUp = (phone: string, token: string, form: SignUpForm) =>
  api.post<AuthTokens>(
    `${ACCOUNT_V1}/auth/signup`,
    {
      phone,
      token,
      password: form.password,
      firstname: form.firstname.trim(),
      lastname: form.lastname.trim() || undefined,
      email: form.email.trim() || undefined,
    },
    noAuth,
  )

export const setNewPassword = (phone: string, token: string, password: string) =>
  api.put<AuthTokens>(`${ACCOUNT_V1}/auth/recovery/phone/password`, { phone, token, password }, noAuth)
