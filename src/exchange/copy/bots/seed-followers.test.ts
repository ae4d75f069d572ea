/**
 * The simulated followers copy only leaders who take copiers: one whose equity is below the minimum copy amount gets
 * none (the copy API refuses it anyone's too), so no copier and no AUM sit on a trader who cannot trade.
 */
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copies, positions } from '#/exchange/db/copy-schema.ts'
import { users } from '#/exchange/db/schema.ts'
import { marketSeedFrom } from '#/exchange/market/market-seed.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { Book, externalKey } from '../book.ts'
import { leaderWallet } from '../copy-account.ts'
import { acceptingCopiersOf } from '../leader-equity.ts'
import { marksOf } from '../marks.ts'
import { loadWallets, persistChange } from '../store.ts'
import { loadBots } from './seed-leaders.ts'
import { seedSimulatedFollowers } from './seed-followers.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
}, 120_000)

afterAll(async () => {
  await h.close()
})

describe('the simulated followers', () => {
  it('copy no leader whose equity is below the minimum copy amount', async () => {
    const { db, market, now } = h.context
    const bots = await loadBots(db)
    const busy = new Set(
      (
        await db
          .select({ userId: positions.userId })
          .from(positions)
          .where(and(isNull(positions.copyId), eq(positions.status, 'open')))
      ).map((p) => p.userId),
    )
    // A leader with no open position, its wallet emptied: its equity is 0, below the minimum.
    const broke = bots.find((b) => !busy.has(b.leaderId))
    if (!broke) throw new Error('every simulated leader holds a position')
    await db.transaction(async (tx) => {
      const book = new Book(() => {
        throw new Error('no position is opened')
      })
      await loadWallets(tx, book, [leaderWallet(broke.leaderId)])
      book.transfer(
        leaderWallet(broke.leaderId),
        externalKey('USDT'),
        book.balance(leaderWallet(broke.leaderId)),
        'withdrawal',
      )
      await persistChange(tx, book.takeChange(), now())
    })
    const accepting = await acceptingCopiersOf(
      db,
      bots.map((b) => b.leaderId),
      marksOf(market),
    )
    expect(accepting.get(broke.leaderId)).toBe(false)

    // Seeded again from scratch: the first round's followers step aside (they are found by their address).
    await db
      .update(users)
      .set({ account: sql`'old-' || ${users.account}`, inviteCode: sql`'OLD' || ${users.inviteCode}` })
      .where(like(users.account, '%@followers.tandem.dev'))
    await db.delete(copies).where(eq(copies.leaderId, broke.leaderId))
    const seeded = await seedSimulatedFollowers(db, marketSeedFrom('ab'.repeat(16)), bots, now(), marksOf(market))
    expect(seeded).toBeGreaterThan(0)
    const copied = await db
      .select({ leaderId: copies.leaderId })
      .from(copies)
      .where(
        inArray(
          copies.followerId,
          db.select({ id: users.id }).from(users).where(like(users.account, 'follower-%@followers.tandem.dev')),
        ),
      )
    expect(copied.length).toBe(seeded)
    expect(copied.some((c) => c.leaderId === broke.leaderId)).toBe(false)
    // Every leader who takes copiers could still be drawn: the rule singles out the broke one only.
    expect(new Set(copied.map((c) => c.leaderId)).size).toBeGreaterThan(1)
  }, 120_000)
})
