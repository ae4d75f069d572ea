/**
 * The code inbox: verification codes kept in memory instead of mailed, as a page for people (the
 * registration form links to it) and as JSON for end-to-end tests. Served in development and in a
 * sandbox. Outside development it answers one address at a time: a public sandbox must not list who
 * is registering.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { INBOX_PAGE_SIZE, type DevInbox, type InboxMessage } from '../accounts/mailer.ts'
import { ApiFailure, failureResponse } from '../http/errors.ts'
import { escapeHtml, htmlPage } from '../http/html.ts'
import { ok } from '../http/openapi.ts'

/** Addresses are stored normalised (emails in lower case), so the lookup is too. */
function normaliseAddress(address: string): string {
  return address.includes('@') ? address.trim().toLowerCase() : address.trim()
}

export interface InboxOptions {
  /** Development: every address's codes, newest first. Otherwise only the address asked for. */
  listAll: boolean
}

/** '2026-11-24T12:00:00.000Z' → '2026-11-24 12:00:00 UTC': shorter, and still unambiguous. */
function readableTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')
}

/** The code first: on a phone the table scrolls sideways, and the code is what a reader came for. */
function rows(messages: readonly InboxMessage[], empty: string): string {
  const lines = messages.map(
    (message) =>
      `<tr><td><code>${escapeHtml(message.code)}</code></td><td class="address">${escapeHtml(message.address)}</td>` +
      `<td>${escapeHtml(message.purpose)}</td><td>${escapeHtml(readableTime(message.sentAt))}</td></tr>`,
  )
  return `<div class="scroll"><table><thead><tr><th>Code</th><th>Address</th><th>Purpose</th><th>Sent</th></tr></thead><tbody>${lines.join('\n') || `<tr><td colspan="4">${escapeHtml(empty)}</td></tr>`}</tbody></table></div>`
}

/** A GET form back to this page: the address someone registers with. */
function lookupForm(address: string): string {
  return (
    '<form method="get" action="" class="lookup"><label>Email or mobile number ' +
    `<input name="address" value="${escapeHtml(address)}" autocomplete="off" required></label> <button type="submit">Show codes</button></form>`
  )
}

export function devInboxRoutes(app: OpenAPIHono, inbox: DevInbox, options: InboxOptions) {
  app.get('/dev/inbox', (c) => {
    const asked = c.req.query('address')?.trim() ?? ''
    if (options.listAll && asked === '') {
      const body =
        '<h1>Development inbox</h1><p class="muted">The latest verification codes sent. Only in development.</p>' +
        rows(inbox.messages(undefined, INBOX_PAGE_SIZE), 'No codes sent yet.')
      return htmlPage('Development inbox', body)
    }
    const intro =
      '<h1>Sandbox inbox</h1><p class="muted">This exchange is a sandbox: it keeps verification codes here instead of mailing them. ' +
      'Codes expire after a few minutes; the newest one counts.</p>'
    const found =
      asked === ''
        ? ''
        : rows(
            inbox.messages(normaliseAddress(asked), INBOX_PAGE_SIZE),
            'No code was sent to this address yet. Ask for one on the registration form, then reload this page.',
          )
    return htmlPage('Sandbox inbox', intro + lookupForm(asked) + found, { forms: true })
  })

  // The web app's sandbox inbox page (in the page's language and theme) reads one address's codes here.
  app.get('/dev/inbox/messages', (c) => {
    const address = c.req.query('address')?.trim() ?? ''
    if (address === '') {
      return failureResponse(
        new ApiFailure(400, 'invalid-input', {
          msg: 'address is required',
          fields: [{ path: 'address', issue: 'required' }],
        }),
      )
    }
    return c.json(ok({ messages: inbox.messages(normaliseAddress(address), INBOX_PAGE_SIZE) }))
  })

  app.get('/dev/inbox.json', (c) => {
    const address = c.req.query('address')
    if (address === undefined && !options.listAll) {
      return failureResponse(
        new ApiFailure(400, 'invalid-input', {
          msg: 'address is required',
          fields: [{ path: 'address', issue: 'required' }],
        }),
      )
    }
    const messages = inbox.messages(address === undefined ? undefined : normaliseAddress(address), INBOX_PAGE_SIZE)
    return c.json({ messages })
  })
}
