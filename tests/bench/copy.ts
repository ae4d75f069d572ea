/**
 * `npm run bench:copy`: a lead order mirrored to 1,000 and 10,000 followers on the books (issue 27, audit M4), on
 * PGlite in memory. The leader's market buy fills at the book, then its followers' one block order: their copies
 * locked and read, sized, the block matched on the book, its fills allocated, and the followers' rows written
 * (positions, ledger transfers, copy balances, skipped copies, the leader event) in the order's one transaction.
 * Timed: the leader's whole placement. Twice: a block the book fills whole, and one it fills 90 % of (every copy's
 * share pro rata, the rest skipped for slippage: the book's next ask is past the limit).
 *
 * Beside it, in the same run: a bare write of the same followers' rows, read back from the engine's run and written
 * again to a fresh database by the store's own bulk statements: all of them (positions, ledger transfers, the copies'
 * balances, skipped copies), the target's baseline, and their positions and skipped rows alone (the baseline the bench
 * had before, when it timed the copy engine's off-book mirror). Target: the engine within 3× the bare write of all the
 * followers' rows at 10,000 followers. It reports, it does not test.
 */
import { eq, isNotNull, like, sql } from 'drizzle-orm'
import { openDatabase, type Database, type DatabaseHandle } from '#/exchange/db/client.ts'
import { copies, leaders, ledgerTransfers, positions, skippedCopies } from '#/exchange/db/copy-schema.ts'
import { Book, emptyChange, type Change } from '#/exchange/copy/book.ts'
import { loadCopies, loadPositions, persistChange } from '#/exchange/copy/store.ts'
import { defaultRules } from '#/exchange/copy/rules.ts'
import { Exact } from '#/exchange/money.ts'
import { createOrderEngine, type OrderEngine } from '#/exchange/trading/order-engine.ts'
import { createTradingBooks } from '#/exchange/trading/books.ts'
import { marketSeedFrom, randomMarketSecret } from '#/exchange/market/market-seed.ts'
import { ensureHouse } from '#/exchange/trading/house.ts'
import { noFunding } from '#tests/fixtures/exchange/funding.ts'

const SIZES = (process.env.BENCH_FOLLOWERS ?? '1000,10000').split(',').map(Number)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const TARGET_RATIO = 3
/** Within the block's limit, more than 10,000 followers ask. */
const WHOLE = '700'
const PAIR = 'BTC_USDT'
const PRICE = '67250.5'
const at = new Date('2026-01-05T00:00:00.000Z')
const PIECE = new Exact(70)
const LEADER_ID = 10_000_001
const SELLER_ID = 10_000_002

interface Prepared {
  handle: DatabaseHandle
  engine: OrderEngine
}

async function prepare(followers: number): Promise<Prepared> {
  const handle = await openDatabase({ dataDir: 'memory://' })
  const { db } = handle
  await db.execute(sql`
    insert into users (account_type, account, password_hash, nickname, invite_code)
    select 'email', 'u' || i || '@bench.dev', '!', 'u' || i, 'I' || i from generate_series(0, ${followers + 1}) as i`)
  await db.insert(leaders).values({
    userId: LEADER_ID,
    biz: 'futures',
    strategy: 'user',
    nickname: 'lead',
    profitShareRate: '0.1',
    maxFollowers: followers,
    minCopyAmount: '10',
    createdAt: at,
  })
  await db.execute(sql`
    insert into balances (user_id, wallet_type, coin, available) values (${LEADER_ID}, 3, 'USDT', 1000000),
      (${SELLER_ID}, 3, 'USDT', 1000000000)`)
  // Half the followers copy at a fixed amount, half by ratio, a third at a fixed 5x, a few with take profit / stop loss.
  await db.execute(sql`
    insert into copies (follower_id, leader_id, status, mode, fixed_amount, ratio, investment, balance, leverage_mode, fixed_leverage, take_profit_ratio, stop_loss_ratio, profit_share_rate, created_at)
    select id, ${LEADER_ID}, 'active', case when id % 2 = 0 then 'fixed' else 'ratio' end, 100 + id % 50, 0.001 * (1 + id % 7), 1000, 1000,
      case when id % 3 = 0 then 'fixed' else 'follow' end, case when id % 3 = 0 then 5 end, case when id % 5 = 0 then 0.5 end, case when id % 5 = 0 then 0.3 end, 0.1, ${at.toISOString()}::timestamptz
    from users where id not in (${LEADER_ID}, ${SELLER_ID})`)
  const market = {
    mark: (pairCode: string) => (pairCode === PAIR ? PRICE : undefined),
    marks: () => new Map([[PAIR, new Exact(PRICE)]]),
  }
  // The house the exchange makes at start (after the followers: it copies nobody).
  await ensureHouse(db, at, (pairCode) => market.mark(pairCode))
  const engine = createOrderEngine({
    db,
    market,
    // The maker quotes around its market's price: given none, it never quotes; the seller's asks are the book.
    books: createTradingBooks({ mark: () => undefined }, () => at, marketSeedFrom(randomMarketSecret())),
    now: () => at,
    rules: defaultRules(),
    // No funding time falls in the bench's fixed instant.
    funding: noFunding,
  })
  await engine.setLeverage(LEADER_ID, { pairCode: PAIR, leverage: 10 })
  await engine.setLeverage(SELLER_ID, { pairCode: PAIR, leverage: 2 })
  return { handle, engine }
}

let orders = 0
const sell = (engine: OrderEngine, price: string, size: string) =>
  engine.place(SELLER_ID, {
    clientOrderId: `ask${++orders}`,
    biz: 'futures',
    pairCode: PAIR,
    side: 'sell',
    type: 'limit',
    price,
    size,
  })

/**
 * One round: the seller's asks (the leader's 2 BTC at the price, `inside` within the block's limit, more past it),
 * then the leader's market buy, timed. Answers the time, the followers' rows it wrote and what the block filled.
 */
async function mirror(followers: number, inside: string) {
  const { handle, engine } = await prepare(followers)
  try {
    await sell(engine, PRICE, '2')
    // No order is worth more than TRADING.maxNotionalUsdt: the level within the limit in pieces of 70 BTC.
    for (let rest = new Exact(inside); rest.gt(0); rest = rest.minus(PIECE))
      await sell(engine, '67300', Exact.min(rest, PIECE).toFixed())
    await sell(engine, '67700', '70')
    const start = process.hrtime.bigint()
    await engine.place(LEADER_ID, {
      clientOrderId: 'lead',
      biz: 'futures',
      pairCode: PAIR,
      side: 'buy',
      type: 'market',
      size: '2',
    })
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    return { ms, written: await followersRows(handle.db) }
  } finally {
    await handle.close()
  }
}

/** What the engine wrote for the followers, read back: their positions, copies, ledger transfers and skipped rows. */
async function followersRows(db: Database): Promise<Change> {
  const change = emptyChange()
  const book = new Book(() => 0)
  for (const position of await loadPositions(db, book, isNotNull(positions.copyId))) {
    change.positions.set(position.id, position)
    change.newPositionIds.add(position.id)
  }
  for (const copy of await loadCopies(db, book, eq(copies.leaderId, LEADER_ID))) {
    change.copies.set(copy.id, copy)
    change.balanceOnly.add(copy.id)
  }
  const transfers = await db.select().from(ledgerTransfers).where(like(ledgerTransfers.debit, 'copy:%'))
  change.transfers.push(...transfers.map((t) => ({ ...t, amount: new Exact(t.amount) })))
  const skipped = await db.select().from(skippedCopies)
  change.skipped.push(
    ...skipped.map((s) => ({ ...s, reason: s.reason === 'depth' ? ('depth' as const) : ('slippage' as const) })),
  )
  return change
}

/**
 * The followers' rows written again to a fresh database by the store's bulk statements (one INSERT … SELECT FROM
 * unnest, or UPDATE … FROM unnest, each), timed: their positions and skipped rows only (the old bench's baseline: its
 * position rows), or all of them (with their ledger transfers, the fee account's delta and the copies' balances).
 */
async function bare(followers: number, written: Change, scope: 'positions' | 'all'): Promise<number> {
  const { handle } = await prepare(followers)
  const change =
    scope === 'all'
      ? written
      : {
          ...emptyChange(),
          positions: written.positions,
          newPositionIds: written.newPositionIds,
          skipped: written.skipped,
        }
  try {
    return await handle.db.transaction(async (tx) => {
      const start = process.hrtime.bigint()
      await persistChange(tx, change, at)
      return Number(process.hrtime.bigint() - start) / 1e6
    })
  } finally {
    await handle.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

console.log(`\nA lead order mirrored as one block order (PGlite in memory, median of ${ROUNDS} after a warm-up round):`)
console.log(
  'followers'.padEnd(10),
  'block'.padEnd(6),
  'copied'.padStart(7),
  'skipped'.padStart(8),
  'engine ms'.padStart(10),
  'positions ms'.padStart(13),
  'ratio'.padStart(7),
  'all rows ms'.padStart(12),
  'ratio'.padStart(7),
)
let worst = 0
for (const followers of SIZES) {
  // The followers' whole ask, from a round the book fills whole: the 90 % round's level within the limit is 90 % of it.
  const warm = await mirror(followers, WHOLE)
  const asked = [...warm.written.positions.values()].reduce((sum, p) => sum.plus(p.size), new Exact(0))
  // One untimed round of the bare writes first: the engine is a long-running process, measured warm (JIT compiled).
  await bare(followers, warm.written, 'all')
  for (const [name, inside] of [
    ['whole', WHOLE],
    ['90 %', asked.times('0.9').toDecimalPlaces(5, Exact.ROUND_DOWN).toFixed()],
  ] as const) {
    const engine: number[] = []
    const positionsOnly: number[] = []
    const all: number[] = []
    let last = warm
    for (let round = 0; round < ROUNDS; round += 1) {
      last = await mirror(followers, inside)
      engine.push(last.ms)
      positionsOnly.push(await bare(followers, last.written, 'positions'))
      all.push(await bare(followers, last.written, 'all'))
    }
    const e = median(engine)
    const p = median(positionsOnly)
    const a = median(all)
    if (followers === Math.max(...SIZES)) worst = Math.max(worst, e / a)
    console.log(
      String(followers).padEnd(10),
      name.padEnd(6),
      String(last.written.positions.size).padStart(7),
      String(last.written.skipped.length).padStart(8),
      e.toFixed(1).padStart(10),
      p.toFixed(1).padStart(13),
      `${(e / p).toFixed(2)}×`.padStart(7),
      a.toFixed(1).padStart(12),
      `${(e / a).toFixed(2)}×`.padStart(7),
    )
  }
}
console.log(
  `\nAt ${Math.max(...SIZES).toLocaleString('en-US')} followers: ${worst.toFixed(2)}× the bare write of all the ` +
    `followers' rows at worst (target ≤ ${TARGET_RATIO}×): ${worst <= TARGET_RATIO ? 'met' : 'not met'}.`,
)
