import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { AUTH_ERROR_CODES, UNIQUE_VIOLATIONS, type UniqueViolation } from '../../../contract/values/account'
import { CLIENT_ERROR_CODES, isApiError } from '../../data/api-error'

/** The call a failure came from: the spec's error catalogue (section 8) answers per call. */
export type AuthCall =
  'kind' | 'signin' | 'signup' | 'verifyPhone' | 'verifyToken' | 'recoveryPhone' | 'recoveryPassword'

export const MESSAGES = {
  locked: msg`Аккаунт заблокирован. Обратитесь в службу поддержки`,
  mustChangePassword: msg`Для входа нужно сменить пароль. Мы отправим код по SMS`,
  tryLater: msg`Слишком много попыток. Попробуйте позже`,
  wrongCredentials: msg`Неверный номер телефона или пароль`,
  duplicate: msg`Проверьте, не зарегистрированы ли уже email или номер телефона`,
  emailTaken: msg`Пользователь с таким email уже существует`,
  phoneTaken: msg`Пользователь с таким номером телефона уже существует`,
  bothTaken: msg`Пользователь с таким номером телефона и email уже существует`,
  somethingWentWrong: msg`Что-то пошло не так. Попробуйте ещё раз`,
  verifyInput: msg`Пожалуйста, проверьте введённые данные`,
  notRegistered: msg`Пользователь с таким номером не зарегистрирован`,
  wrongSms: msg`Неверный код из SMS`,
  creditAuthFailed: msg`Не удалось авторизоваться для кредитной заявки`,
  offline: msg`Нет соединения с интернетом. Проверьте сеть и попробуйте ещё раз`,
  signedIn: msg`Вы успешно вошли`,
} as const

export interface AuthFailure {
  message: MessageDescriptor
  /** Seconds to wait, when the server named a penalty (429). */
  penalty?: number
  /** 412 on sign-in: the password must be changed, so the page moves to the recovery step. */
  mustChangePassword?: boolean
  /** A 409 sign-up conflict: which field to point at. */
  conflict?: UniqueViolation
}

const isUniqueViolation = (code: string): code is UniqueViolation =>
  (UNIQUE_VIOLATIONS as readonly string[]).includes(code)

const penaltyOf = (details: unknown): number | undefined => {
  const penalty = (details as { penalty?: unknown } | undefined)?.penalty
  return typeof penalty === 'number' ? penalty : undefined
}

/** Maps a failed call to the spec's message for that call and status (browsing-and-account 8). */
export function authFailure(call: AuthCall, error: unknown): AuthFailure {
  if (!isApiError(error)) return { message: MESSAGES.somethingWentWrong }
  if (error.status === 0 || error.code === CLIENT_ERROR_CODES.offline) return { message: MESSAGES.offline }
  const { status, code, details } = error
  const penalty = penaltyOf(details)
  if (status === 429) return { message: MESSAGES.tryLater, penalty }
  const wrongCode = code === AUTH_ERROR_CODES.wrongCode || code === AUTH_ERROR_CODES.codeNotFound
  switch (call) {
    case 'kind':
      return { message: status === 400 ? MESSAGES.verifyInput : MESSAGES.somethingWentWrong }
    case 'signin':
      if (status === 409) return { message: MESSAGES.locked }
      if (status === 412) return { message: MESSAGES.mustChangePassword, mustChangePassword: true }
      return { message: MESSAGES.wrongCredentials }
    case 'signup': {
      if (wrongCode) return { message: MESSAGES.wrongSms }
      if (isUniqueViolation(code)) {
        const message = {
          unique_email: MESSAGES.emailTaken,
          unique_phone: MESSAGES.phoneTaken,
          unique_phones: MESSAGES.bothTaken,
        }
        return { message: message[code], conflict: code }
      }
      if (status === 412) return { message: MESSAGES.mustChangePassword, mustChangePassword: true }
      if ([400, 409, 422].includes(status)) return { message: MESSAGES.duplicate }
      return { message: MESSAGES.somethingWentWrong }
    }
    case 'verifyPhone':
      if (status === 409) return { message: MESSAGES.locked }
      if (code === AUTH_ERROR_CODES.notRegistered) return { message: MESSAGES.notRegistered }
      if (code === 'unique_phone') return { message: MESSAGES.phoneTaken, conflict: 'unique_phone' }
      return { message: MESSAGES.somethingWentWrong }
    case 'verifyToken':
      if (status === 400 || status === 404) return { message: MESSAGES.wrongSms }
      if (status === 409) return { message: MESSAGES.creditAuthFailed }
      return { message: MESSAGES.somethingWentWrong }
    case 'recoveryPhone':
      if (status === 412) return { message: MESSAGES.tryLater, penalty }
      if (status === 404) return { message: MESSAGES.notRegistered }
      return { message: MESSAGES.somethingWentWrong }
    case 'recoveryPassword':
      // A 404 is passed on as the server said it: the code (or the user) is not there.
      if (status === 404) return { message: wrongCode ? MESSAGES.wrongSms : MESSAGES.notRegistered }
      if (wrongCode) return { message: MESSAGES.wrongSms }
      return { message: MESSAGES.verifyInput }
  }
}
