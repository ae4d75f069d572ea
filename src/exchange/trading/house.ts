/**
 * The house account (issue 27, item 6; audit H1, M1, M4): the market maker's quotes, its sweep and the simulated market
 * flow are one trader's, a system user nobody can sign in to, with real wallets and positions. Every fill of theirs
 * against a user moves the house's own futures position (cross across all pairs at HOUSE.leverage, margined from its
 * futures wallet, paying the maker fee on a resting quote's fill and the taker fee on its sweep and the flow) or its
 * spot wallets (coin and USDT, fees in the coin received), exactly as a user's fill would; a match of its quote with the
 * flow is the house trading with itself, a print that moves nothing. So funding, liquidation and the insurance fund see
 * its positions as any other `positions` rows.
 *
 * The house has fills (fills rows without an order: its quotes live in memory, house-room.ts sizes them) and no orders
 * but the liquidation orders the engine may place for its positions. Its wallets are held non-negative by the database
 * (balances CHECKs) like users'.
 *
 * Created once at start (idempotent, under a lock: two processes starting together make one), its id recorded in
 * `house_accounts`, and funded then from the treasury (`external:<coin>`, kind 'house-funding') by the published
 * amounts of HOUSE.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { HOUSE } from '#/app.config.ts'
import { affordable } from '#/contract/rounding.ts'
import { externalKey, walletKey } from '../copy/book.ts'
import { persistChange, type Tx } from '../copy/store.ts'
import type { Marks } from '../copy/unit-values.ts'
import type { Database } from '../db/client.ts'
import { ledgerTransfers, positions } from '../db/copy-schema.ts'
import { balances, users } from '../db/schema.ts'
import { futuresLeverage, futuresMarginModes, houseAccounts } from '../db/trading-schema.ts'
import { INSTRUMENTS } from '../market/instruments.ts'
import { Exact, type Money } from '../money.ts'
import { scratchBook } from './closing.ts'
import type { HouseHoldings } from './house-room.ts'
import { FUTURES_WALLET } from './position-settlement.ts'
import { QUOTE_COIN, SPOT_WALLET } from './spot-settlement.ts'

const ROLE = 'market-maker'
/** A password hash no password verifies against. */
const LOCKED = '!'
/** An arbitrary constant naming the house's creation among advisory locks. */
const HOUSE_LOCK = 7_261_027
const FUNDING_KIND = 'house-funding'
const ZERO = new Exact(0)

/**
 * The house's account: found, or created and funded (once). `priceOf` prices each coin's starting amount (HOUSE
 * .spotCoinUsdt worth of it); a pair without a price yet takes its instrument's starting price.
 */
export async function ensureHouse(
  db: Database,
  at: Date,
  priceOf: (pairCode: string) => string | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HOUSE_LOCK})`)
    const known = await houseId(tx)
    if (known !== undefined) {
      await chooseSettings(tx, known, at)
      return known
    }
    const [user] = await tx
      .insert(users)
      .values({
        accountType: 'email',
        account: HOUSE.account,
        passwordHash: LOCKED,
        nickname: HOUSE.nickname,
        // Nobody can be invited by the house (an invitation links accounts: trade-group.ts).
        inviteCode: `HOUSE${randomBytes(8).toString('hex').toUpperCase()}`,
        createdAt: at,
      })
      .returning({ id: users.id })
    if (!user) throw new Error('house account not created')
    const userId = user.id
    await tx.insert(houseAccounts).values({ role: ROLE, userId, createdAt: at })
    await chooseSettings(tx, userId, at)
    const book = scratchBook()
    const fund = (walletType: number, coin: string, amount: Money) =>
      book.transfer(externalKey(coin), walletKey(userId, walletType, coin), amount, FUNDING_KIND, 'house:start')
    fund(FUTURES_WALLET, QUOTE_COIN, new Exact(HOUSE.futuresUsdt))
    fund(SPOT_WALLET, QUOTE_COIN, new Exact(HOUSE.spotUsdt))
    for (const instrument of INSTRUMENTS) {
      const price = new Exact(priceOf(instrument.pairCode) ?? instrument.startPrice)
      const lot = new Exact(instrument.lotSize)
      const lots = affordable(new Exact(HOUSE.spotCoinUsdt), [], price.times(lot)).floor()
      fund(SPOT_WALLET, instrument.coin, lots.times(lot))
    }
    await persistChange(tx, book.takeChange(), at)
    return userId
  })
}

/**
 * The house's futures settings, ordinary rows: cross on every pair at the house leverage (a pair listed since it was
 * made gets its rows at the next start).
 */
async function chooseSettings(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx
    .insert(futuresMarginModes)
    .values(INSTRUMENTS.map((i) => ({ userId, pairCode: i.pairCode, mode: 'cross' as const, updatedAt: at })))
    .onConflictDoNothing()
  await tx
    .insert(futuresLeverage)
    .values(
      INSTRUMENTS.flatMap((i) =>
        (['long', 'short'] as const).map((side) => ({
          userId,
          pairCode: i.pairCode,
          side,
          leverage: HOUSE.leverage,
          updatedAt: at,
        })),
      ),
    )
    .onConflictDoNothing()
}

/** The house's user id; undefined before `ensureHouse` made it. */
export async function houseId(db: Pick<Database, 'select'>): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: houseAccounts.userId })
    .from(houseAccounts)
    .where(eq(houseAccounts.role, ROLE))
  return row?.userId
}

/** What the house holds now, as its quotes are sized by (house-room.ts). */
export async function readHouse(db: Tx): Promise<HouseHoldings> {
  const userId = await houseId(db)
  if (userId === undefined) throw new Error('the house account is missing: ensureHouse runs at start')
  const wallets = await db
    .select({ walletType: balances.walletType, coin: balances.coin, available: balances.available })
    .from(balances)
    .where(eq(balances.userId, userId))
  const open = await db
    .select({ pairCode: positions.pairCode, side: positions.side, size: positions.size })
    .from(positions)
    .where(
      and(
        eq(positions.userId, userId),
        eq(positions.status, 'open'),
        eq(positions.biz, 'futures'),
        isNull(positions.copyId),
      ),
    )
  const futures = wallets.find((w) => w.walletType === FUTURES_WALLET && w.coin === QUOTE_COIN)
  return {
    userId,
    margin: new Exact(futures?.available ?? 0),
    positions: new Map(open.map((p) => [p.pairCode, new Exact(p.size).times(p.side)])),
    coins: new Map(
      wallets.filter((w) => w.walletType === SPOT_WALLET).map((w) => [w.coin, new Exact(w.available)] as const),
    ),
  }
}

/** The house's books at the marks: what it holds, what it made, and how. */
export interface HouseStatement {
  userId: number
  /** Futures: the wallet (available and frozen), the open positions' margin and unrealized PnL at the marks. */
  futures: { wallet: Money; margin: Money; unrealizedPnl: Money; equity: Money }
  /** Spot: each coin held and its worth at its mark (USDT at 1; a coin without a mark is worth nothing here). */
  spot: { coins: { coin: string; amount: Money; worth: Money }[]; equity: Money }
  /** Futures and spot equity together. */
  equity: Money
  /** What the treasury funded it with, valued as its holdings are (coins at their marks now). */
  funded: Money
  /** Equity less what it was funded with: everything it made or lost, at the marks. */
  pnl: Money
  /** Of its futures positions, open and closed: realized PnL, fees paid and funding received. */
  realizedPnl: Money
  fees: Money
  funding: Money
}

/** The house's statement at `marks` (pair code → price). */
export async function houseStatement(db: Database, marks: Marks): Promise<HouseStatement> {
  const userId = await houseId(db)
  if (userId === undefined) throw new Error('the house account is missing: ensureHouse runs at start')
  const markOf = (coin: string) =>
    coin === QUOTE_COIN ? new Exact(1) : new Exact(marks.get(`${coin}_${QUOTE_COIN}`) ?? 0)
  const wallets = await db
    .select({
      walletType: balances.walletType,
      coin: balances.coin,
      available: balances.available,
      frozen: balances.frozen,
    })
    .from(balances)
    .where(eq(balances.userId, userId))
  const held = await db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), isNull(positions.copyId), eq(positions.biz, 'futures')))
  const funding = await db
    .select({ credit: ledgerTransfers.credit, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.kind, FUNDING_KIND), sql`${ledgerTransfers.credit} like ${`wallet:${userId}:%`}`))
  const sum = (values: readonly Money[]) => values.reduce<Money>((total, value) => total.plus(value), ZERO)
  const futuresWallet = sum(
    wallets
      .filter((w) => w.walletType === FUTURES_WALLET && w.coin === QUOTE_COIN)
      .map((w) => new Exact(w.available).plus(w.frozen)),
  )
  const open = held.filter((p) => p.status === 'open')
  const margin = sum(open.map((p) => new Exact(p.margin)))
  const unrealizedPnl = sum(
    open.map((p) => {
      const mark = marks.get(p.pairCode)
      return mark === undefined ? ZERO : new Exact(p.size).times(new Exact(mark).minus(p.entryPrice)).times(p.side)
    }),
  )
  const coins = wallets
    .filter((w) => w.walletType === SPOT_WALLET)
    .map((w) => {
      const amount = new Exact(w.available).plus(w.frozen)
      return { coin: w.coin, amount, worth: amount.times(markOf(w.coin)) }
    })
    .sort((a, b) => a.coin.localeCompare(b.coin))
  const futuresEquity = futuresWallet.plus(margin).plus(unrealizedPnl)
  const spotEquity = sum(coins.map((c) => c.worth))
  const equity = futuresEquity.plus(spotEquity)
  const funded = sum(funding.map((t) => new Exact(t.amount).times(markOf(t.credit.split(':')[3] ?? QUOTE_COIN))))
  return {
    userId,
    futures: { wallet: futuresWallet, margin, unrealizedPnl, equity: futuresEquity },
    spot: { coins, equity: spotEquity },
    equity,
    funded,
    pnl: equity.minus(funded),
    realizedPnl: sum(held.map((p) => new Exact(p.realizedPnl))),
    fees: sum(held.map((p) => new Exact(p.fees))),
    funding: sum(held.map((p) => new Exact(p.funding))),
  }
}
