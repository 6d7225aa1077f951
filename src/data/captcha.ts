import type { CaptchaResponse } from '../../contract/account'
import { ACCOUNT_V1, CAPTCHA_HEADER } from '../../contract/values/account'
import { api } from './api'

/** Calls that send an SMS (sign-in codes, a guest's promo code) need a fresh captcha token each. */
export async function captchaHeaders(): Promise<Record<string, string>> {
  const { token } = await api.get<CaptchaResponse>(`${ACCOUNT_V1}/captcha`, { auth: false })
  return { [CAPTCHA_HEADER]: token }
}
