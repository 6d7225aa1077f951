import { atom, useAtom } from 'jotai'
import type { OrderPaymentMethod } from '../../../contract/values/checkout'

/*
 * What the shopper has set up in the checkout: client state in one jotai atom, written to sessionStorage
 * so a reload (or the way back from the sign-in code) keeps it, and a new browser session starts afresh.
 * The step is in the URL; everything the server knows (cart, delivery, sums) is in the query cache.
 */

export const STORAGE_KEY = 'checkout'
const VERSION = 1

export type Buyer = 'individual' | 'organization'
export type ReceiveMethod = 'pickup' | 'courier'
export type CourierKind = 'COURIER_DELIVERY' | 'EXPRESS_DELIVERY' | 'FAST_DELIVERY'

export interface ReceiverFields {
  firstname: string
  lastname: string
  /** The ten digits after +7. */
  phone: string
  email: string
}

export interface OrganizationFields {
  bin: string
  name: string
  address: string
}

export interface AddressFields {
  street: string
  house: string
  apartment: string
  floor: string
}

/** Purchase flow 3, Payment methods: the method, and for a card a saved card or a new one. */
export interface PaymentChoice {
  method: OrderPaymentMethod | null
  savedCardId: string | null
  createCard: boolean
}

/** One attempt to turn this cart into an order: its key is reused while the request is the same. */
export interface Attempt {
  key: string
  fingerprint: string
}

export interface CheckoutForm {
  version: typeof VERSION
  /** The checkout session's id, sent as the calculation's `Uuid` header. */
  session: string
  buyer: Buyer
  receiver: ReceiverFields
  organization: OrganizationFields
  /** Null until the shopper chooses: the default is purchase flow 4's rule. */
  method: ReceiveMethod | null
  courierKind: CourierKind
  servicePointId: number | null
  /** A saved address's id, `new` for the address typed below, null until chosen. */
  addressId: string | null
  address: AddressFields
  date: string | null
  slotCode: string | null
  installationDate: string | null
  payment: PaymentChoice
  attempt: Attempt | null
}

export function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // Old browsers: a version 4 UUID from Math.random, good enough for a session and a request key.
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16)
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16)
  })
}

export function emptyForm(): CheckoutForm {
  return {
    version: VERSION,
    session: newSessionId(),
    buyer: 'individual',
    receiver: { firstname: '', lastname: '', phone: '', email: '' },
    organization: { bin: '', name: '', address: '' },
    method: null,
    courierKind: 'COURIER_DELIVERY',
    servicePointId: null,
    addressId: null,
    address: { street: '', house: '', apartment: '', floor: '' },
    date: null,
    slotCode: null,
    installationDate: null,
    payment: { method: null, savedCardId: null, createCard: false },
    attempt: null,
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const strings = (value: unknown, keys: readonly string[]) =>
  isRecord(value) && keys.every((key) => typeof value[key] === 'string')

/** Stored data outlives the code that wrote it: anything that does not fit starts a new form. */
export function isCheckoutForm(value: unknown): value is CheckoutForm {
  return (
    isRecord(value) &&
    value.version === VERSION &&
    typeof value.session === 'string' &&
    (value.buyer === 'individual' || value.buyer === 'organization') &&
    strings(value.receiver, ['firstname', 'lastname', 'phone', 'email']) &&
    strings(value.organization, ['bin', 'name', 'address']) &&
    strings(value.address, ['street', 'house', 'apartment', 'floor']) &&
    isRecord(value.payment) &&
    typeof value.payment.createCard === 'boolean'
  )
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null // storage switched off: the form lives as long as the page
  }
}

export function readForm(): CheckoutForm {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null')
    return isCheckoutForm(stored) ? stored : emptyForm()
  } catch {
    return emptyForm()
  }
}

function writeForm(form: CheckoutForm | null): void {
  try {
    if (form) storage()?.setItem(STORAGE_KEY, JSON.stringify(form))
    else storage()?.removeItem(STORAGE_KEY)
  } catch {
    // full or switched off: the form still works for this page
  }
}

const baseAtom = atom<CheckoutForm | null>(null)

/** What sessionStorage held when the page started, read once (a new form gets one session id). */
let stored: CheckoutForm | undefined
const storedForm = () => (stored ??= readForm())

/** The form, read from sessionStorage the first time it is used and written back on every change. */
export const checkoutFormAtom = atom(
  (get) => get(baseAtom) ?? storedForm(),
  (get, set, update: CheckoutForm | ((form: CheckoutForm) => CheckoutForm)) => {
    const current = get(baseAtom) ?? storedForm()
    const next = typeof update === 'function' ? update(current) : update
    set(baseAtom, next)
    writeForm(next)
  },
)

/** Forgets the form: the order is placed, the next checkout starts from a new session. */
export const resetCheckoutFormAtom = atom(null, (_get, set) => {
  const next = emptyForm()
  set(baseAtom, next)
  writeForm(null)
})

export function useCheckoutForm() {
  const [form, setForm] = useAtom(checkoutFormAtom)
  const patch = (changes: Partial<CheckoutForm>) => setForm((current) => ({ ...current, ...changes }))
  return { form, setForm, patch }
}
