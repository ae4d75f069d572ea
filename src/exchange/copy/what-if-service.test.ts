/**
 * What-if over HTTP behind its bounds: a question asked again is not replayed again, and one address cannot take every
 * replay; the last point is now, at the current marks, cached or not.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WHAT_IF } from '#/app.config.ts'
import { apiErrorSchema, whatIfResponseSchema } from '#/contract/index.ts'
import { copies, leaders, positions } from '../db/copy-schema.ts'
import { Exact, Money, toPlain } from '../money.ts'
import type { Side } from './book.ts'
import { markOf } from './marks.ts'
import { q, unrealizedPnl } from './position-math.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { seedWhatIfLeader } from '#tests/fixtures/exchange/copy/what-if-fixtures.ts'
import { deposit, leaderTrade } from './engine.ts'
import type { WhatIfJob } from './what-if-replay.ts'

const START = Date.UTC(2026, 0, 6, 1)
const PER_ADDRESS = WHAT_IF.replaysPerAddress
/** One more than an address may hold: a second address still gets through, a third does not. */
const QUEUED = PER_ADDRESS + 1

let h: Harness
let leaderId = 0
const replayed: WhatIfJob[] = []

/** Replays of these investments wait at a gate until released; the test knows when each has reached it. */
const gates = new Map<
  string,
  { reached: Promise<void>; arrive: () => void; release: () => void; released: Promise<void> }
>()
function gate(investment: string) {
  let arrive: () => void = () => undefined
  let release: () => void = () => undefined
  const reached = new Promise<void>((resolve) => (arrive = resolve))
  const released = new Promise<void>((resolve) => (release = resolve))
  const entry = { reached, arrive, release, released }
  gates.set(investment, entry)
  return entry
}

beforeAll(async () => {
  h = await startHarness({
    start: START,
    whatIf: {
      limits: { queuedReplays: QUEUED },
      wrapRunner: (run) => async (job) => {
        replayed.push(job)
        const held = gates.get(job.investment)
        if (held) {
          held.arrive()
          await held.released
        }
        return run(job)
      },
    },
  })
  leaderId = await seedWhatIfLeader(h, START, 'Bounded')
})
afterAll(() => h.close())

const ask = (investment: string, address: string) =>
  h.api('POST', `/copy/v1/leaders/${leaderId}/what-if`, {
    body: { mode: 'fixed', fixedAmount: '500', investment, period: '7d' },
    headers: { 'x-forwarded-for': address },
  })

describe('what-if behind its cache and bounds', () => {
  it('answers a question asked again from the cache, whoever asks', async () => {
    const first = await ask('2000', '10.1.0.1')
    const before = replayed.length
    const again = await ask('2000', '10.1.0.2')
    expect(first.status, first.text).toBe(200)
    expect(again.status, again.text).toBe(200)
    expect(replayed.length).toBe(before)
    expect(whatIfResponseSchema.parse(again.body).data).toEqual(whatIfResponseSchema.parse(first.body).data)
    expect(whatIfResponseSchema.parse(first.body).data.copied).toBe(1)
    // The service's pool ran it on a worker thread (not the in-process fallback).
    expect(h.context.whatIf.usesWorkers()).toBe(true)
  })

  it(`refuses an address its replay number ${PER_ADDRESS + 1} with 429 and Retry-After while another address is answered`, async () => {
    const held = Array.from({ length: PER_ADDRESS }, (_, i) => gate(`${3000 + i}`))
    const busy = held.map((_, i) => ask(`${3000 + i}`, '10.2.0.1'))
    await Promise.all(held.map((g) => g.reached))

    const refused = await ask('3999', '10.2.0.1')
    expect(refused.status, refused.text).toBe(429)
    expect(refused.headers.get('retry-after')).toBe(String(WHAT_IF.retryAfterSeconds))
    expect(apiErrorSchema.parse(refused.body).reason).toBe('rate-limited')

    // Asking what is already being replayed costs nothing: it waits for that replay, unrefused.
    const joined = ask('3000', '10.2.0.1')
    const other = await ask('4000', '10.2.0.2')
    expect(other.status, other.text).toBe(200)
    expect(whatIfResponseSchema.parse(other.body).data.investment).toBe('4000')

    for (const g of held) g.release()
    expect((await Promise.all([...busy, joined])).map((r) => r.status)).toEqual([...held.map(() => 200), 200])
    expect((await ask('3999', '10.2.0.1')).status).toBe(200)
  })

  it('refuses every address with 429 once the replays in flight fill the queue', async () => {
    const fromFirst = Array.from({ length: PER_ADDRESS }, (_, i) => gate(`${5000 + i}`))
    const fromSecond = gate('5100')
    const busy = [...fromFirst.map((_, i) => ask(`${5000 + i}`, '10.3.0.1')), ask('5100', '10.3.0.2')]
    await Promise.all([...fromFirst, fromSecond].map((g) => g.reached))

    const refused = await ask('5200', '10.3.0.3')
    expect(refused.status, refused.text).toBe(429)
    expect(refused.headers.get('retry-after')).toBe(String(WHAT_IF.retryAfterSeconds))

    for (const g of [...fromFirst, fromSecond]) g.release()
    expect((await Promise.all(busy)).map((r) => r.status)).toEqual(busy.map(() => 200))
    expect((await ask('5200', '10.3.0.3')).status).toBe(200)
  })
})

describe('what-if as of now', () => {
  const MINUTE = 60_000

  it('values the open positions at the current mark on every answer, cached or not, and labels the last point now', async () => {
    const { db, rules, market } = h.context
    const trader = Number((await h.registerUser()).userId)
    await db.insert(leaders).values({
      userId: trader,
      biz: 'futures',
      strategy: 'user',
      nickname: 'Holding',
      profitShareRate: '0.1',
      maxFollowers: 10,
      minCopyAmount: '10',
      createdAt: new Date(START),
    })
    const follower = await h.registerUser()
    await db.transaction(async (tx) => {
      await deposit(tx, trader, 'USDT', new Money(50_000), new Date(START))
      await deposit(tx, Number(follower.userId), 'USDT', new Money(5000), new Date(START))
    })
    // A real copy with the settings the what-if is asked about: its equity at the mark is what the last point must be.
    const settings = { mode: 'fixed', fixedAmount: '500', investment: '2000' }
    const followed = await h.api('POST', '/copy/v1/copies', {
      body: { leaderId: String(trader), ...settings },
      token: follower.token,
    })
    expect(followed.status, followed.text).toBe(200)
    const price = markOf(market, 'ETH_USDT') ?? new Money(3000)
    // Opened in the replayed window (before the hour) and still open.
    await leaderTrade(db, rules, h.context.funding, {
      eventId: 'now:1',
      leaderId: trader,
      biz: 'futures',
      pairCode: 'ETH_USDT',
      price,
      at: new Date(START - 50 * MINUTE),
      action: { kind: 'open', side: 1, size: new Money('4'), leverage: 10 },
    })

    const realEquity = async () => {
      const [copy] = await db
        .select()
        .from(copies)
        .where(eq(copies.followerId, Number(follower.userId)))
      const open = await db
        .select()
        .from(positions)
        .where(and(eq(positions.copyId, copy?.id ?? 0), eq(positions.status, 'open')))
      expect(open).toHaveLength(1)
      let equity: Money = new Exact(copy?.balance ?? '0')
      for (const p of open) {
        const side: Side = p.side === 1 ? 1 : -1
        const position = {
          side,
          size: new Exact(p.size),
          entryPrice: new Exact(p.entryPrice),
        }
        equity = equity.plus(p.margin).plus(unrealizedPnl(position, markOf(market, p.pairCode) ?? position.entryPrice))
      }
      return equity
    }
    const ask = async () => {
      const answer = await h.api('POST', `/copy/v1/leaders/${trader}/what-if`, {
        body: { ...settings, period: '7d' },
        headers: { 'x-forwarded-for': '10.4.0.1' },
      })
      expect(answer.status, answer.text).toBe(200)
      const data = whatIfResponseSchema.parse(answer.body).data
      return { last: data.equity.at(-1), pnl: data.pnl }
    }

    h.advance(20 * MINUTE)
    await h.engine.tick()
    const first = await ask()
    const atFirst = await realEquity()
    expect(first.last).toEqual({ time: START + 20 * MINUTE, equity: toPlain(q(atFirst)) })
    expect(first.pnl).toBe(toPlain(q(atFirst.minus(2000))))

    // The market moves within the same engine hour: the replay is not run again, the valuation is.
    const replays = replayed.length
    h.advance(20 * MINUTE)
    await h.engine.tick()
    const second = await ask()
    const atSecond = await realEquity()
    expect(replayed.length).toBe(replays)
    expect(atSecond.eq(atFirst)).toBe(false)
    expect(second.last).toEqual({ time: START + 40 * MINUTE, equity: toPlain(q(atSecond)) })
    expect(second.pnl).toBe(toPlain(q(atSecond.minus(2000))))
    // Two engine ticks of 20 market minutes each: every book re-quoted and the market flow sent each minute.
  }, 30_000)
})
