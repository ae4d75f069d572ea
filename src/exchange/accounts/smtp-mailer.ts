/**
 * Verification codes by mail (SMTP_URL=smtp://user:pass@host:port, smtps:// for TLS from the first
 * byte): the Mailer port over nodemailer. One connection per code: codes are few (a global quota
 * caps them) and an idle pool would hold a connection the mail server may drop anyway.
 */
import { createTransport } from 'nodemailer'
import { MAIL } from '#/app.config.ts'
import type { Logger } from '../logger.ts'
import { ApiFailure } from '../http/errors.ts'
import type { Mailer } from './mailer.ts'
import { maskAccount } from './masking.ts'

export interface SmtpMailerOptions {
  url: string
  /** The From header, e.g. 'Tandem <no-reply@tandem.example>'. */
  from: string
  logger: Logger
}

/** nodemailer's errors carry a short code (EAUTH, ECONNECTION, EENVELOPE …); their message may quote the recipient. */
function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code
  return 'error'
}

export function createSmtpMailer({ url, from, logger }: SmtpMailerOptions): Mailer {
  const transport = createTransport({
    url,
    connectionTimeout: MAIL.connectionTimeoutMs,
    greetingTimeout: MAIL.greetingTimeoutMs,
    socketTimeout: MAIL.socketTimeoutMs,
  })
  return {
    async send(to, message) {
      const masked = maskAccount(to.type, to.address)
      // Mail reaches an email address only; a number needs an SMS provider this exchange does not have.
      if (to.type !== 'email') {
        throw new ApiFailure(400, 'invalid-input', {
          msg: 'Codes go by email here: register with an email address',
          fields: [{ path: 'accountType', issue: 'email only' }],
        })
      }
      try {
        await transport.sendMail({ from, to: to.address, subject: message.subject, text: message.text })
      } catch (error) {
        logger.error(`[exchange mailer] could not mail a ${message.purpose} code to ${masked}: ${errorCode(error)}`)
        throw new ApiFailure(503, 'internal', { msg: 'The code could not be sent; try again later' })
      }
      logger.log(`[exchange mailer] ${message.purpose} code mailed to ${masked}`)
    },
  }
}
