/** A file a message carries. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: Buffer
}

/** What the store asks of a mail service: deliver one message to one address. */
export interface MailMessage {
  to: string
  subject: string
  /** Plain text body. */
  text: string
  /** Why it is sent ('offer'...): for the outbox and delivery reports. */
  purpose: string
  attachments?: MailAttachment[]
}

export interface MailProvider {
  readonly name: string
  send(message: MailMessage): Promise<void>
}
