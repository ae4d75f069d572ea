/**
 * `npm run bench:orders`: the spot order engine in process on PGlite (in memory), and the depth channel's fan-out,
 * each beside a baseline measured in the same run:
 *
 * 1. resting limit buys placed per second (below the market, never crossing) by many users on the 12 pairs, one
 *    caller at a time and then one caller per pair at once;
 * 2. market buys of a few lots filled by the simulated market maker, per second;
 * 3. p50 / p99 placement latency at a steady rate (scheduled by the wall clock), with the rate achieved;
 * 4. the baseline: a bare transaction writing the rows a resting limit placement writes (the orders row, the balance's
 *    available → frozen, the book's version row locked and raised) in plain SQL, no engine, interleaved with the
 *    engine's rounds; target: a placement within 3× the bare write;
 * 5. 1,000 loopback websocket clients on the 12 spot depth topics through the realtime hub while 12 pairs × 10
 *    depth updates a second (20 levels a side) are published, beside a bare `ws` broadcast of the same messages:
 *    delivered messages per second, p50 / p99 latency, and the ratio.
 *
 * It reports, it does not test: it exits 0 whatever the verdict.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { WebSocket, WebSocketServer } from 'ws'
import { z } from 'zod'
import { TRADING, WEBSOCKET } from '#/app.config.ts'
import { subscriptionKey, type PlaceOrderRequest, type WsServerMessage } from '#/contract/index.ts'
import { defaultRules } from '#/exchange/copy/rules.ts'
import { openDatabase, type Database } from '#/exchange/db/client.ts'
import { INSTRUMENTS, type Instrument } from '#/exchange/market/instruments.ts'
import { marketSeedFrom, randomMarketSecret } from '#/exchange/market/market-seed.ts'
import { Exact, toPlain } from '#/exchange/money.ts'
import { createHub } from '#/exchange/realtime/hub.ts'
import { createMemoryPubSub } from '#/exchange/realtime/pubsub.ts'
import { createTradingBooks } from '#/exchange/trading/books.ts'
import { createOrderEngine, type OrderEngine } from '#/exchange/trading/order-engine.ts'
import { ensureHouse } from '#/exchange/trading/house.ts'
import { fundingOn } from '#tests/fixtures/exchange/funding.ts'

const USERS = Number(process.env.BENCH_USERS ?? 2000)
/** Resting limit placements per timed round (engine, then the bare write), and the rounds. */
const BLOCK = Number(process.env.BENCH_BLOCK ?? 600)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const MARKET_ORDERS = Number(process.env.BENCH_MARKET_ORDERS ?? 600)
const RATE = Number(process.env.BENCH_RATE ?? 200)
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000)
/** Depth topics each client subscribes to (at most WEBSOCKET.maxSubscriptionsPerConnection). */
const TOPICS_PER_CLIENT = Math.min(
  Number(process.env.BENCH_TOPICS_PER_CLIENT ?? 1),
  INSTRUMENTS.length,
  WEBSOCKET.maxSubscriptionsPerConnection,
)
const DEPTH_RATE = Number(process.env.BENCH_DEPTH_RATE ?? 10)
const DEPTH_SECONDS = Number(process.env.BENCH_DEPTH_SECONDS ?? 10)
const TARGET_RATIO = 3

const at = new Date('2026-01-05T00:00:00.000Z')
const now = () => at
const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) })

const fixed = (ms: number) => `${ms.toFixed(2)} ms`
const perSecond = (count: number, ms: number) => Math.round((count * 1000) / ms).toLocaleString('en-US')
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

// ——— Orders ———

/** A placement prepared before the clock starts: who, and what. */
interface Planned {
  userId: number
  request: PlaceOrderRequest
  /** What a resting limit buy holds: price × size, in USDT. */
  freeze: string
}

let orderNo = 0

/** The pair at `i`, round the list. */
function pairAt(i: number): Instrument {
  const instrument = INSTRUMENTS[i % INSTRUMENTS.length]
  if (!instrument) throw new Error('no instruments')
  return instrument
}

/** The list split by pair, in order. */
function byPair(list: readonly Planned[]): Planned[][] {
  const parts = new Map<string, Planned[]>()
  for (const planned of list) {
    const part = parts.get(planned.request.pairCode) ?? []
    part.push(planned)
    parts.set(planned.request.pairCode, part)
  }
  return [...parts.values()]
}

/** A resting limit buy 0.5 % to 5 % under the mark (below the maker's bids: never crossing), worth 50 to 250 USDT. */
function restingBuy(userId: number, instrument: Instrument, n: number, prefix = 'b'): Planned {
  const tick = new Exact(instrument.tickSize)
  const lot = new Exact(instrument.lotSize)
  const below = new Exact(5 + (n % 46)).div(1000)
  const price = new Exact(instrument.startPrice).times(new Exact(1).minus(below)).div(tick).floor().times(tick)
  const size = new Exact(50 + (n % 5) * 50).div(price).div(lot).floor().times(lot)
  orderNo += 1
  return {
    userId,
    request: {
      clientOrderId: `${prefix}${orderNo}`,
      biz: 'spot',
      pairCode: instrument.pairCode,
      side: 'buy',
      type: 'limit',
      timeInForce: 'GTC',
      price: toPlain(price),
      size: toPlain(size),
    },
    freeze: toPlain(price.times(size)),
  }
}

/** A market buy by size: the fewest lots (at least 3) worth 10 USDT at the mark. */
function marketBuy(userId: number, instrument: Instrument): Planned {
  const lot = new Exact(instrument.lotSize)
  const lots = Exact.max(3, new Exact(10).div(lot.times(instrument.startPrice)).ceil())
  orderNo += 1
  return {
    userId,
    request: {
      clientOrderId: `m${orderNo}`,
      biz: 'spot',
      pairCode: instrument.pairCode,
      side: 'buy',
      type: 'market',
      size: toPlain(lots.times(lot)),
    },
    freeze: '0',
  }
}

/** `count` resting buys over the users and the pairs. */
function restingBuys(users: readonly number[], count: number, prefix?: string): Planned[] {
  return Array.from({ length: count }, (_, i) => {
    const n = orderNo + i
    return restingBuy(users[(n * 7) % users.length] ?? 0, pairAt(n), n, prefix)
  })
}

async function seed(db: Database): Promise<number[]> {
  await db.execute(sql`
    insert into users (account_type, account, password_hash, nickname, invite_code)
    select 'email', 'o' || i || '@bench.dev', '!', 'o' || i, 'O' || i from generate_series(1, ${USERS}) as i`)
  await db.execute(sql`
    insert into balances (user_id, wallet_type, coin, available) select id, 1, 'USDT', 1000000 from users`)
  // The bare write's own version rows: the engine's books never see their versions move.
  await db.execute(sql`
    insert into book_versions (biz, pair_code)
    select 'spot', 'bare:' || p from unnest(${sql.param(INSTRUMENTS.map((i) => i.pairCode))}::text[]) as p`)
  return idRows.parse(await db.execute(sql`select id from users order by id`)).rows.map((r) => r.id)
}

/** The rows a resting limit placement writes, in one transaction of plain SQL. */
async function bareWrite(db: Database, planned: Planned): Promise<void> {
  const { userId, request, freeze } = planned
  const book = `bare:${request.pairCode}`
  const when = at.toISOString()
  await db.transaction(async (tx) => {
    await tx.execute(sql`select version from book_versions where biz = 'spot' and pair_code = ${book} for update`)
    await tx.execute(sql`
      insert into orders (user_id, client_order_id, biz, pair_code, side, type, time_in_force, price, size, status,
        fee_coin, frozen, frozen_coin, priority, created_at, updated_at)
      values (${userId}, ${request.clientOrderId}, 'spot', ${request.pairCode}, 'buy', 'limit', 'GTC', ${request.price},
        ${request.size}, 'new', 'USDT', ${freeze}, 'USDT', nextval('order_priority'), ${when}::timestamptz,
        ${when}::timestamptz)`)
    await tx.execute(sql`
      update balances set available = available - ${freeze}, frozen = frozen + ${freeze}, updated_at = ${when}::timestamptz
      where user_id = ${userId} and wallet_type = 1 and coin = 'USDT'`)
    await tx.execute(sql`update book_versions set version = version + 1 where biz = 'spot' and pair_code = ${book}`)
  })
}

interface Tally {
  ms: number
  count: number
  /** Orders that did not end as expected (resting for a limit buy, filled for a market buy). */
  unexpected: number
  fills: number
}

const tally = (): Tally => ({ ms: 0, count: 0, unexpected: 0, fills: 0 })

async function placeAll(engine: OrderEngine, list: readonly Planned[], into: Tally, expected: 'new' | 'filled') {
  for (const { userId, request } of list) {
    const placed = await engine.place(userId, request)
    if (placed.order.status !== expected) into.unexpected += 1
    into.fills += placed.fills.length
    into.count += 1
  }
}

/** Places sequentially, or with one caller per pair at once; the time is added to `into`. */
async function timeEngine(engine: OrderEngine, list: readonly Planned[], into: Tally, concurrent: boolean) {
  const expected = list[0]?.request.type === 'market' ? 'filled' : 'new'
  const start = performance.now()
  if (concurrent) {
    await Promise.all(byPair(list).map((part) => placeAll(engine, part, into, expected)))
  } else await placeAll(engine, list, into, expected)
  into.ms += performance.now() - start
}

async function timeBare(db: Database, list: readonly Planned[], into: Tally, concurrent: boolean) {
  const start = performance.now()
  const run = async (part: readonly Planned[]) => {
    for (const planned of part) {
      await bareWrite(db, planned)
      into.count += 1
    }
  }
  if (concurrent) await Promise.all(byPair(list).map(run))
  else await run(list)
  into.ms += performance.now() - start
}

interface Steady {
  /** From each order's scheduled time to its answer (waiting behind the ones before included). */
  fromSchedule: number[]
  /** From the call to its answer. */
  fromCall: number[]
  failed: number
  /** Until the last answer. */
  seconds: number
  sendSeconds: number
}

/** Resting buys sent at `rate` a second by the wall clock, each without waiting for the others. */
async function steady(engine: OrderEngine, list: readonly Planned[], rate: number): Promise<Steady> {
  const result: Steady = { fromSchedule: [], fromCall: [], failed: 0, seconds: 0, sendSeconds: 0 }
  const pending: Promise<void>[] = []
  const start = performance.now()
  for (const [i, { userId, request }] of list.entries()) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait >= 1) await sleep(wait)
    const called = performance.now()
    pending.push(
      engine.place(userId, request).then(
        () => {
          const done = performance.now()
          result.fromSchedule.push(done - due)
          result.fromCall.push(done - called)
        },
        () => {
          result.failed += 1
        },
      ),
    )
  }
  result.sendSeconds = (performance.now() - start) / 1000
  await Promise.all(pending)
  result.seconds = (performance.now() - start) / 1000
  return result
}

async function ordersBench() {
  const opened = performance.now()
  const handle = await openDatabase({ dataDir: 'memory://' })
  const { db } = handle
  const users = await seed(db)
  const marks = new Map(INSTRUMENTS.map((i) => [i.pairCode, i.startPrice]))
  const market = { mark: (pairCode: string) => marks.get(pairCode), marks: () => marks }
  // The house the maker's quotes trade from, as the exchange makes it at start.
  await ensureHouse(db, at, (pairCode) => marks.get(pairCode))
  const engine = createOrderEngine({
    db,
    market,
    books: createTradingBooks(market, now, marketSeedFrom(randomMarketSecret())),
    now,
    rules: defaultRules(),
    funding: fundingOn(market, now),
  })
  console.log(
    `\nSpot orders on PGlite in memory (this machine): ${USERS.toLocaleString('en-US')} users with 1,000,000 USDT, ` +
      `${INSTRUMENTS.length} pairs; set up in ${((performance.now() - opened) / 1000).toFixed(1)} s`,
  )

  // Warm-up, untimed: every book built and the JIT warm, on both paths.
  await timeEngine(engine, restingBuys(users, 20 * INSTRUMENTS.length), tally(), false)
  await timeBare(db, restingBuys(users, 20 * INSTRUMENTS.length, 'x'), tally(), false)
  const warmMarket = Array.from({ length: 2 * INSTRUMENTS.length }, (_, i) => marketBuy(users[i] ?? 0, pairAt(i)))
  await timeEngine(engine, warmMarket, tally(), false)

  // 1 and 4: resting limit placements, engine and bare write in alternating rounds (the tables grow alike).
  const engineSeq = tally()
  const bareSeq = tally()
  const engineConc = tally()
  const bareConc = tally()
  for (let round = 0; round < ROUNDS; round += 1) {
    await timeEngine(engine, restingBuys(users, BLOCK), engineSeq, false)
    await timeBare(db, restingBuys(users, BLOCK, 'x'), bareSeq, false)
    await timeEngine(engine, restingBuys(users, BLOCK), engineConc, true)
    await timeBare(db, restingBuys(users, BLOCK, 'x'), bareConc, true)
  }

  // 2: market buys of a few lots, filled by the maker.
  const marketTally = tally()
  const marketList = Array.from({ length: MARKET_ORDERS }, (_, i) =>
    marketBuy(users[(i * 13) % users.length] ?? 0, pairAt(i)),
  )
  await timeEngine(engine, marketList, marketTally, false)

  // 3: latency at a steady rate; when that is more than the engine places (the answers queue up), at half what it
  // placed sequentially as well.
  const rates = [RATE]
  const capacity = (engineSeq.count * 1000) / engineSeq.ms
  if (capacity < RATE) rates.push(Math.max(1, Math.floor(capacity / 2)))
  const held: { rate: number; sent: number; result: Steady }[] = []
  for (const rate of rates) {
    const list = restingBuys(users, rate * STEADY_SECONDS)
    held.push({ rate, sent: list.length, result: await steady(engine, list, rate) })
  }

  const [open] = z
    .object({ rows: z.array(z.object({ n: z.coerce.number() })) })
    .parse(await db.execute(sql`select count(*) as n from orders where status = 'new'`)).rows
  await handle.close()

  const ms = (t: Tally) => t.ms / Math.max(1, t.count)
  console.log(
    `\nResting limit buys (${ROUNDS} rounds of ${BLOCK} each way, alternating; ${open?.n.toLocaleString('en-US') ?? '?'} resting at the end):`,
  )
  console.log('path'.padEnd(36), 'placed/s'.padStart(10), 'ms each'.padStart(10), 'not resting'.padStart(12))
  // The bare write inserts its rows resting: nothing to check.
  const row = (name: string, t: Tally, checked = true) =>
    console.log(
      name.padEnd(36),
      perSecond(t.count, t.ms).padStart(10),
      ms(t).toFixed(2).padStart(10),
      (checked ? String(t.unexpected) : '-').padStart(12),
    )
  row('engine, sequential', engineSeq)
  row('bare write, sequential', bareSeq, false)
  row(`engine, ${INSTRUMENTS.length} callers (one per pair)`, engineConc)
  row(`bare write, ${INSTRUMENTS.length} callers (one per pair)`, bareConc, false)
  const ratio = ms(engineSeq) / ms(bareSeq)
  console.log(
    `engine ÷ bare write (sequential): ${ratio.toFixed(2)}×; ${INSTRUMENTS.length} callers: ${(ms(engineConc) / ms(bareConc)).toFixed(2)}× (target <= ${TARGET_RATIO}×)`,
  )

  console.log(`\nMarket buys of a few lots against the maker (${MARKET_ORDERS} sequential):`)
  console.log(
    `  ${perSecond(marketTally.count, marketTally.ms)} orders/s, ${perSecond(marketTally.fills, marketTally.ms)} fills/s, ` +
      `${ms(marketTally).toFixed(2)} ms each; not filled whole: ${marketTally.unexpected}`,
  )

  for (const { rate, sent, result } of held) {
    const why = rate === RATE ? '' : ` (half the sequential rate: ${RATE}/s is more than the engine places)`
    console.log(
      `\nSteady ${rate} resting buys/s for ${STEADY_SECONDS} s${why}, scheduled by the wall clock, open loop:`,
    )
    console.log(
      `  achieved ${(sent / result.sendSeconds).toFixed(1)}/s sent, ` +
        `${((sent - result.failed) / result.seconds).toFixed(1)}/s answered (last answer at ${result.seconds.toFixed(1)} s), ` +
        `failed ${result.failed}`,
    )
    console.log(
      `  latency from its scheduled time p50 ${fixed(percentile(result.fromSchedule, 0.5))}, ` +
        `p99 ${fixed(percentile(result.fromSchedule, 0.99))}; from the call p50 ${fixed(percentile(result.fromCall, 0.5))}, ` +
        `p99 ${fixed(percentile(result.fromCall, 0.99))}`,
    )
  }
  return ratio
}

// ——— Depth fan-out ———

interface Delivery {
  delivered: number
  latencies: number[]
  seconds: number
}

const depthTopic = (instrument: Instrument) =>
  subscriptionKey({ channel: 'depth', biz: 'spot', pairCode: instrument.pairCode })

/** The pairs client `i` watches. */
const pairsOf = (i: number) => Array.from({ length: TOPICS_PER_CLIENT }, (_, k) => pairAt(i + k))

/**
 * A depth update as the publisher sends it: TRADING.depthLevels levels a side laid out like the maker's ladder (1 bp
 * from the mark, 1.5 bp a level, each worth about 20,000 USDT growing 30 % a level), sizes moving with `seq`.
 */
function depthMessage(instrument: Instrument, seq: number): WsServerMessage {
  const mark = new Exact(instrument.startPrice)
  const tick = new Exact(instrument.tickSize)
  const lot = new Exact(instrument.lotSize)
  const side = (sign: 1 | -1): [string, string][] =>
    Array.from({ length: TRADING.depthLevels }, (_, level) => {
      const away = mark.times(1 + (sign * (1 + 1.5 * level)) / 10_000).div(tick)
      const price = (sign === 1 ? away.ceil() : away.floor()).times(tick)
      const worth = 20_000 * (1 + 0.3 * level) * (0.8 + ((seq * 7 + level * 13) % 11) / 25)
      const size = Exact.max(1, new Exact(worth).div(price).div(lot).floor()).times(lot)
      return [toPlain(price), toPlain(size)]
    })
  return {
    event: 'subscribe',
    channel: 'depth',
    biz: 'spot',
    type: 'update',
    pairCode: instrument.pairCode,
    base: instrument.coin,
    data: {
      result: {
        pairCode: instrument.pairCode,
        biz: 'spot',
        sequence: seq,
        time: Date.now(),
        bids: side(-1),
        asks: side(1),
      },
    },
  }
}

/** The `time` a depth message carries (clients parse every message, as the app does). */
function timeOf(text: string): number | undefined {
  const parsed: unknown = JSON.parse(text)
  if (typeof parsed !== 'object' || parsed === null || !('data' in parsed)) return undefined
  const { data } = parsed
  if (typeof data !== 'object' || data === null || !('result' in data)) return undefined
  const { result } = data
  return typeof result === 'object' && result !== null && 'time' in result && typeof result.time === 'number'
    ? result.time
    : undefined
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return `ws://127.0.0.1:${port}/ws`
}

/**
 * Opens the clients, client `i` at `urlOf(i)` sending `hellos(i)` once open; resolves when each has seen `ready`
 * messages (what comes after is counted).
 */
async function connect(
  urlOf: (i: number) => string,
  hellos: (i: number) => string[],
  ready: number,
  into: Delivery,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = []
  let readyCount = 0
  let resolveReady: () => void = () => undefined
  const allReady = new Promise<void>((resolve) => (resolveReady = resolve))
  for (let i = 0; i < CLIENTS; i += 1) {
    const ws = new WebSocket(urlOf(i))
    let seen = 0
    ws.on('message', (raw: Buffer) => {
      seen += 1
      if (seen === ready) {
        readyCount += 1
        if (readyCount === CLIENTS) resolveReady()
        return
      }
      if (seen < ready) return
      const time = timeOf(raw.toString('utf8'))
      into.delivered += 1
      if (time !== undefined && into.latencies.length < 2_000_000) into.latencies.push(Date.now() - time)
    })
    ws.on('open', () => {
      for (const hello of hellos(i)) ws.send(hello)
    })
    sockets.push(ws)
    // Connecting in batches keeps the accept queue from overflowing.
    if (i % 100 === 99) await sleep(20)
  }
  await allReady
  return sockets
}

/** 12 pairs × DEPTH_RATE updates a second for DEPTH_SECONDS; returns the seconds it ran. */
async function drive(publish: (topic: string, message: WsServerMessage) => void): Promise<number> {
  const started = Date.now()
  let seq = 0
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      seq += 1
      for (const instrument of INSTRUMENTS) publish(depthTopic(instrument), depthMessage(instrument, seq))
      if (Date.now() - started >= DEPTH_SECONDS * 1000) {
        clearInterval(timer)
        resolve()
      }
    }, 1000 / DEPTH_RATE)
  })
  // Let the last messages arrive.
  await sleep(500)
  return (Date.now() - started) / 1000 - 0.5
}

async function hubRun(): Promise<Delivery> {
  const pubsub = createMemoryPubSub()
  const hub = createHub({
    pubsub,
    snapshots: {
      public: ({ pairCode }) => {
        const instrument = INSTRUMENTS.find((i) => i.pairCode === pairCode)
        if (!instrument) return Promise.resolve({ ok: false, reason: 'unknown-pair' })
        const snapshot = depthMessage(instrument, 0).data?.result
        return Promise.resolve({ ok: true, result: snapshot, pairCode, base: instrument.coin })
      },
      private: () => Promise.resolve(null),
    },
    redeemTicket: () => Promise.resolve(undefined),
  })
  const server = createServer()
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head))
  const url = await listen(server)
  const into: Delivery = { delivered: 0, latencies: [], seconds: 0 }
  // hello + one snapshot per subscription, then updates.
  const sockets = await connect(
    () => url,
    (i) =>
      pairsOf(i).map((p) =>
        JSON.stringify({ event: 'subscribe', channel: 'depth', biz: 'spot', pairCode: p.pairCode }),
      ),
    1 + TOPICS_PER_CLIENT,
    into,
  )
  into.seconds = await drive((topic, message) => hub.publish(topic, message))
  for (const ws of sockets) ws.terminate()
  await hub.close()
  server.close()
  return into
}

/** The same messages through a bare `ws` server: each client names its topics in the URL, each message sent to them. */
async function bareRun(): Promise<Delivery> {
  const server = createServer()
  const wss = new WebSocketServer({ server })
  const members = new Map<string, Set<WebSocket>>()
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const topics = new URL(req.url ?? '/', 'http://localhost').searchParams.getAll('topic')
    for (const topic of topics) {
      const set = members.get(topic) ?? new Set<WebSocket>()
      set.add(ws)
      members.set(topic, set)
    }
    ws.send(JSON.stringify({ event: 'hello' }))
  })
  const url = await listen(server)
  const into: Delivery = { delivered: 0, latencies: [], seconds: 0 }
  const sockets = await connect(
    (i) =>
      `${url}?${pairsOf(i)
        .map((p) => `topic=${encodeURIComponent(depthTopic(p))}`)
        .join('&')}`,
    () => [],
    1,
    into,
  )
  into.seconds = await drive((topic, message) => {
    const text = JSON.stringify(message)
    for (const client of members.get(topic) ?? []) client.send(text)
  })
  for (const ws of sockets) ws.terminate()
  await new Promise((resolve) => wss.close(resolve))
  server.close()
  return into
}

async function depthBench() {
  const bare = await bareRun()
  const hub = await hubRun()
  const bytes = JSON.stringify(depthMessage(pairAt(0), 1)).length
  console.log(
    `\nDepth fan-out: ${CLIENTS} clients × ${TOPICS_PER_CLIENT} of ${INSTRUMENTS.length} depth topics, ` +
      `${INSTRUMENTS.length} pairs × ${DEPTH_RATE} updates/s (${TRADING.depthLevels} levels a side, ~${bytes} bytes) for ` +
      `${DEPTH_SECONDS} s (loopback; expected ${(CLIENTS * TOPICS_PER_CLIENT * DEPTH_RATE).toLocaleString('en-US')} msg/s):`,
  )
  console.log('server'.padEnd(10), 'delivered/s'.padStart(12), 'p50'.padStart(10), 'p99'.padStart(10))
  const line = (name: string, r: Delivery) =>
    console.log(
      name.padEnd(10),
      Math.round(r.delivered / r.seconds)
        .toLocaleString('en-US')
        .padStart(12),
      `${percentile(r.latencies, 0.5)} ms`.padStart(10),
      `${percentile(r.latencies, 0.99)} ms`.padStart(10),
    )
  line('bare ws', bare)
  line('hub', hub)
  console.log(`hub / bare throughput: ${(hub.delivered / hub.seconds / (bare.delivered / bare.seconds)).toFixed(2)}×`)
}

const started = performance.now()
const ratio = await ordersBench()
await depthBench()
console.log(`\n(ran ${((performance.now() - started) / 1000).toFixed(0)} s)`)
console.log(
  `orders: limit placement ${ratio.toFixed(1)}x the bare write (target <= ${TARGET_RATIO}x): ${ratio <= TARGET_RATIO ? 'MET' : 'MISSED'}`,
)
process.exit(0)
