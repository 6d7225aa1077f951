/** What the store asks of an SMS gateway: deliver one text to one phone. */
export interface SmsMessage {
  /** 7XXXXXXXXXX. */
  phone: string
  text: string
  /** Why it is sent ('signin', 'signup', 'recovery'): for the outbox and delivery reports. */
  purpose: string
}

export interface SmsProvider {
  readonly name: string
  send(message: SmsMessage): Promise<void>
}
