import { CaptchaResponse } from '../../contract/account'
import { solveCaptcha } from '../../server/test/auth'

const json = { 'content-type': 'application/json' }

/** POSTs JSON and answers the JSON reply, or null when the store refused. */
export async function post<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T | null> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  })
  return res.ok ? ((await res.json()) as T) : null
}

/**
 * A new shopper signed up by SMS through the dev outbox (the bench starts the store with
 * `SMS_OUTBOX_ROUTE=1`); their bearer token, or null when a step was refused.
 */
export async function signUpShopper(baseUrl: string): Promise<string | null> {
  const phone = `77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
  // the captcha is a proof of work (ALTCHA), solved here as the shopper's browser solves it
  const challenge = CaptchaResponse.parse(await (await fetch(`${baseUrl}/account/api/v1/captcha`)).json())
  const sent = await post(
    `${baseUrl}/account/api/v1/events/verify/phone`,
    { phone, purpose: 'signup' },
    { 'x-captcha-token': await solveCaptcha(challenge) },
  )
  if (!sent) return null
  const outbox = (await (await fetch(`${baseUrl}/dev/sms-outbox?phone=${phone}`)).json()) as {
    messages: { text: string }[]
  }
  const token = /\b(\d{5})\b/.exec(outbox.messages[0]?.text ?? '')?.[1]
  if (!token) return null
  const signed = await post<{ access_token: string }>(`${baseUrl}/account/api/v1/auth/signup/fast`, {
    phone,
    token,
  })
  return signed?.access_token ?? null
}
