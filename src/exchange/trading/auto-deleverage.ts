/**
 * A liquidation's bankrupt rest (issue 27, M1): what its liquidation order could not fill on the book by the bankruptcy
 * price, closed once the fills are settled.
 *
 * The insurance fund pays first, as on Binance: the rest closes at the mark, its loss beyond the margin (and a cross
 * account's wallet) paid by the fund. When the fund cannot pay all of it, it pays for as much of the rest as it can (the
 * most lots whose shortfall it covers) and auto-deleveraging takes the others: they close against the opposite
 * positions of the pair in ADL order (adl-rank.ts), each counterparty closing min(its size, what is left), all at the
 * rest's bankruptcy price (where closing it loses exactly what backs it; on the tick, on the liquidated side, as every
 * trade's price is, and never past its liquidation order's limit), with no fee on either side. A counterparty is
 * passed over when closing there would take it past its own bankruptcy price. Every position takes part, whoever owns
 * it; what no opposite position can take is the house's, at the mark (the market account, the counterparty every
 * position's PnL clears through, receives that much less): the fund never pays more than it holds.
 *
 * Each counterparty's close is an order of its own (purpose `adl`, filled at the bankruptcy price) matched with the
 * liquidation order, so both sides see it among their orders and fills; its close reason is `adl`. A lead trader's
 * close, on either side, is mirrored to their copies like any close; a follower already past its own liquidation price
 * is left to its own liquidation (mirror.ts followingLiquidation), and a counterparty's follower whose close at the
 * bankruptcy price would be past its own is not mirrored (it follows the leader's next close).
 *
 * The money steps: the dry runs that size the fund's part close copies of the position with the same code (closePart)
 * on a scratch book, so the plan and what is written agree to the last decimal.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { INSURANCE, type Book, type PositionState } from '../copy/book.ts'
import { closePart, fundsOf, NO_TRIGGERS, shortfallOf, triggersOf } from '../copy/positions.ts'
import { followingLiquidation, mirrorClose } from '../copy/mirror.ts'
import { deleveragePrice } from '../copy/position-math.ts'
import type { Rules } from '../copy/rules.ts'
import type { Marks } from '../copy/unit-values.ts'
import { linkedTo, loadCopies, loadPositions, loadWallets, persistChange, type Tx } from '../copy/store.ts'
import { copies as copiesTable, leaderEvents, leaders, positions } from '../db/copy-schema.ts'
import { orders } from '../db/trading-schema.ts'
import { Exact, type Money } from '../money.ts'
import { readAdlRanking } from './adl-rank.ts'
import { closingSide, limitOnTick, scratchBook, tighter } from './closing.ts'
import { findInstrument } from '../market/instruments.ts'
import { crossUsers, refreshCross } from './cross-margin.ts'
import type { OrderRow } from './order-store.ts'
import { QUOTE_COIN } from './spot-settlement.ts'
import { dropTpsl } from './tpsl.ts'

const ZERO = new Exact(0)
/** Opposite positions loaded (and locked) at a time while auto-deleveraging looks for enough of them. */
const LOAD_CHUNK = 64

export interface RestInput {
  tx: Tx
  rules: Rules
  marks: Marks
  at: Date
  positionId: number
  mark: Money
  /** The liquidation order whose rest this is: the liquidated side of each auto-deleveraging match. */
  liquidationOrderId: number
  /** Its limit (the bankruptcy price it was placed at, on the tick): no match of it is priced past it. */
  liquidationLimit: Money
}

/** What a bankrupt rest's auto-deleveraging did, for the order engine to record and tell. */
export interface Deleveraged {
  /** Each counterparty's close: its `adl` order (written, not yet filled), its size and price. */
  matches: { order: OrderRow; size: Money; price: Money }[]
  /** Owners of their own positions it closed or reduced: their resting closing orders are brought within them. */
  owners: number[]
  /** Followers whose copies a lead trader's close here was mirrored to. */
  followers: number[]
  /** The take profits and stop losses of the positions it closed, cancelled with them (to be told). */
  dropped: OrderRow[]
}

const insuranceRow = z.object({ rows: z.array(z.object({ balance: z.string() })) })

/** The insurance fund's balance, its row locked for this transaction (the last payment it makes sees it whole). */
async function lockedInsurance(tx: Tx): Promise<Money> {
  const result = await tx.execute(sql`select balance::text from ledger_accounts where key = ${INSURANCE} for update`)
  return new Exact(insuranceRow.parse(result).rows[0]?.balance ?? 0)
}

/** Whether `userId` leads on `biz` (a row in leaders: their closes are leader events, mirrored to their copies). */
async function leads(tx: Tx, userId: number, biz: PositionState['biz']): Promise<boolean> {
  const rows = await tx
    .select({ userId: leaders.userId })
    .from(leaders)
    .where(and(eq(leaders.userId, userId), eq(leaders.biz, biz)))
  return rows.length > 0
}

/**
 * Positions matching `where`, loaded (and locked) into `book`; one it holds already stays as it is there (changed by this
 * operation, not yet written).
 */
async function loadInto(tx: Tx, book: Book, where: SQL | undefined): Promise<PositionState[]> {
  const held = new Map(book.positions)
  return (await loadPositions(tx, book, where)).map((position) => {
    const kept = held.get(position.id)
    if (!kept) return position
    book.loadPosition(kept)
    return kept
  })
}

/**
 * Loads the funds of positions into `book` (those it does not hold already): a cross position's wallet (its closes draw
 * on it), a copied position's copy account.
 */
async function loadFunds(tx: Tx, book: Book, list: readonly PositionState[]): Promise<void> {
  const wallets = list.filter((p) => p.marginMode === 'cross').map(fundsOf)
  await loadWallets(
    tx,
    book,
    [...new Set(wallets)].filter((key) => !book.accounts.has(key)),
  )
  const copyIds = [...new Set(list.flatMap((p) => (p.copyId === null || book.copies.has(p.copyId) ? [] : [p.copyId])))]
  if (copyIds.length > 0) await loadCopies(tx, book, inArray(copiesTable.id, copyIds))
}

/** A close of `size` of a counterparty. */
interface Take {
  position: PositionState
  size: Money
}

/** What the insurance fund holds now, as `book` has it. */
const fundOf = (book: Book): Money => Exact.max(0, book.balance(INSURANCE))

/**
 * Closes a liquidation's bankrupt rest: at the mark as far as the insurance fund pays, the rest auto-deleveraged
 * (see the file's comment). A lead trader's rest is mirrored to their copies.
 */
export async function closeBankruptRest(input: RestInput): Promise<Deleveraged> {
  const { tx, rules, marks, at } = input
  const done: Deleveraged = { matches: [], owners: [], followers: [], dropped: [] }
  const book = scratchBook()
  const [position] = await loadPositions(tx, book, eq(positions.id, input.positionId))
  if (!position || position.status !== 'open') return done
  await loadFunds(tx, book, [position])
  book.accounts.set(INSURANCE, await lockedInsurance(tx))
  const leader = position.copyId === null && (await leads(tx, position.userId, position.biz))
  if (leader) await loadFunds(tx, book, await loadInto(tx, book, linkedTo([position.id])))
  if (shortfallOf(book, position, position.size, input.mark).gt(fundOf(book)))
    await deleverage(input, book, position, leader, done)
  const left = position.size
  const ref = `liq:rest:${position.id}:${at.getTime()}`
  closePart(book, rules, position, left, input.mark, at, 'liquidation', ref, NO_TRIGGERS, {
    liquidation: true,
    insuranceCap: fundOf(book),
  })
  if (left.gt(0) && leader) {
    const close = { eventId: `liq:${position.userId}:rest:${position.id}`, before: left, price: input.mark, at }
    done.followers.push(...(await mirrorLeaderRest(tx, rules, book, position, close, input.mark)))
  }
  await persistChange(tx, book.takeChange(), at, marks)
  // The counterparties' own positions closed here take their take profit and stop loss with them.
  const flat = [...book.positions.values()].filter(
    (p) => p.copyId === null && p.status !== 'open' && done.owners.includes(p.userId),
  )
  done.dropped = await dropTpsl(tx, {
    userIds: flat.map((p) => p.userId),
    biz: position.biz,
    pairCode: position.pairCode,
    except: [],
    at,
  })
  // A cross account's liquidation prices move with every close of it.
  for (const userId of await crossUsers(tx, done.owners)) await refreshCross(tx, rules, userId, marks, at)
  return done
}

/**
 * The part of a rest the insurance fund cannot pay for, auto-deleveraged: the fund keeps the most lots it can pay for at
 * the mark (closed after this, so the position's closes run in the order the reconciliation replays them: its order's
 * fills, then its rest at the mark); the others close against the counterparties in ADL order, each match the
 * liquidated side's close and the counterparty's, at the deleveraging price, no fee. Lead traders on either side are
 * mirrored to their copies once every close is done (a copy of a counterparty may be a counterparty of its own).
 */
async function deleverage(
  input: RestInput,
  book: Book,
  position: PositionState,
  leader: boolean,
  done: Deleveraged,
): Promise<void> {
  const { tx, rules, marks, at, mark } = input
  const rest = position.size
  const lot = rules.instrument(position.pairCode).lotSize
  const price = deleveragingPrice(book, position, input.liquidationLimit)
  const counterparties = await Counterparties.read(tx, rules, marks, book, position, price)
  const paidLots = largest(rest.div(lot).toNumber(), (lots) => {
    const plan = counterparties.plan(rest.minus(lot.times(lots)))
    return dryRun(book, rules, position, plan, price, mark, at).lte(fundOf(book))
  })
  const leading: { position: PositionState; before: Money; orderId: number }[] = []
  for (const take of counterparties.plan(rest.minus(lot.times(paidLots)))) {
    const order = await deleverageOrder(tx, position, take, price, at)
    const ref = `liq:order:${input.liquidationOrderId}:adl:${order.id}`
    const terms = { liquidation: true, feeRate: ZERO, insuranceCap: fundOf(book) }
    closePart(book, rules, position, take.size, price, at, 'liquidation', ref, NO_TRIGGERS, terms)
    const before = take.position.size
    const triggers = triggersOf(book, take.position)
    closePart(book, rules, take.position, take.size, price, at, 'adl', `liq:order:${order.id}:adl`, triggers, {
      feeRate: ZERO,
    })
    done.matches.push({ order, size: take.size, price })
    if (take.position.copyId !== null) continue
    done.owners.push(take.position.userId)
    if (await leads(tx, take.position.userId, take.position.biz))
      leading.push({ position: take.position, before, orderId: order.id })
  }
  for (const { position: counterparty, before, orderId } of leading)
    done.followers.push(...(await mirrorDeleveraged(tx, rules, book, counterparty, before, price, at, orderId)))
  if (leader && position.size.lt(rest)) {
    const eventId = `liq:${position.userId}:order:${input.liquidationOrderId}:adl:close`
    done.followers.push(
      ...(await mirrorLeaderRest(tx, rules, book, position, { eventId, before: rest, price, at }, mark)),
    )
  }
}

/**
 * The price a rest is deleveraged at: where closing it loses exactly what backs it (its margin, and a cross position's
 * wallet), brought onto the tick on the position's side as every trade's price is (a long's up: it never loses more
 * than that), and never past its liquidation order's limit (a cross position's was its share of the account).
 */
function deleveragingPrice(book: Book, position: PositionState, limit: Money): Money {
  const wallet = position.marginMode === 'cross' ? Exact.max(0, book.balance(fundsOf(position))) : ZERO
  const price = deleveragePrice({ ...position, margin: position.margin.plus(wallet) })
  // A rest short of its bankruptcy price at a positive price always has one (its loss is beyond what backs it).
  if (!price) throw new Error(`position ${position.id} has no bankruptcy price`)
  const side = closingSide(position.side)
  const tick = findInstrument(position.pairCode)?.tickSize
  if (!tick) throw new Error(`no instrument ${position.pairCode}`)
  return tighter(side, limitOnTick(side, price, new Exact(tick)), limit)
}

/** The largest n in [0, max] with `fits(n)`, for a `fits` true below some n and false above (0 when none fits). */
function largest(max: number, fits: (n: number) => boolean): number {
  let low = 0
  let high = max
  if (!fits(low)) return 0
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (fits(mid)) low = mid
    else high = mid - 1
  }
  return low
}

/**
 * What the insurance fund would pay if `plan` were deleveraged at `price` and the rest then closed at the mark: the
 * position's closes run on a copy of it and its funds, on a scratch book.
 */
function dryRun(
  book: Book,
  rules: Rules,
  position: PositionState,
  plan: readonly Take[],
  price: Money,
  mark: Money,
  at: Date,
): Money {
  const dry = scratchBook()
  const copy = { ...position }
  dry.loadPosition(copy)
  const funds = fundsOf(position)
  if (position.copyId !== null && !position.unmanaged) {
    const owner = book.copy(position.copyId)
    dry.copies.set(owner.id, { ...owner })
  } else dry.accounts.set(funds, book.balance(funds))
  for (const take of plan)
    closePart(dry, rules, copy, take.size, price, at, 'liquidation', 'dry', NO_TRIGGERS, {
      liquidation: true,
      feeRate: ZERO,
    })
  closePart(dry, rules, copy, copy.size, mark, at, 'liquidation', 'dry', NO_TRIGGERS, { liquidation: true })
  return dry.change.transfers
    .filter((t) => t.debit === INSURANCE && t.kind === 'insurance')
    .reduce((sum, t) => sum.plus(t.amount), ZERO)
}

/**
 * The opposite positions of a liquidated one, in ADL order, loaded (and locked) into its book a chunk at a time as far
 * as needed to take the whole rest; those closing at the bankruptcy price would take past their own are passed over.
 */
class Counterparties {
  private readonly loaded: PositionState[] = []
  private readonly book: Book
  private readonly price: Money

  private constructor(book: Book, price: Money) {
    this.book = book
    this.price = price
  }

  static async read(
    tx: Tx,
    rules: Rules,
    marks: Marks,
    book: Book,
    position: PositionState,
    price: Money,
  ): Promise<Counterparties> {
    const found = new Counterparties(book, price)
    const ranking = await readAdlRanking(tx, rules, position.pairCode, position.side === 1 ? -1 : 1, marks)
    for (let from = 0; from < ranking.length; from += LOAD_CHUNK) {
      const ids = ranking.slice(from, from + LOAD_CHUNK).map((r) => r.row.id)
      const chunk = await loadInto(tx, book, inArray(positions.id, ids))
      await loadFunds(tx, book, chunk)
      const byId = new Map(chunk.map((p) => [p.id, p]))
      for (const id of ids) {
        const loaded = byId.get(id)
        if (loaded && loaded.status === 'open') found.loaded.push(loaded)
      }
      if (found.total(position.size).gte(position.size)) break
    }
    return found
  }

  /** What of `amount` they can take. */
  private total(amount: Money): Money {
    return this.plan(amount).reduce((sum, take) => sum.plus(take.size), ZERO)
  }

  /** Who takes what of `amount`, in ADL order: each min(its size, what is left), none past its own bankruptcy price. */
  plan(amount: Money): Take[] {
    const takes: Take[] = []
    let left = amount
    for (const position of this.loaded) {
      if (left.lte(0)) break
      const size = Exact.min(position.size, left)
      if (shortfallOf(this.book, position, size, this.price).gt(0)) continue
      takes.push({ position, size })
      left = left.minus(size)
    }
    return takes
  }
}

/** A counterparty's `adl` order: it closes `take` of its position against the liquidation, at the bankruptcy price. */
async function deleverageOrder(
  tx: Tx,
  liquidated: PositionState,
  take: Take,
  price: Money,
  at: Date,
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({
      userId: take.position.userId,
      clientOrderId: `adl-${liquidated.id}-${take.position.id}-${at.getTime()}`,
      biz: 'futures',
      pairCode: take.position.pairCode,
      side: closingSide(take.position.side),
      type: 'limit',
      timeInForce: 'IOC',
      price: price.toFixed(),
      size: take.size.toFixed(),
      status: 'new',
      purpose: 'adl',
      positionId: take.position.id,
      feeCoin: QUOTE_COIN,
      frozenCoin: QUOTE_COIN,
      reduceOnly: true,
      leverage: take.position.leverage,
      createdAt: at,
      updatedAt: at,
    })
    .returning()
  if (!row) throw new Error('auto-deleveraging order not inserted')
  return row
}

/**
 * A lead trader's position deleveraged from `before`: their close mirrored to the copies, at the bankruptcy price, as a
 * leader event (`liq:<leader>:order:<adl order>:adl:close`). A copy whose close there would be past its own bankruptcy
 * price is passed over. Answers the followers.
 */
async function mirrorDeleveraged(
  tx: Tx,
  rules: Rules,
  book: Book,
  position: PositionState,
  before: Money,
  price: Money,
  at: Date,
  orderId: number,
): Promise<number[]> {
  const linked = await loadInto(tx, book, linkedTo([position.id]))
  await loadFunds(tx, book, linked)
  const covered = linked.filter(
    (p) => p.status === 'open' && !p.unmanaged && shortfallOf(book, p, p.size, price).isZero(),
  )
  const eventId = `liq:${position.userId}:order:${orderId}:adl:close`
  return recordMirror(tx, rules, book, covered, position, { eventId, before, price, at })
}

/**
 * A liquidated lead trader's rest, or its deleveraged part, mirrored to the copies that are not liquidated on their
 * own (followingLiquidation). Answers the followers.
 */
async function mirrorLeaderRest(
  tx: Tx,
  rules: Rules,
  book: Book,
  position: PositionState,
  close: { eventId: string; before: Money; price: Money; at: Date },
  mark: Money,
): Promise<number[]> {
  return recordMirror(tx, rules, book, followingLiquidation(book, position.id, mark), position, close)
}

/** Mirrors a leader's close from `before` to what is left now, to `followers`, and writes the leader event. */
async function recordMirror(
  tx: Tx,
  rules: Rules,
  book: Book,
  followers: readonly PositionState[],
  position: PositionState,
  close: { eventId: string; before: Money; price: Money; at: Date },
): Promise<number[]> {
  const { eventId, before, price, at } = close
  const copied = mirrorClose(
    book,
    rules,
    { pairCode: position.pairCode, price, at, eventId },
    followers,
    before,
    position.size,
  )
  await tx.insert(leaderEvents).values({
    id: eventId,
    leaderId: position.userId,
    positionId: position.id,
    kind: position.status === 'open' ? 'reduce' : 'close',
    pairCode: position.pairCode,
    price: price.toFixed(),
    size: before.minus(position.size).toFixed(),
    copied,
    skipped: 0,
    createdAt: at,
  })
  return followers.map((p) => p.userId)
}
