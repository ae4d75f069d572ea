/**
 * The analytics SDK (its machine with the real fetch actor) against the real receiver of the
 * reference exchange (PGlite in memory). The receiver goes down for a while: refused connections,
 * sends that hang past the timeout, batches stored whose answer is lost. The SDK retries, rests,
 * recovers, and every event within the cap is stored exactly once; over the cap, the oldest are
 * dropped and the receiver is told how many.
 */
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { analyticsBatchResponseSchema, type TrackedEvent } from '../contract/analytics.schemas.ts'
import { analyticsBatchEvents, analyticsDropReports } from '../exchange/db/analytics-schema.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { analyticsMachine } from '../features/analytics/analytics.machine.ts'
import { exchangePathOf } from './exchange-mount.ts'

type Receiver = 'up' | 'refused' | 'hang' | 'lost-answer' | 'unavailable'

let h: Harness
let receiver: Receiver = 'up'
const attempts = { total: 0, whileDown: 0, duplicates: 0 }

async function forward(input: string, init: RequestInit): Promise<Response> {
  const response = await h.exchange.fetch(
    new Request(input, { method: init.method, headers: init.headers, body: init.body }),
  )
  const parsed = analyticsBatchResponseSchema.safeParse(await response.clone().json())
  if (parsed.success) attempts.duplicates += parsed.data.data.duplicates
  return response
}

/** The network between the SDK and the receiver, as the test wants it to be. */
async function network(input: string, init: RequestInit = {}): Promise<Response> {
  attempts.total += 1
  if (receiver !== 'up') attempts.whileDown += 1
  switch (receiver) {
    case 'up':
      return forward(input, init)
    case 'refused':
      throw new TypeError('fetch failed')
    case 'unavailable':
      return Response.json({ code: 503 }, { status: 503 })
    case 'lost-answer':
      await forward(input, init)
      throw new TypeError('network connection lost')
    case 'hang':
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )
  }
}

const SETTINGS = { intervalMs: 120, retryBaseMs: 30, timeoutMs: 150 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function startSdk() {
  const actor = createActor(analyticsMachine, {
    input: { endpoint: 'http://exchange.test/open/analytics/batch', newId: randomUUID, settings: SETTINGS },
  })
  actor.start()
  return actor
}

function event(distinctId: string, n: number): TrackedEvent {
  return {
    id: randomUUID(),
    event: 'page_view',
    time: Date.now(),
    distinctId,
    properties: { page_name: `/page/${n}`, siteid: 'tandem-Web', type: 'page', request_source: 'PC' },
  }
}

async function storedIds(distinctId: string): Promise<string[]> {
  const rows = await h.context.db
    .select({ id: analyticsBatchEvents.id })
    .from(analyticsBatchEvents)
    .where(eq(analyticsBatchEvents.distinctId, distinctId))
  return rows.map((r) => r.id)
}

beforeAll(async () => {
  h = await startHarness()
  vi.stubGlobal('fetch', network)
})
afterAll(async () => {
  vi.unstubAllGlobals()
  await h.close()
})

describe('delivery to the real receiver', () => {
  it('survives an outage: retries, rests, recovers; every event is stored exactly once', async () => {
    const sdk = startSdk()
    const distinctId = `outage-${randomUUID()}`
    const sent: TrackedEvent[] = []
    const phases: Receiver[] = ['up', 'refused', 'hang', 'unavailable', 'lost-answer', 'refused', 'up']
    for (const [i, phase] of phases.entries()) {
      receiver = phase
      for (let n = 0; n < 40; n += 1) {
        const e = event(distinctId, i * 40 + n)
        sent.push(e)
        sdk.send({ type: 'track', event: e })
      }
      await sleep(phase === 'up' ? 100 : 450)
    }
    await vi.waitFor(() => expect(sdk.getSnapshot().context.queue).toEqual([]), { timeout: 15_000, interval: 50 })
    const stored = await storedIds(distinctId)
    expect(stored).toHaveLength(sent.length)
    expect(new Set(stored)).toEqual(new Set(sent.map((e) => e.id)))
    // Sends failed and were retried while the receiver was down; some reached it more than once
    // (lost answers) and were counted once.
    expect(attempts.whileDown).toBeGreaterThan(10)
    expect(attempts.duplicates).toBeGreaterThan(0)
    expect(sdk.getSnapshot().context.dropped).toBe(0)
    sdk.stop()
  }, 30_000)

  it('over the cap: the oldest are dropped, the rest stored once, and the receiver counts the drop once', async () => {
    const sdk = startSdk()
    const distinctId = `cap-${randomUUID()}`
    receiver = 'refused'
    const sent = Array.from({ length: 530 }, (_, n) => event(distinctId, n))
    for (const e of sent) sdk.send({ type: 'track', event: e })
    expect(sdk.getSnapshot().context.queue).toHaveLength(500)
    await sleep(300)
    receiver = 'lost-answer'
    await sleep(200)
    receiver = 'up'
    await vi.waitFor(() => expect(sdk.getSnapshot().context.queue).toEqual([]), { timeout: 15_000, interval: 50 })
    await vi.waitFor(() => expect(sdk.getSnapshot().context.dropReport).toBeUndefined(), {
      timeout: 5_000,
      interval: 50,
    })
    const stored = new Set(await storedIds(distinctId))
    expect(stored).toEqual(new Set(sent.slice(30).map((e) => e.id)))
    const [reports] = await h.context.db
      .select({ total: sql<number>`coalesce(sum(${analyticsDropReports.count}), 0)::int` })
      .from(analyticsDropReports)
    expect(reports?.total).toBe(30)
    sdk.stop()
  }, 30_000)
})

describe('the development page', () => {
  it('is served at the site root outside production only', () => {
    expect(['/dev/analytics', '/dev/analytics.json'].map((path) => exchangePathOf(path, true))).toEqual([
      '/dev/analytics',
      '/dev/analytics.json',
    ])
    expect(exchangePathOf('/dev/analytics', false)).toBeUndefined()
  })
})
