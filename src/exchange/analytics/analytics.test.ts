/**
 * The analytics receiver: de-duplication by event id, drop reports counted once, refusals with reasons, the development
 * page.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsBatchResponseSchema, type TrackedEvent } from '#/contract/analytics.schemas.ts'
import { apiErrorSchema } from '#/contract/index.ts'
import { createApp } from '../http/app.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { openApiCheck, type OpenApiCheck } from '#tests/fixtures/exchange/openapi-check.ts'

let h: Harness
let doc: OpenApiCheck
beforeAll(async () => {
  h = await startHarness()
  doc = openApiCheck((await h.api('GET', '/openapi.json')).body)
})
afterAll(() => h.close())

const devListSchema = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      userId: z.string().nullable(),
      distinctId: z.string(),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
  dropped: z.number(),
})

function event(overrides: Partial<TrackedEvent> = {}): TrackedEvent {
  return {
    id: randomUUID(),
    event: 'page_view',
    time: Date.now(),
    distinctId: 'device-1',
    properties: {
      page_name: '/copy-trading',
      siteid: 'tandem-Web',
      type: 'page',
      request_source: 'PC',
      utm_source: 'news',
    },
    ...overrides,
  }
}

async function post(body: unknown) {
  const result = await h.api('POST', ANALYTICS.receiverPath, { body })
  doc.assertResponse(ANALYTICS.receiverPath, 'post', result.status, result.body)
  return result
}

describe('POST /open/analytics/batch', () => {
  it('stores new events and skips ids it has, within a batch and across batches', async () => {
    const first = [event(), event({ event: 'login', userId: '42' })]
    const once = analyticsBatchResponseSchema.parse((await post({ sentAt: Date.now(), events: first })).body)
    expect(once.data).toEqual({ received: 2, stored: 2, duplicates: 0, droppedCounted: 0 })
    const again = analyticsBatchResponseSchema.parse(
      (await post({ sentAt: Date.now(), events: [...first, first[0], event()] })).body,
    )
    expect(again.data).toEqual({ received: 4, stored: 1, duplicates: 3, droppedCounted: 0 })
  })

  it('counts a drop report once, however often it is resent', async () => {
    const report = { id: randomUUID(), count: 7 }
    const first = analyticsBatchResponseSchema.parse(
      (await post({ sentAt: Date.now(), events: [], dropped: report })).body,
    )
    const resent = analyticsBatchResponseSchema.parse(
      (await post({ sentAt: Date.now(), events: [event()], dropped: report })).body,
    )
    expect([first.data.droppedCounted, resent.data.droppedCounted]).toEqual([7, 0])
  })

  it.each([
    ['a bad event name', { events: [event({ event: '1st' })] }, 'events.0.event'],
    ['a name over 50 characters', { events: [event({ event: `a${'b'.repeat(50)}` })] }, 'events.0.event'],
    ['a user id over 63 characters', { events: [event({ userId: 'u'.repeat(64) })] }, 'events.0.userId'],
    ['an id that is not a UUID', { events: [event({ id: 'abc' })] }, 'events.0.id'],
    [
      'a duration over a day',
      { events: [event({ properties: { ...event().properties, duration: 86_401 } })] },
      'events.0.properties.duration',
    ],
    ['more than 50 events', { events: Array.from({ length: 51 }, () => event()) }, 'events'],
  ])('refuses %s with 400 and the field', async (_, batch, path) => {
    const result = await post({ sentAt: Date.now(), ...batch })
    expect(result.status).toBe(400)
    const refusal = apiErrorSchema.parse(result.body)
    expect(refusal.reason).toBe('invalid-input')
    expect(JSON.stringify(refusal.data)).toContain(path)
  })

  it('refuses a body over the size limit (413) and one that is not JSON (415)', async () => {
    const big = await h.api('POST', ANALYTICS.receiverPath, {
      raw: JSON.stringify({ pad: 'x'.repeat(ANALYTICS.maxBatchBytes) }),
    })
    expect([big.status, apiErrorSchema.parse(big.body).reason]).toEqual([413, 'payload-too-large'])
    const text = await h.api('POST', ANALYTICS.receiverPath, { raw: '{}', headers: { 'content-type': 'text/plain' } })
    expect(text.status).toBe(415)
  })

  it('takes a minute’s batches from one address, then answers 429 with Retry-After; other addresses go on', async () => {
    const from = (ip: string) =>
      h.api('POST', ANALYTICS.receiverPath, {
        body: { sentAt: Date.now(), events: [event()] },
        headers: { 'x-forwarded-for': ip },
      })
    for (let i = 0; i < ANALYTICS.receiverBatchesPerMinutePerIp; i += 1)
      expect((await from('10.9.9.9')).status).toBe(200)
    const refused = await from('10.9.9.9')
    doc.assertResponse(ANALYTICS.receiverPath, 'post', refused.status, refused.body)
    expect([refused.status, apiErrorSchema.parse(refused.body).reason]).toEqual([429, 'rate-limited'])
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await from('10.9.9.10')).status).toBe(200)
  })
})

describe('/dev/analytics', () => {
  it('lists the latest events as JSON, filtered by device, user or event', async () => {
    const mine = [
      event({ distinctId: 'device-dev', event: 'theme_switch' }),
      event({ distinctId: 'device-dev', userId: '7' }),
    ]
    await post({ sentAt: Date.now(), events: mine })
    const list = devListSchema.parse((await h.api('GET', '/dev/analytics.json?distinctId=device-dev')).body)
    expect(list.events.map((e) => e.id).sort()).toEqual(mine.map((e) => e.id).sort())
    expect(list.dropped).toBeGreaterThanOrEqual(7)
    const byEvent = devListSchema.parse(
      (await h.api('GET', '/dev/analytics.json?distinctId=device-dev&event=theme_switch&limit=nope')).body,
    )
    expect(byEvent.events.map((e) => e.event)).toEqual(['theme_switch'])
  })

  it('escapes everything it shows', async () => {
    await post({
      sentAt: Date.now(),
      events: [
        event({
          properties: { ...event().properties, page_name: '<script>alert(1)</script>', pageid: '"><img src=x>' },
        }),
      ],
    })
    const page = await h.api('GET', '/dev/analytics')
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.text).not.toContain('<script>alert(1)')
    expect(page.text).not.toContain('<img src=x>')
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('does not exist in production', async () => {
    const production = createApp({ ...h.context, devPages: false })
    expect((await production.request('/dev/analytics')).status).toBe(404)
    expect((await production.request('/dev/analytics.json')).status).toBe(404)
  })
})
