/** Editing a copy's take profit or stop loss moves the trigger prices of its open positions at once. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leaders, positions } from '#/exchange/db/copy-schema.ts'
import { Money } from '#/exchange/money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { deposit, leaderTrade } from '../engine.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('copy settings edit', () => {
  it('re-prices take profit and stop loss of the open copied positions', async () => {
    const { db } = h.context
    const now = h.context.now()
    const leaderId = Number((await h.registerUser()).userId)
    const follower = await h.registerUser()
    await db.insert(leaders).values({
      userId: leaderId,
      biz: 'futures',
      strategy: 'user',
      nickname: 'Reprice',
      profitShareRate: '0.1',
      maxFollowers: 10,
      minCopyAmount: '10',
      createdAt: now,
    })
    await db.transaction(async (tx) => {
      await deposit(tx, leaderId, 'USDT', new Money(50_000), now)
      await deposit(tx, Number(follower.userId), 'USDT', new Money(2000), now)
    })
    const follow = await h.api('POST', '/copy/v1/copies', {
      token: follower.token,
      body: {
        leaderId: String(leaderId),
        mode: 'fixed',
        fixedAmount: '100',
        investment: '1000',
        takeProfitRatio: '0.5',
        stopLossRatio: '0.2',
      },
    })
    expect(follow.status, follow.text).toBe(200)
    await leaderTrade(db, h.context.rules, h.context.funding, {
      eventId: 'reprice:1',
      leaderId,
      biz: 'futures',
      pairCode: 'ETH_USDT',
      price: new Money(3000),
      at: now,
      action: { kind: 'open', side: 1, size: new Money(1), leverage: 10 },
    })
    const levels = async () => {
      const [copied] = await db
        .select()
        .from(positions)
        .where(eq(positions.userId, Number(follower.userId)))
      return {
        tp: new Money(copied?.takeProfitPrice ?? '0').toFixed(),
        sl: new Money(copied?.stopLossPrice ?? '0').toFixed(),
      }
    }
    // 100 margin at 10x: 0.3333 ETH; +50 % of the margin at 3000 + 50 / 0.3333, −20 % at 3000 − 20 / 0.3333.
    const size = new Money('0.3333')
    const margin = size.times(3000).div(10)
    const at = (ratio: string) =>
      new Money(3000).plus(new Money(ratio).times(margin).div(size)).toDecimalPlaces(18, Money.ROUND_HALF_UP).toFixed()
    expect(await levels()).toEqual({ tp: at('0.5'), sl: at('-0.2') })
    const edit = await h.api('PUT', `/copy/v1/copies/${leaderId}/settings`, {
      token: follower.token,
      body: { takeProfitRatio: '1', stopLossRatio: '0.1' },
    })
    expect(edit.status, edit.text).toBe(200)
    expect(await levels()).toEqual({ tp: at('1'), sl: at('-0.1') })
  })
})
