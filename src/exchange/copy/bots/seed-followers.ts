/**
 * Simulated followers, so the demo market has copiers from the first minute: locked accounts
 * with USDT deposited through the ledger, each copying one to three simulated leaders with varied
 * settings (fixed amount or ratio, sometimes take profit, stop loss or a copy stop loss). Their
 * copies then mirror the leaders' live trades like anyone's. Seeded once, deterministically. A leader whose equity is
 * below the minimum copy amount gets none, as the copy API refuses them anyone's.
 */
import { eq, inArray } from 'drizzle-orm'
import { COPY } from '#/app.config.ts'
import type { Database } from '#/exchange/db/client.ts'
import { copies, leaders } from '#/exchange/db/copy-schema.ts'
import { users } from '#/exchange/db/schema.ts'
import type { MarketSeed } from '#/exchange/market/market-seed.ts'
import { Exact, Money } from '#/exchange/money.ts'
import { Book, externalKey } from '../book.ts'
import { acceptingCopiersOf } from '../leader-equity.ts'
import { changeInvestment, followerWallet } from '../copy-account.ts'
import { loadCopies, persistChange } from '../store.ts'
import type { Bot } from './bot-order.ts'

const DOMAIN = 'followers.tandem.dev'
const LOCKED = '!'
const NAMES = [
  'Ava',
  'Bao',
  'Chen',
  'Dara',
  'Emre',
  'Femi',
  'Gus',
  'Hana',
  'Ines',
  'Jae',
  'Kofi',
  'Lena',
  'Mateo',
  'Nia',
  'Oleg',
  'Priya',
  'Quan',
  'Rosa',
  'Sami',
  'Taro',
  'Uma',
  'Vik',
  'Wen',
  'Yara',
  'Zoe',
]

/** Creates the simulated followers and their copies, once: their choices are drawn from the market's secret seed. */
export async function seedSimulatedFollowers(
  db: Database,
  seed: MarketSeed,
  bots: readonly Bot[],
  at: Date,
  marks: ReadonlyMap<string, Money>,
): Promise<number> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, `follower-0@${DOMAIN}`))
  if (existing || bots.length === 0) return 0
  const random = seed.random('followers', 0)
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random.next() * list.length)]
    if (item === undefined) throw new Error('nothing to pick from')
    return item
  }
  const between = (low: number, high: number) => Math.round(low + random.next() * (high - low))
  const terms = new Map(
    (
      await db
        .select({
          id: leaders.userId,
          max: leaders.maxFollowers,
          min: leaders.minCopyAmount,
          rate: leaders.profitShareRate,
        })
        .from(leaders)
    ).map((l) => [l.id, l]),
  )
  const taken = new Map<number, number>()
  const accepting = await acceptingCopiersOf(
    db,
    bots.map((b) => b.leaderId),
    marks,
  )

  return db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        Array.from({ length: COPY.simulatedFollowers }, (_, i) => ({
          accountType: 'email' as const,
          account: `follower-${i}@${DOMAIN}`,
          passwordHash: LOCKED,
          nickname: `${pick(NAMES)}${between(10, 9999)}`,
          inviteCode: `FOLLOW${i}`,
          createdAt: at,
        })),
      )
      .returning({ id: users.id })
    const rows: (typeof copies.$inferInsert)[] = []
    const funds = new Map<number, Money>()
    for (const { id } of created) {
      const wallet = new Money(between(5, 200) * 100)
      funds.set(id, wallet)
      let left = wallet
      const chosen = new Set<number>()
      for (let n = between(1, 3); n > 0; n -= 1) {
        const bot = pick(bots)
        const leader = terms.get(bot.leaderId)
        if (
          !leader ||
          accepting.get(bot.leaderId) !== true ||
          chosen.has(bot.leaderId) ||
          (taken.get(bot.leaderId) ?? 0) >= leader.max
        )
          continue
        chosen.add(bot.leaderId)
        taken.set(bot.leaderId, (taken.get(bot.leaderId) ?? 0) + 1)
        const ratio = bot.biz === 'futures' && random.next() < 0.4
        const investment = Money.max(new Money(leader.min), wallet.times(between(10, 30)).div(100).floor())
        if (investment.gt(left)) continue
        left = left.minus(investment)
        const mode = ratio ? 'ratio' : 'fixed'
        const fixedAmount = ratio ? null : String(between(2, 40) * 10)
        const ratioValue = ratio ? (between(5, 100) / 100).toFixed(2) : null
        // Drawn in the order they always were, so the same seed still gives the same followers.
        const leverageMode = random.next() < 0.7 ? 'follow' : 'fixed'
        const leverage = between(2, 10)
        rows.push({
          followerId: id,
          leaderId: bot.leaderId,
          status: 'active',
          mode,
          fixedAmount,
          ratio: ratioValue,
          investment: investment.toFixed(),
          leverageMode,
          fixedLeverage: leverageMode === 'fixed' ? leverage : null,
          takeProfitRatio: random.next() < 0.3 ? (between(20, 150) / 100).toFixed(2) : null,
          stopLossRatio: random.next() < 0.3 ? (between(10, 60) / 100).toFixed(2) : null,
          copyStopLossRatio: random.next() < 0.2 ? (between(20, 50) / 100).toFixed(2) : null,
          profitShareRate: leader.rate,
          createdAt: at,
        })
      }
    }
    // Rows first (ids), then the money: deposits and each copy's investment in one change.
    const inserted = await tx
      .insert(copies)
      .values(rows.map((r) => ({ ...r, investment: '0' })))
      .returning({ id: copies.id })
    const book = new Book(() => {
      throw new Error('seeding opens no position')
    })
    for (const [id, amount] of funds)
      book.transfer(externalKey('USDT'), followerWallet({ followerId: id }), new Exact(amount), 'deposit')
    const loaded = new Map(
      (
        await loadCopies(
          tx,
          book,
          inArray(
            copies.id,
            inserted.map((c) => c.id),
          ),
        )
      ).map((c) => [c.id, c]),
    )
    inserted.forEach(({ id }, index) => {
      const copy = loaded.get(id)
      const investment = rows[index]?.investment
      if (copy && investment) changeInvestment(book, copy, new Exact(investment), `follow:${id}`)
    })
    await persistChange(tx, book.takeChange(), at)
    return rows.length
  })
}
