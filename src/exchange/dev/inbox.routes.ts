/** Development inbox: the latest verification codes, for people and end-to-end tests (devPages only). */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { INBOX_PAGE_SIZE, type DevInbox } from '../accounts/mailer.ts'
import { escapeHtml, htmlPage } from '../http/html.ts'

/** Addresses are stored normalised (emails in lower case), so the lookup is too. */
function normaliseAddress(address: string): string {
  return address.includes('@') ? address.trim().toLowerCase() : address.trim()
}

export function devInboxRoutes(app: OpenAPIHono, inbox: DevInbox) {
  app.get('/dev/inbox', () => {
    const rows = inbox
      .messages(undefined, INBOX_PAGE_SIZE)
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.sentAt)}</td><td>${escapeHtml(message.address)}</td>` +
          `<td>${escapeHtml(message.purpose)}</td><td><code>${escapeHtml(message.code)}</code></td></tr>`,
      )
      .join('\n')
    const body =
      '<h1>Development inbox</h1><p class="muted">The latest verification codes sent. Only in development.</p>' +
      `<table><thead><tr><th>Time</th><th>Address</th><th>Purpose</th><th>Code</th></tr></thead><tbody>${rows ||
        '<tr><td colspan="4">No codes sent yet.</td></tr>'}</tbody></table>`
    return htmlPage('Development inbox', body)
  })

  app.get('/dev/inbox.json', (c) => {
    const address = c.req.query('address')
    const messages = inbox.messages(address === undefined ? undefined : normaliseAddress(address), INBOX_PAGE_SIZE)
    return c.json({ messages })
  })
}
