import { describe, expect, it } from 'vitest'
import { ApiError } from '../../data/api-error'
import { authFailure, MESSAGES } from './errors'

const failure = (status: number, code = 'x', details?: unknown) =>
  new ApiError({ status, code, messageKey: 'k', details })

describe('the sign-in error catalogue (spec 8)', () => {
  it('maps sign-in answers: 409 locked, 412 change password, 429 try later, other wrong credentials', () => {
    expect(authFailure('signin', failure(409)).message).toBe(MESSAGES.locked)
    expect(authFailure('signin', failure(412))).toMatchObject({ mustChangePassword: true })
    expect(authFailure('signin', failure(429, 'too_many_requests', { penalty: 12 }))).toEqual({
      message: MESSAGES.tryLater,
      penalty: 12,
    })
    expect(authFailure('signin', failure(401)).message).toBe(MESSAGES.wrongCredentials)
  })

  it('tells which of email and phone is taken on sign-up, and both', () => {
    expect(authFailure('signup', failure(409, 'unique_email')).message).toBe(MESSAGES.emailTaken)
    expect(authFailure('signup', failure(409, 'unique_phone')).message).toBe(MESSAGES.phoneTaken)
    expect(authFailure('signup', failure(409, 'unique_phones')).message).toBe(MESSAGES.bothTaken)
    expect(authFailure('signup', failure(422, 'other')).message).toBe(MESSAGES.duplicate)
    expect(authFailure('signup', failure(400, 'wrong_code')).message).toBe(MESSAGES.wrongSms)
    expect(authFailure('signup', failure(500)).message).toBe(MESSAGES.somethingWentWrong)
  })

  it('maps the code calls: wrong SMS, not registered, locked, and the recovery penalty', () => {
    expect(authFailure('verifyToken', failure(400)).message).toBe(MESSAGES.wrongSms)
    expect(authFailure('verifyToken', failure(404)).message).toBe(MESSAGES.wrongSms)
    expect(authFailure('verifyToken', failure(409)).message).toBe(MESSAGES.creditAuthFailed)
    expect(authFailure('verifyPhone', failure(409)).message).toBe(MESSAGES.locked)
    expect(authFailure('verifyPhone', failure(404, 'user_not_registered')).message).toBe(
      MESSAGES.notRegistered,
    )
    expect(authFailure('recoveryPhone', failure(404)).message).toBe(MESSAGES.notRegistered)
    expect(authFailure('recoveryPhone', failure(412, 'x', { penalty: 5 })).penalty).toBe(5)
    expect(authFailure('recoveryPassword', failure(400, 'validation_failed')).message).toBe(
      MESSAGES.verifyInput,
    )
    expect(authFailure('kind', failure(400)).message).toBe(MESSAGES.verifyInput)
  })

  it('says the network is down when no answer came', () => {
    expect(authFailure('signin', failure(0, 'network')).message).toBe(MESSAGES.offline)
    expect(authFailure('signin', new Error('boom')).message).toBe(MESSAGES.somethingWentWrong)
  })
})
