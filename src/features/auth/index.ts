/*
 * The public face of sign-in (README, "Layers of the browser code"): what the checkout reuses to confirm
 * a guest's phone by SMS code without leaving its page.
 */
export { lookupKind, sendCode, signInWithCode } from './api'
export { authFailure, MESSAGES as AUTH_MESSAGES, type AuthFailure } from './errors'
export { PhoneField } from './phone-field'
export { digitsFromInput, formatPhone, isCompletePhone, nationalDigits, toServerPhone } from './phone-mask'
export { ResendButton } from './resend-button'
export { useCountdown } from './use-countdown'
