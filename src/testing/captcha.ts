import { createChallenge } from 'altcha-lib/v1'

/** The key the page tests' store signs its captcha challenge with. */
export const TEST_CAPTCHA_KEY = 'page-tests-captcha-key-0123456789'

/** A real, easy proof-of-work challenge, as `GET /account/api/v1/captcha` answers it. */
export const TEST_CHALLENGE = {
  ...(await createChallenge({
    hmacKey: TEST_CAPTCHA_KEY,
    maxNumber: 50,
    expires: new Date(Date.now() + 3_600_000),
  })),
  maxnumber: 50,
}
