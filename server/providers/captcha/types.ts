import { AUTH_ERROR_CODES } from '../../../contract/values/account'
import { HttpError } from '../../http/errors'

/**
 * Checks the captcha token the client sends with calls that cost money or invite abuse (SMS sends,
 * spec 7.8). A hosted captcha service plugs in here; the local provider is the default.
 */
export interface CaptchaProvider {
  readonly name: string
  /** Issues a token the client then sends back (the local provider's invisible challenge). */
  issue(): Promise<{ token: string; expiresIn: number }>
  /** True once for a valid, unexpired token; a token never passes twice. */
  verify(token: string | undefined): Promise<boolean>
}

/** 403 unless the token passes: the check every SMS-sending call makes first. */
export async function requireCaptcha(captcha: CaptchaProvider, token: string | undefined): Promise<void> {
  if (!(await captcha.verify(token)))
    throw new HttpError(403, AUTH_ERROR_CODES.captcha, 'errors:captchaFailed')
}
