/**
 * `npm run bench:copy`: time to mirror one leader open to 1,000 and 10,000 followers on PGlite
 * (copies locked and read, positions, ledger transfers, balances and the leader event written, in
 * one transaction), beside the fastest raw bulk write of the same position rows
 * (one INSERT … SELECT FROM unnest of the rows the engine writes) in the same run. Target: within 3× of the raw write.
 */
import { sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '#/exchange/db/client.ts'
import { leaders } from '#/exchange/db/copy-schema.ts'
import { Book } from '#/exchange/copy/book.ts'
import { leaderWallet } from '#/exchange/copy/copy-account.ts'
import { leaderTrade } from '#/exchange/copy/engine.ts'
import { executeLeaderOrder, type LeaderOrder } from '#/exchange/copy/mirror.ts'
import { insertPositions, liveCopiesOf, loadCopies, loadWallets } from '#/exchange/copy/store.ts'
import { defaultRules } from '#/exchange/copy/rules.ts'
import { Money } from '#/exchange/money.ts'
import { noFunding } from '#tests/fixtures/exchange/funding.ts'

const SIZES = (process.env.BENCH_FOLLOWERS ?? '1000,10000').split(',').map(Number)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const at = new Date('2026-01-05T00:00:00.000Z')

async function prepare(followers: number): Promise<{ handle: DatabaseHandle; leaderId: number }> {
  const handle = await openDatabase({ dataDir: 'memory://' })
  const { db } = handle
  await db.execute(sql`
    insert into users (account_type, account, password_hash, nickname, invite_code)
    select 'email', 'u' || i || '@bench.dev', '!', 'u' || i, 'I' || i from generate_series(0, ${followers}) as i`)
  const leaderId = 10_000_001
  await db.insert(leaders).values({
    userId: leaderId,
    biz: 'futures',
    strategy: 'user',
    nickname: 'lead',
    profitShareRate: '0.1',
    maxFollowers: followers,
    minCopyAmount: '10',
    createdAt: at,
  })
  await db.execute(sql`
    insert into balances (user_id, wallet_type, coin, available) values (${leaderId}, 3, 'USDT', 1000000)`)
  // Half the followers copy at a fixed amount, half by ratio, a few with take profit / stop loss.
  await db.execute(sql`
    insert into copies (follower_id, leader_id, status, mode, fixed_amount, ratio, investment, balance, leverage_mode, fixed_leverage, take_profit_ratio, stop_loss_ratio, profit_share_rate, created_at)
    select id, ${leaderId}, 'active', case when id % 2 = 0 then 'fixed' else 'ratio' end, 100 + id % 50, 0.001 * (1 + id % 7), 1000, 1000,
      case when id % 3 = 0 then 'fixed' else 'follow' end, case when id % 3 = 0 then 5 end, case when id % 5 = 0 then 0.5 end, case when id % 5 = 0 then 0.3 end, 0.1, ${at.toISOString()}::timestamptz
    from users where id <> ${leaderId}`)
  return { handle, leaderId }
}

const order = (leaderId: number, round: number): LeaderOrder => ({
  eventId: `bench:${round}`,
  leaderId,
  biz: 'futures',
  pairCode: 'BTC_USDT',
  price: new Money('67250.5'),
  at,
  action: { kind: 'open', side: 1, size: new Money('2'), leverage: 10 },
})

async function mirror(followers: number, round: number): Promise<number> {
  const { handle, leaderId } = await prepare(followers)
  try {
    const start = process.hrtime.bigint()
    const result = await leaderTrade(handle.db, defaultRules(), noFunding, order(leaderId, round))
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    if (result?.copied !== followers) throw new Error(`copied ${result?.copied ?? 0} of ${followers}`)
    return ms
  } finally {
    await handle.close()
  }
}

/**
 * The same position rows the engine writes, computed beforehand; only their bulk INSERT … SELECT FROM unnest is timed.
 */
async function raw(followers: number, round: number): Promise<number> {
  const { handle, leaderId } = await prepare(followers)
  try {
    return await handle.db.transaction(async (tx) => {
      let id = 20_000_000
      const book = new Book(() => (id += 1))
      await loadWallets(tx, book, [leaderWallet(leaderId)])
      const copies = await loadCopies(tx, book, liveCopiesOf(leaderId))
      executeLeaderOrder(book, defaultRules(), order(leaderId, round), { copies, allowedInstruments: [] })
      const rows = [...book.takeChange().positions.values()]
      const start = process.hrtime.bigint()
      await insertPositions(tx, rows)
      return Number(process.hrtime.bigint() - start) / 1e6
    })
  } finally {
    await handle.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

console.log(`\nMirror one leader open (PGlite in memory, median of ${ROUNDS} after a warm-up round, this machine):`)
console.log('followers'.padEnd(12), 'engine ms'.padStart(12), 'raw insert ms'.padStart(15), 'ratio'.padStart(8))
for (const followers of SIZES) {
  const engine: number[] = []
  const baseline: number[] = []
  // One untimed round first: the engine is a long-running process, measured warm (JIT compiled).
  await mirror(followers, -1)
  await raw(followers, -1)
  for (let round = 0; round < ROUNDS; round += 1) {
    engine.push(await mirror(followers, round))
    baseline.push(await raw(followers, round))
  }
  const e = median(engine)
  const r = median(baseline)
  console.log(
    String(followers).padEnd(12),
    e.toFixed(1).padStart(12),
    r.toFixed(1).padStart(15),
    `${(e / r).toFixed(2)}×`.padStart(8),
  )
}
