/**
 * The order book of one pair of one market (issue 18, item 1 and part of item 2): resting limit orders in price-time
 * priority and the matching of incoming orders against them, in memory. Balances, fees, tick and lot checks and
 * persistence belong to the callers; the book keeps orders and says what traded.
 */
import { exact, Exact, toPlain, type Money } from '#/contract/money.ts'

export type Side = 'buy' | 'sell'
export type OrderType = 'limit' | 'market'
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'

export interface OrderInput {
  id: string
  ownerId: string
  side: Side
  type: OrderType
  /** Limit orders: GTC when absent. A market order behaves as IOC, so it takes none or 'IOC'. */
  timeInForce?: TimeInForce
  /** Limit orders only. */
  price?: Money
  /** The base amount. Limit orders and market sells need it; a market buy has this or `quoteSize`. */
  size?: Money
  /** Market buys only: spend at most this much quote. */
  quoteSize?: Money
  /**
   * Market orders: the worst price they may trade at (price protection); the rest is cancelled there, as a limit
   * order's would be. None: the whole other side.
   */
  protection?: Money
  /**
   * Owners linked to `ownerId` (its trade group: sub-accounts of one master, inviter and invitee): self-trade
   * prevention treats their resting orders as the owner's own. Only the incoming order needs it, the resting one's owner
   * is looked up in it.
   */
  tradeGroup?: ReadonlySet<string>
}

export interface Fill {
  makerOrderId: string
  makerOwnerId: string
  takerOrderId: string
  takerOwnerId: string
  /** The maker's price: a taker that crosses further gets the better resting price. */
  price: Money
  size: Money
  /** price × size, exactly. */
  quote: Money
  makerSide: Side
}

export interface RestingOrder {
  id: string
  ownerId: string
  side: Side
  price: Money
  /** The order's whole size, filled part included. */
  size: Money
  filled: Money
  remaining: Money
  /** Time priority within its price level: lower fills first. */
  seq: number
}

export type PlaceStatus = 'filled' | 'partially-filled-resting' | 'resting' | 'partially-filled-cancelled' | 'cancelled'
export type PlaceRefusal =
  'post-only-would-take' | 'fok-not-filled' | 'no-liquidity' | 'invalid-order' | 'duplicate-order-id'

export interface Placed {
  ok: true
  fills: Fill[]
  resting: RestingOrder | null
  /**
   * What is left of the order, resting or cancelled: base, or for a `quoteSize` market buy the quote not spent.
   * A quoteSize buy whose leftover buys less than one lot counts as filled with that leftover here.
   */
  remaining: Money
  status: PlaceStatus
  /**
   * Why matching stopped before the order filled whole: the other side ran out ('exhausted'), the next price was past
   * its limit ('limit'), its own resting order came next ('self-trade', the taker expires), or a budget buys less than
   * a lot ('budget'); undefined when it filled. Its trade group's orders stop it as its own do ('self-trade').
   */
  stop: Exclude<Stop, 'done'> | undefined
  /** With stop 'self-trade': the owner of the resting order it met (its own owner, or one of its trade group). */
  selfTradeOwnerId: string | undefined
}
export type PlaceResult = Placed | { ok: false; reason: PlaceRefusal }

export interface Amendment {
  price?: Money
  /** The new whole size, filled part included. */
  size?: Money
}
export type AmendRefusal = 'not-found' | 'invalid-order' | 'amend-would-take'
export type AmendResult = { ok: true; order: RestingOrder } | { ok: false; reason: AmendRefusal }

export interface Quote {
  side: Side
  price: Money
  size: Money
}

export interface Depth {
  /** [price, size] per level, best first, plain decimal strings. */
  bids: [string, string][]
  asks: [string, string][]
  sequence: number
}

export interface OrderBookOptions {
  pairCode: string
  /** The base lot: a `quoteSize` market buy converts its budget to whole lots. */
  lotSize: Money
}

/** An order on the book: a node of its price level's FIFO queue (its remainder is size − filled). */
interface Node extends Omit<RestingOrder, 'remaining'> {
  level: Level
  prev: Node | null
  next: Node | null
}

interface Level {
  price: Money
  key: string
  /** Sum of the remainders of its orders, kept so depth need not walk the queue. */
  total: Money
  head: Node | null
  tail: Node | null
}

/** An order once checked: every amount an Exact, the market/limit and size/budget choices made explicit. */
interface Taker {
  id: string
  ownerId: string
  /** Owners it must not trade with besides its own (OrderInput.tradeGroup). */
  group: ReadonlySet<string>
  side: Side
  /** null for a market order: no price limit. */
  limit: Money | null
  timeInForce: TimeInForce
  /** Exactly one of size (base) and budget (quote) is set. */
  size: Money | null
  budget: Money | null
}

export type Stop = 'done' | 'exhausted' | 'limit' | 'self-trade' | 'budget'

const stopOf = (stop: Stop): Exclude<Stop, 'done'> | undefined => (stop === 'done' ? undefined : stop)

const other = (side: Side): Side => (side === 'buy' ? 'sell' : 'buy')

/** Whether a buy (sell) limited at `limit` may trade against a resting price. */
const reaches = (side: Side, limit: Money, price: Money): boolean =>
  side === 'buy' ? price.lte(limit) : price.gte(limit)

const ZERO: Money = new Exact(0)

const NO_GROUP: ReadonlySet<string> = new Set()

/** Whether self-trade prevention stops `taker` at a resting order of `ownerId`. */
const isOwnSide = (taker: Taker, ownerId: string): boolean => ownerId === taker.ownerId || taker.group.has(ownerId)

const min = (a: Money, b: Money): Money => (a.lte(b) ? a : b)

/** Throws: a non-positive amount is a caller's bug, not a trader's mistake the API layer failed to catch. */
function positive(value: Money, what: string): Money {
  const amount = exact(value)
  if (!amount.isFinite() || !amount.gt(0)) throw new RangeError(`${what} must be positive, got ${value.toString()}`)
  return amount
}

function snapshot(node: Node): RestingOrder {
  return {
    id: node.id,
    ownerId: node.ownerId,
    side: node.side,
    price: node.price,
    size: node.size,
    filled: node.filled,
    remaining: node.size.minus(node.filled),
    seq: node.seq,
  }
}

/** The shape checks; null is 'invalid-order'. Amounts that are there must be positive (else it throws). */
function parseOrder(order: OrderInput): Taker | null {
  if (order.id === '' || order.ownerId === '') return null
  if (order.side !== 'buy' && order.side !== 'sell') return null
  const base = { id: order.id, ownerId: order.ownerId, group: order.tradeGroup ?? NO_GROUP, side: order.side }
  if (order.type === 'limit') {
    if (order.price === undefined || order.size === undefined || order.quoteSize !== undefined) return null
    const timeInForce = order.timeInForce ?? 'GTC'
    if (!['GTC', 'IOC', 'FOK', 'POST_ONLY'].includes(timeInForce)) return null
    return {
      ...base,
      limit: positive(order.price, 'price'),
      timeInForce,
      size: positive(order.size, 'size'),
      budget: null,
    }
  }
  if (order.type !== 'market') return null
  // A market order cannot rest, so asking for GTC, FOK or post-only is a mistake rather than something to ignore.
  if (order.timeInForce !== undefined && order.timeInForce !== 'IOC') return null
  if (order.price !== undefined) return null
  if ((order.size === undefined) === (order.quoteSize === undefined)) return null
  const limit = order.protection === undefined ? null : positive(order.protection, 'protection')
  if (order.quoteSize !== undefined) {
    if (order.side !== 'buy') return null
    return { ...base, limit, timeInForce: 'IOC', size: null, budget: positive(order.quoteSize, 'quoteSize') }
  }
  if (order.size === undefined) return null
  return { ...base, limit, timeInForce: 'IOC', size: positive(order.size, 'size'), budget: null }
}

/** One side's resting orders: price levels, each a FIFO queue (a doubly linked list, so cancel is O(1) in it). */
class SideBook {
  /** Worst first, so the best level is the last one and a level emptied by matching comes off the end for free. */
  private readonly levels: Level[] = []
  private readonly byPrice = new Map<string, Level>()
  private readonly side: Side

  constructor(side: Side) {
    this.side = side
  }

  best(): Level | undefined {
    return this.levels.at(-1)
  }

  /** Best first. */
  *bestFirst(): Generator<Level> {
    for (let i = this.levels.length - 1; i >= 0; i -= 1) {
      const level = this.levels[i]
      if (level) yield level
    }
  }

  /** Adds at the back of its price's queue (the level is created if need be). */
  append(node: Omit<Node, 'level' | 'prev' | 'next'>): Node {
    const level = this.levelAt(node.price)
    const added: Node = { ...node, level, prev: level.tail, next: null }
    if (level.tail) level.tail.next = added
    else level.head = added
    level.tail = added
    level.total = level.total.plus(added.size.minus(added.filled))
    return added
  }

  /** Takes the node out of its queue, and the level out of the book when it empties. */
  unlink(node: Node): void {
    const level = node.level
    if (node.prev) node.prev.next = node.next
    else level.head = node.next
    if (node.next) node.next.prev = node.prev
    else level.tail = node.prev
    node.prev = null
    node.next = null
    level.total = level.total.minus(node.size.minus(node.filled))
    if (level.head) return
    this.byPrice.delete(level.key)
    const at = this.levels.at(-1) === level ? this.levels.length - 1 : this.indexOf(level.price)
    this.levels.splice(at, 1)
  }

  /** Whether `a` is a worse price than `b` for this side (a lower bid, a higher ask). */
  private worse(a: Money, b: Money): boolean {
    return this.side === 'buy' ? a.lt(b) : a.gt(b)
  }

  /** Binary search: the first index whose price is not worse than `price` (where it is, or goes). */
  private indexOf(price: Money): number {
    let low = 0
    let high = this.levels.length
    while (low < high) {
      const mid = (low + high) >>> 1
      const level = this.levels[mid]
      if (level && this.worse(level.price, price)) low = mid + 1
      else high = mid
    }
    return low
  }

  private levelAt(price: Money): Level {
    // toPlain normalises: 100 and 100.00 are one level.
    const key = toPlain(price)
    const found = this.byPrice.get(key)
    if (found) return found
    const level: Level = { price, key, total: ZERO, head: null, tail: null }
    this.levels.splice(this.indexOf(price), 0, level)
    this.byPrice.set(key, level)
    return level
  }
}

/**
 * One pair's book. Matching is price-time priority: the best price first, and within a price the order that rested
 * first. Fills are at the maker's price.
 *
 * Self-trade prevention is expire-taker (Binance's default): when the next resting order a taker would match belongs
 * to the taker's owner or to an owner of its trade group (OrderInput.tradeGroup), the taker's remainder is cancelled,
 * fills before it stand and the resting order stays.
 *
 * `sequence` counts changes to the resting orders (each rest, fill, cancel and amend adds one), so a depth stream's
 * client can tell it missed an update. A rest also stamps the order's time priority (`seq`) from it.
 */
export class OrderBook {
  readonly pairCode: string
  readonly lotSize: Money
  private seqNo = 0
  private readonly bids = new SideBook('buy')
  private readonly asks = new SideBook('sell')
  private readonly byId = new Map<string, Node>()
  private readonly byOwner = new Map<string, Set<Node>>()

  constructor(options: OrderBookOptions) {
    this.pairCode = options.pairCode
    this.lotSize = positive(options.lotSize, 'lotSize')
  }

  get sequence(): number {
    return this.seqNo
  }

  /**
   * Matches an order, then rests what is left of a GTC limit order. Refusals change nothing. Order ids must be unique
   * among resting orders only: the book forgets an order once it is off the book, the API layer makes ids unique.
   */
  place(order: OrderInput): PlaceResult {
    const taker = parseOrder(order)
    if (!taker) return { ok: false, reason: 'invalid-order' }
    if (this.byId.has(taker.id)) return { ok: false, reason: 'duplicate-order-id' }
    const opposite = this.sideBook(other(taker.side))
    if (order.type === 'market' && !opposite.best()) return { ok: false, reason: 'no-liquidity' }
    if (taker.timeInForce === 'POST_ONLY' && this.wouldCross(taker.side, taker.limit)) {
      return { ok: false, reason: 'post-only-would-take' }
    }
    if (taker.timeInForce === 'FOK' && taker.size && this.reachable(taker, taker.size).lt(taker.size)) {
      return { ok: false, reason: 'fok-not-filled' }
    }

    const { fills, left, stop, selfTradeOwnerId } = this.match(taker)
    const ended = { stop: stopOf(stop), selfTradeOwnerId }
    const filledSome = fills.length > 0
    if (left.isZero() || (stop === 'budget' && filledSome)) {
      return { ok: true, fills, resting: null, remaining: left, status: 'filled', ...ended }
    }
    const rests = taker.timeInForce === 'GTC' || taker.timeInForce === 'POST_ONLY'
    if (!rests || stop === 'self-trade' || taker.limit === null || !taker.size) {
      return {
        ok: true,
        fills,
        resting: null,
        remaining: left,
        status: filledSome ? 'partially-filled-cancelled' : 'cancelled',
        ...ended,
      }
    }
    const node = this.rest({
      id: taker.id,
      ownerId: taker.ownerId,
      side: taker.side,
      price: taker.limit,
      size: taker.size,
      filled: taker.size.minus(left),
    })
    return {
      ok: true,
      fills,
      resting: snapshot(node),
      remaining: left,
      status: filledSome ? 'partially-filled-resting' : 'resting',
      ...ended,
    }
  }

  /** Takes a resting order off the book; null if it is not on it. */
  cancel(id: string): RestingOrder | null {
    const node = this.byId.get(id)
    if (!node) return null
    this.remove(node)
    this.seqNo += 1
    return snapshot(node)
  }

  /**
   * Changes a resting order's price or whole size without matching. A new price or a larger size goes to the back of
   * its level (as a new order would); a smaller size keeps its place. A price that would cross the other side, the
   * owner's own orders included, is refused: amend never takes.
   */
  amend(id: string, change: Amendment): AmendResult {
    const node = this.byId.get(id)
    if (!node) return { ok: false, reason: 'not-found' }
    if (change.price === undefined && change.size === undefined) return { ok: false, reason: 'invalid-order' }
    const price = change.price === undefined ? node.price : positive(change.price, 'price')
    const size = change.size === undefined ? node.size : positive(change.size, 'size')
    if (size.lte(node.filled)) return { ok: false, reason: 'invalid-order' }
    const newPrice = !price.eq(node.price)
    if (newPrice && this.wouldCross(node.side, price)) return { ok: false, reason: 'amend-would-take' }
    if (!newPrice && size.eq(node.size)) return { ok: true, order: snapshot(node) }

    if (newPrice || size.gt(node.size)) {
      this.remove(node)
      const moved = this.rest({ id: node.id, ownerId: node.ownerId, side: node.side, price, size, filled: node.filled })
      return { ok: true, order: snapshot(moved) }
    }
    node.level.total = node.level.total.minus(node.size.minus(size))
    node.size = size
    this.seqNo += 1
    return { ok: true, order: snapshot(node) }
  }

  /**
   * A market maker's refresh: cancels every resting order of `ownerId`, then rests `quotes` in order as
   * `${idPrefix}${index}`, without matching. A quote that would cross the other side as it stands then (other
   * owners' orders and this refresh's earlier quotes) is skipped, as is one whose id another owner's order holds.
   * Returns how many rested. Every quote is checked before anything changes, so a bad amount leaves the book as it was.
   */
  replaceOwnerQuotes(ownerId: string, quotes: Quote[], idPrefix: string): number {
    const checked = quotes.map((quote) => ({
      side: quote.side,
      price: positive(quote.price, 'price'),
      size: positive(quote.size, 'size'),
    }))
    for (const node of [...(this.byOwner.get(ownerId) ?? [])]) this.cancel(node.id)
    let rested = 0
    checked.forEach((quote, index) => {
      const id = `${idPrefix}${index}`
      if (this.byId.has(id) || this.wouldCross(quote.side, quote.price)) return
      this.rest({ id, ownerId, side: quote.side, price: quote.price, size: quote.size, filled: ZERO })
      rested += 1
    })
    return rested
  }

  /**
   * Puts back an order that rested before (a book rebuilt from storage, in time priority): no matching. Refused
   * (false) when it would cross the other side or its id is on the book already; the caller then has a bad record.
   */
  restore(order: Omit<RestingOrder, 'remaining' | 'seq'>): boolean {
    const price = positive(order.price, 'price')
    const size = positive(order.size, 'size')
    if (this.byId.has(order.id) || this.wouldCross(order.side, price) || exact(order.filled).gte(size)) return false
    this.rest({ id: order.id, ownerId: order.ownerId, side: order.side, price, size, filled: exact(order.filled) })
    return true
  }

  /**
   * What buying (or selling) `size` at market would cost (bring) in quote now, walking the other side up to the
   * owner's own first order (where self-trade prevention would stop it), the base that reaches, and the last price it
   * reaches (null: none).
   */
  marketQuote(side: Side, size: Money, ownerId: string): { size: Money; quote: Money; worst: Money | null } {
    let left = positive(size, 'size')
    let quote = ZERO
    let worst: Money | null = null
    for (const level of this.sideBook(other(side)).bestFirst()) {
      for (let node = level.head; node && left.gt(0); node = node.next) {
        if (node.ownerId === ownerId) return { size: size.minus(left), quote, worst }
        const take = min(left, node.size.minus(node.filled))
        quote = quote.plus(take.mul(level.price))
        worst = level.price
        left = left.minus(take)
      }
      if (left.isZero()) break
    }
    return { size: size.minus(left), quote, worst }
  }

  /**
   * The average price at which `notional` (in quote) trades at market on `side` now, every resting order counted (the
   * maker's and users'): a sell walks the bids, a buy the asks. Null when that side holds less than `notional`.
   */
  impactPrice(side: Side, notional: Money): Money | null {
    let left = positive(notional, 'notional')
    let base = ZERO
    for (const level of this.sideBook(other(side)).bestFirst()) {
      const worth = level.total.mul(level.price)
      if (worth.gte(left)) return exact(notional).div(base.plus(left.div(level.price)))
      base = base.plus(level.total)
      left = left.minus(worth)
    }
    return null
  }

  /**
   * Whether an order on `side` limited at `limit` (null: a market order) could meet a resting order of an owner not in
   * `owners`. When it cannot, whom its owner is linked to cannot matter (a caller may skip looking its trade group up).
   */
  reachesOwnerOutside(side: Side, limit: Money | null, owners: ReadonlySet<string>): boolean {
    for (const level of this.sideBook(other(side)).bestFirst()) {
      if (limit && !reaches(side, limit, level.price)) return false
      for (let node = level.head; node; node = node.next) if (!owners.has(node.ownerId)) return true
    }
    return false
  }

  /** Up to `levels` price levels a side, best first. */
  depth(levels: number): Depth {
    const top = (book: SideBook): [string, string][] => {
      const rows: [string, string][] = []
      for (const level of book.bestFirst()) {
        if (rows.length >= levels) break
        rows.push([toPlain(level.price), toPlain(level.total)])
      }
      return rows
    }
    return { bids: top(this.bids), asks: top(this.asks), sequence: this.seqNo }
  }

  best(): { bid: Money | null; ask: Money | null } {
    return { bid: this.bids.best()?.price ?? null, ask: this.asks.best()?.price ?? null }
  }

  /** A resting order; null once it is filled, cancelled or was never on the book. */
  order(id: string): RestingOrder | null {
    const node = this.byId.get(id)
    return node ? snapshot(node) : null
  }

  /** An owner's resting orders, in no particular order. */
  ordersOf(ownerId: string): RestingOrder[] {
    return [...(this.byOwner.get(ownerId) ?? [])].map(snapshot)
  }

  private sideBook(side: Side): SideBook {
    return side === 'buy' ? this.bids : this.asks
  }

  /** Whether an order on `side` at `price` would trade against the other side's best (whoever owns it). */
  private wouldCross(side: Side, price: Money | null): boolean {
    const best = this.sideBook(other(side)).best()
    return best !== undefined && (price === null || reaches(side, price, best.price))
  }

  /**
   * What the taker could fill at most: the other side within its limit, in matching order, up to the first order of
   * its own owner or its trade group, since self-trade prevention would cancel the taker there. Stops counting once it
   * has `enough`.
   */
  private reachable(taker: Taker, enough: Money): Money {
    let total = ZERO
    for (const level of this.sideBook(other(taker.side)).bestFirst()) {
      if (taker.limit && !reaches(taker.side, taker.limit, level.price)) break
      for (let node = level.head; node; node = node.next) {
        if (isOwnSide(taker, node.ownerId)) return total
        total = total.plus(node.size.minus(node.filled))
        if (total.gte(enough)) return total
      }
    }
    return total
  }

  /**
   * The base a `budget` buys at `price`, rounded DOWN to whole lots so the quote spent never exceeds the budget. The
   * division is correct to 40 digits and may round up in the last one, so the product is checked and one lot dropped
   * when it does.
   */
  private affordable(budget: Money, price: Money): Money {
    const lots = budget.div(price.mul(this.lotSize)).floor()
    const size = lots.mul(this.lotSize)
    return size.mul(price).gt(budget) ? size.minus(this.lotSize) : size
  }

  /** Takes from the other side in price-time order; `left` is base, or quote for a budget. */
  private match(taker: Taker): { fills: Fill[]; left: Money; stop: Stop; selfTradeOwnerId?: string } {
    const book = this.sideBook(other(taker.side))
    const fills: Fill[] = []
    const start = taker.size ?? taker.budget
    if (!start) return { fills, left: ZERO, stop: 'done' }
    let left = start
    while (left.gt(0)) {
      const level = book.best()
      const maker = level?.head
      if (!level || !maker) return { fills, left, stop: 'exhausted' }
      if (taker.limit && !reaches(taker.side, taker.limit, level.price)) return { fills, left, stop: 'limit' }
      if (isOwnSide(taker, maker.ownerId)) return { fills, left, stop: 'self-trade', selfTradeOwnerId: maker.ownerId }
      const makerLeft = maker.size.minus(maker.filled)
      let size: Money
      if (taker.budget) {
        const affordable = this.affordable(left, level.price)
        if (affordable.lte(0)) return { fills, left, stop: 'budget' }
        size = min(makerLeft, affordable)
      } else {
        size = min(makerLeft, left)
      }
      const quote = level.price.mul(size)
      left = left.minus(taker.budget ? quote : size)
      maker.filled = maker.filled.plus(size)
      level.total = level.total.minus(size)
      if (maker.filled.eq(maker.size)) this.forget(maker, book)
      this.seqNo += 1
      fills.push({
        makerOrderId: maker.id,
        makerOwnerId: maker.ownerId,
        takerOrderId: taker.id,
        takerOwnerId: taker.ownerId,
        price: level.price,
        size,
        quote,
        makerSide: maker.side,
      })
    }
    return { fills, left, stop: 'done' }
  }

  private rest(order: Omit<Node, 'level' | 'prev' | 'next' | 'seq'>): Node {
    this.seqNo += 1
    const node = this.sideBook(order.side).append({ ...order, seq: this.seqNo })
    this.byId.set(node.id, node)
    const owned = this.byOwner.get(node.ownerId)
    if (owned) owned.add(node)
    else this.byOwner.set(node.ownerId, new Set([node]))
    return node
  }

  private remove(node: Node): void {
    this.forget(node, this.sideBook(node.side))
  }

  private forget(node: Node, book: SideBook): void {
    book.unlink(node)
    this.byId.delete(node.id)
    const owned = this.byOwner.get(node.ownerId)
    owned?.delete(node)
    if (owned?.size === 0) this.byOwner.delete(node.ownerId)
  }
}
