/**
 * Delivery of verification codes. The exchange talks to a Mailer port:
 *  - a configured one (SMTP_URL: smtp-mailer.ts) mails the code, and nothing else keeps it;
 *  - outside production, the development mailer logs each code and keeps the latest in the inbox;
 *  - in a sandbox (SANDBOX, the default), the sandbox mailer keeps them in the inbox too, where a
 *    newcomer reads theirs, but logs only that a code was sent, to a masked address: a production
 *    log is read by more people than the account's owner.
 * With none of them there is nowhere to send a code, and the exchange does not start.
 */
import type { AccountType, CodePurpose } from '#/contract/index.ts'
import type { Logger } from '../logger.ts'
import { maskAccount } from './masking.ts'

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

/** A mailer that keeps what it sends in memory, and writes one log line per code. */
function createInboxMailer(
  logLine: (to: MailRecipient, message: MailMessage) => string,
  logger: Logger,
  now: () => Date,
): Mailer & DevInbox {
  const inbox: InboxMessage[] = []
  return {
    send(to, message) {
      inbox.unshift({ address: to.address, code: message.code, purpose: message.purpose, sentAt: now().toISOString() })
      if (inbox.length > INBOX_CAPACITY) inbox.length = INBOX_CAPACITY
      logger.log(logLine(to, message))
      return Promise.resolve()
    },
    messages(address, limit = INBOX_PAGE_SIZE) {
      const matching = address === undefined ? inbox : inbox.filter((message) => message.address === address)
      return matching.slice(0, limit)
    },
  }
}

/** Outside production: the code in the log too, where a developer looks first. */
export function createDevMailer(logger: Logger, now: () => Date): Mailer & DevInbox {
  return createInboxMailer(
    (to, message) => `[exchange mailer] ${message.purpose} code for ${to.type} ${to.address}: ${message.code}`,
    logger,
    now,
  )
}

/** A sandbox in production: the code only in the inbox; the log says that one went out, to whom (masked). */
export function createSandboxMailer(logger: Logger, now: () => Date): Mailer & DevInbox {
  return createInboxMailer(
    (to, message) =>
      `[exchange mailer] ${message.purpose} code sent to ${to.type} ${maskAccount(to.type, to.address)} (sandbox: kept in the inbox)`,
    logger,
    now,
  )
}

export interface DeliveryMode {
  /** Outside production: the development mailer, which logs the code. */
  devPages: boolean
  /** The exchange is a simulator: codes wait in the inbox when no mailer is given. */
  sandbox: boolean
}

export class NoMailerError extends Error {
  override name = 'NoMailerError'
}

/**
 * How codes go out: the given mailer (nothing else keeps the code); else, outside production, the
 * development mailer; else, in a sandbox, the sandbox mailer. A code reaches a log only outside production.
 */
export function codeDelivery(
  custom: Mailer | undefined,
  mode: DeliveryMode,
  logger: Logger,
  now: () => Date,
): { mailer: Mailer; inbox: DevInbox | undefined } {
  if (custom) return { mailer: custom, inbox: undefined }
  if (mode.devPages) {
    const dev = createDevMailer(logger, now)
    return { mailer: dev, inbox: dev }
  }
  if (mode.sandbox) {
    const sandbox = createSandboxMailer(logger, now)
    return { mailer: sandbox, inbox: sandbox }
  }
  throw new NoMailerError(
    'No way to deliver verification codes: give the exchange a mailer (SMTP_URL), or run it as a sandbox (SANDBOX=true)',
  )
}
