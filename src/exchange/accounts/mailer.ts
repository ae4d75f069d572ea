/**
 * Delivery of verification codes. The exchange talks to a Mailer port; the built-in development
 * mailer logs each code and keeps the latest ones in memory for /dev/inbox and for tests.
 * Production deployments plug in a real email/SMS provider.
 */
import type { AccountType, CodePurpose } from '../../contract/index.ts'
import type { Logger } from '../context.ts'

export interface MailRecipient {
  type: AccountType
  address: string
}

export interface MailMessage {
  subject: string
  text: string
  code: string
  purpose: CodePurpose
}

export interface Mailer {
  send(to: MailRecipient, message: MailMessage): Promise<void>
}

export interface InboxMessage {
  address: string
  code: string
  purpose: CodePurpose
  sentAt: string
}

export interface DevInbox {
  /** Newest first; optionally only one address. */
  messages(address?: string, limit?: number): InboxMessage[]
}

/** Memory stays bounded however many codes are sent. */
const INBOX_CAPACITY = 500
export const INBOX_PAGE_SIZE = 50

export function createDevMailer(logger: Logger, now: () => Date): Mailer & DevInbox {
  const inbox: InboxMessage[] = []
  return {
    send(to, message) {
      inbox.unshift({ address: to.address, code: message.code, purpose: message.purpose, sentAt: now().toISOString() })
      if (inbox.length > INBOX_CAPACITY) inbox.length = INBOX_CAPACITY
      logger.log(`[exchange mailer] ${message.purpose} code for ${to.type} ${to.address}: ${message.code}`)
      return Promise.resolve()
    },
    messages(address, limit = INBOX_PAGE_SIZE) {
      const matching = address === undefined ? inbox : inbox.filter((message) => message.address === address)
      return matching.slice(0, limit)
    },
  }
}
