/**
 * The engine on a real database (PGlite): a user follows a leader, the leader opens and closes,
 * the copy opens and closes with the right PnL, a replayed event changes nothing, profit share
 * settles on Monday, and the ledger in the database balances to the last digit.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { copies, leaders, positions } from '../db/copy-schema.ts'
import { users } from '../db/schema.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { Money } from '../money.ts'
import { deposit, endCopyInDb, fundCopy, LeaderCancelled, leaderTrade, settleProfitShares } from './engine.ts'
import { defaultRules } from './rules.ts'
import { agreedRate } from '#tests/fixtures/exchange/copy/agreed-rate.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'
import { noFunding } from '#tests/fixtures/exchange/funding.ts'

const rules = defaultRules()
const MONDAY = new Date('2026-01-05T00:00:00.000Z')
const at = (hours: number) => new Date(MONDAY.getTime() - 3 * 86_400_000 + hours * 3_600_000)
let handle: DatabaseHandle
let leaderId = 0
let followerId = 0

async function addUser(nickname: string): Promise<number> {
  const [row] = await handle.db
    .insert(users)
    .values({
      accountType: 'email',
      account: `${nickname}@test.dev`,
      passwordHash: '!',
      nickname,
      inviteCode: nickname.toUpperCase(),
    })
    .returning({ id: users.id })
  if (!row) throw new Error('no user')
  return row.id
}

beforeAll(async () => {
  handle = await memoryDatabase()
  leaderId = await addUser('leader')
  followerId = await addUser('follower')
  await handle.db.transaction(async (tx) => {
    await deposit(tx, leaderId, 'USDT', new Money(100_000), at(0))
    await deposit(tx, followerId, 'USDT', new Money(10_000), at(0))
  })
  await handle.db.insert(leaders).values({
    userId: leaderId,
    biz: 'futures',
    strategy: 'user',
    nickname: 'leader',
    profitShareRate: '0.1',
    maxFollowers: 10,
    minCopyAmount: '10',
    createdAt: at(0),
  })
})
afterAll(() => handle.close())

describe('copy engine on the database', () => {
  it('mirrors a leader open and close to a follower, once, and settles profit share on Monday', async () => {
    const [row] = await handle.db
      .insert(copies)
      .values({
        followerId,
        leaderId,
        profitShareRate: agreedRate(leaderId),
        status: 'active',
        mode: 'fixed',
        fixedAmount: '1000',
        investment: '0',
        leverageMode: 'follow',
        createdAt: at(1),
      })
      .returning()
    if (!row) throw new Error('no copy')
    await handle.db.transaction((tx) => fundCopy(tx, row.id, new Money(5000), at(1)))

    const open = {
      eventId: 'L1:open',
      leaderId,
      biz: 'futures' as const,
      pairCode: 'BTC_USDT',
      price: new Money(50_000),
      at: at(2),
      action: { kind: 'open' as const, side: 1 as const, size: new Money(1), leverage: 10 },
    }
    const opened = await leaderTrade(handle.db, rules, noFunding, open)
    expect(opened?.copied).toBe(1)
    expect(await leaderTrade(handle.db, rules, noFunding, open)).toBeNull()
    const [copied] = await handle.db
      .select()
      .from(positions)
      .where(sql`${positions.copyId} = ${row.id}`)
    // 1,000 margin at 10x: 0.2 BTC at 50,000; fee 0.2 × 50,000 × 0.0005 = 5.
    expect({ size: copied?.size, margin: copied?.margin, fees: copied?.fees }).toEqual({
      size: '0.200000000000000000',
      margin: '1000.000000000000000000',
      fees: '5.000000000000000000',
    })

    const positionId = opened?.position.id ?? 0
    await leaderTrade(handle.db, rules, noFunding, {
      ...open,
      eventId: 'L1:close',
      price: new Money(52_500),
      at: at(3),
      action: { kind: 'close', positionId },
    })
    const [closed] = await handle.db
      .select()
      .from(positions)
      .where(sql`${positions.copyId} = ${row.id}`)
    // +2,500 × 0.2 = 500; close fee 0.2 × 52,500 × 0.0005 = 5.25.
    expect({
      status: closed?.status,
      pnl: closed?.realizedPnl,
      fees: closed?.fees,
      reason: closed?.closeReason,
    }).toEqual({ status: 'closed', pnl: '500.000000000000000000', fees: '10.250000000000000000', reason: 'leader' })

    const [record] = await settleProfitShares(handle.db, MONDAY, new Map())
    // Net 500 − 10.25 = 489.75; 10 % → 48.975.
    expect(record?.share.toString()).toBe('48.975')
    expect(await settleProfitShares(handle.db, MONDAY, new Map())).toEqual([])
    expect(await ledgerState(handle.db)).toEqual({ zero: true, mismatched: 0 })

    await endCopyInDb(handle.db, rules, noFunding, {
      copyId: row.id,
      closePositions: true,
      reason: 'cancel',
      marks: new Map(),
      at: at(80),
    })
    const [ended] = await handle.db
      .select()
      .from(copies)
      .where(sql`${copies.id} = ${row.id}`)
    expect({ status: ended?.status, balance: ended?.balance }).toEqual({
      status: 'cancelled',
      balance: '0.000000000000000000',
    })
    expect(await ledgerState(handle.db)).toEqual({ zero: true, mismatched: 0 })
  })

  it('refuses every open of a leader who cancelled the identity', async () => {
    await handle.db
      .update(leaders)
      .set({ status: 'cancelled' })
      .where(sql`${leaders.userId} = ${leaderId}`)
    const order = {
      eventId: 'L2:open',
      leaderId,
      biz: 'futures' as const,
      pairCode: 'ETH_USDT',
      price: new Money(3000),
      at: at(90),
      action: { kind: 'open' as const, side: 1 as const, size: new Money(1), leverage: 5 },
    }
    await expect(leaderTrade(handle.db, rules, noFunding, order)).rejects.toBeInstanceOf(LeaderCancelled)
    expect(
      await handle.db
        .select()
        .from(positions)
        .where(sql`${positions.userId} = ${leaderId} and ${positions.status} = 'open'`),
    ).toEqual([])
  })
})
