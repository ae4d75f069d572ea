/** Development page of the analytics receiver: the latest events, as HTML and as JSON (devPages only). */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from 'zod'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsUserIdSchema, trackedEventSchema } from '#/contract/analytics.schemas.ts'
import type { ExchangeContext } from '../context.ts'
import { fieldIssues, invalidInput } from '../http/errors.ts'
import { escapeHtml, htmlPage } from '../http/html.ts'
import { droppedTotal, latestEvents } from './analytics.service.ts'

/**
 * Filters follow the rules of the stored fields: anything else (a NUL, which PostgreSQL refuses) is 400, not a failed
 * query.
 */
const filterSchema = z.object({
  distinctId: trackedEventSchema.shape.distinctId.optional(),
  userId: analyticsUserIdSchema.optional(),
  event: trackedEventSchema.shape.event.optional(),
  limit: z.coerce.number().int().min(1).max(ANALYTICS.maxDevListLimit).catch(ANALYTICS.devPageSize),
})

const COLUMNS = ['Received', 'Event', 'Page', 'Site', 'Source', 'User', 'Device', 'Properties'] as const

export function devAnalyticsRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  app.get('/dev/analytics', async () => {
    const events = await latestEvents(ctx.db, { limit: ANALYTICS.devPageSize })
    const dropped = await droppedTotal(ctx.db)
    const rows = events
      .map((e) => {
        const { page_name: page, siteid, request_source: source, ...rest } = e.properties
        const cells = [e.receivedAt, e.event, page, siteid, source, e.userId ?? '', e.distinctId, JSON.stringify(rest)]
        return `<tr>${cells.map((cell, i) => (i === cells.length - 1 ? `<td><code>${escapeHtml(cell)}</code></td>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`
      })
      .join('\n')
    const body =
      '<h1>Development analytics</h1>' +
      `<p class="muted">The latest ${ANALYTICS.devPageSize} events received. Events the SDK reported dropped: ${dropped}. Only in development.</p>` +
      `<table><thead><tr>${COLUMNS.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${
        rows || `<tr><td colspan="${COLUMNS.length}">No events received yet.</td></tr>`
      }</tbody></table>`
    return htmlPage('Development analytics', body)
  })

  app.get('/dev/analytics.json', async (c) => {
    const parsed = filterSchema.safeParse(c.req.query())
    if (!parsed.success) throw invalidInput(fieldIssues(parsed.error))
    const filter = parsed.data
    return c.json({ events: await latestEvents(ctx.db, filter), dropped: await droppedTotal(ctx.db) })
  })
}
