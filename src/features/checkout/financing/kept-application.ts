import { BROKER_ID_KEY, BROKER_ID_TTL_MS, clearBrokerId } from '../../../atoms/broker-id'

export { clearBrokerId }

/*
 * The loan broker's application in progress (purchase flow 4, 9: `brokerId`, kept 7200 s), so a reload
 * or the way back from a bank's page resumes it instead of applying again. In localStorage: it is read
 * synchronously on the first render, and it must outlive the tab the bank's page replaced.
 */

export interface BrokerApplication {
  /** The broker's `referenceId`. */
  id: string
  /** The order the application pays. */
  orderId: string
  expiresAt: number
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // storage switched off: the application lives as long as the page
  }
}

const isApplication = (value: unknown): value is BrokerApplication =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BrokerApplication).id === 'string' &&
  typeof (value as BrokerApplication).orderId === 'string' &&
  typeof (value as BrokerApplication).expiresAt === 'number'

export function saveBrokerId(id: string, orderId: string, now = Date.now()): BrokerApplication {
  const application = { id, orderId, expiresAt: now + BROKER_ID_TTL_MS }
  try {
    storage()?.setItem(BROKER_ID_KEY, JSON.stringify(application))
  } catch {
    // full: the application still goes on in this page
  }
  return application
}

/** The application kept for this order, or null when there is none, it is another order's, or it expired. */
export function readBrokerId(orderId?: string, now = Date.now()): BrokerApplication | null {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(BROKER_ID_KEY) ?? 'null')
    if (!isApplication(stored)) return null
    if (stored.expiresAt <= now) {
      clearBrokerId()
      return null
    }
    return orderId === undefined || stored.orderId === orderId ? stored : null
  } catch {
    return null
  }
}
