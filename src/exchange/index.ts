/**
 * The reference exchange: `createExchange` opens the database (migrations applied, demo data
 * seeded when empty), starts the markets and copy trading, and returns a fetch handler for paths
 * without a base prefix and the realtime hub's websocket upgrade.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { codeDelivery, type Mailer } from './accounts/mailer.ts'
import { createRateLimiters } from './accounts/rate-limits.ts'
import { verificationKeys } from './accounts/verification.ts'
import { ensureConfigDefaults } from './activity/global-config.ts'
import { MARKET, TRADING } from '#/app.config.ts'
import type { ExchangeContext } from './context.ts'
import type { Logger } from './logger.ts'
import { openDatabase } from './db/client.ts'
import { defaultRules } from './copy/rules.ts'
import { createApp } from './http/app.ts'
import { createMarketSimulator, type MarketSimulator } from './market/simulator.ts'
import type { MarketSeed } from './market/market-seed.ts'
import { loadMarketSeed } from './market/market-store.ts'
import { backfillBots } from './copy/bots/backfill.ts'
import { seedSimulatedFollowers } from './copy/bots/seed-followers.ts'
import { loadBots, seedSimulatedLeaders } from './copy/bots/seed-leaders.ts'
import type { Bot } from './copy/bots/bot-order.ts'
import { createEngineRunner, type EngineRunner } from './copy/runner.ts'
import { marksOf } from './copy/marks.ts'
import { createHub } from './realtime/hub.ts'
import { createMarketPublisher, createPairPublisher } from './realtime/publisher.ts'
import { createDepthPublisher } from './realtime/depth-publisher.ts'
import { createTradingBooks } from './trading/books.ts'
import { createFunding, startFunding } from './trading/funding.ts'
import { createOrderEngine, type OrderEngine } from './trading/order-engine.ts'
import { createTape } from './trading/tape.ts'
import { hubTradingEvents, type EventTarget } from './realtime/trading-events.ts'
import type { MarketPublisher } from './realtime/publisher.ts'
import { createMemoryPubSub } from './realtime/pubsub.ts'
import { createRedisPubSub } from './realtime/redis-pubsub.ts'
import { exchangeSnapshots } from './realtime/snapshots.ts'
import { redeemTicket } from './realtime/tickets.ts'
import type { Rules } from './copy/rules.ts'
import { refreshLeaderStats, snapshotDay } from './copy/stats-refresh.ts'
import { recordMissingHistory } from './copy/unit-values.ts'
import { backfillNicknameKeys } from './copy/api/nickname.ts'
import { createWhatIfService, type WhatIfServiceOptions } from './copy/what-if-service.ts'
import type { Database } from './db/client.ts'
import { isEmpty, seedDemoData } from './seed.ts'
import { createIncidents } from './incidents.ts'
import { ensureInsuranceFund } from './trading/insurance.ts'
import { ensureHouse, readHouse } from './trading/house.ts'

export {
  NoMailerError,
  type Mailer,
  type MailMessage,
  type MailRecipient,
  type InboxMessage,
} from './accounts/mailer.ts'
export { createSmtpMailer } from './accounts/smtp-mailer.ts'
export { DEMO_USERS, type DemoUser } from './seed.ts'
export { FolderLockedError } from './db/lock.ts'

export interface ExchangeOptions {
  /** PostgreSQL connection URL; when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite folder; 'memory://' for in-memory (the default). */
  dataDir?: string
  /** An in-memory PGlite's starting data (db/client.ts `DatabaseOptions.template`). */
  template?: Blob
  /** Outside production: the development pages (/dev/analytics) and a mailer that logs codes. */
  devPages: boolean
  /**
   * A simulator (the default): the test-funds faucet (/dev/faucet) and, unless a mailer is given,
   * the code inbox (/dev/inbox, /dev/inbox.json).
   */
  sandbox?: boolean
  logger?: Logger
  now?: () => Date
  /**
   * Wall-clock time for what a person waits on (verification codes, sessions, websocket tickets): the engine clock may
   * run fast (EXCHANGE_CLOCK_SPEED), and a 60-second ticket must not expire in two seconds. Default: `now`.
   */
  wallNow?: () => Date
  /** Seed demo data when the database has no users (default true). */
  seed?: boolean
  /**
   * Delivery of verification codes (SMTP_URL); without one, the inbox keeps them (devPages or sandbox, else the
   * exchange does not start).
   */
  mailer?: Mailer
  /** Override the folder of SQL migrations (the committed src/exchange/db/migrations by default). */
  migrationsFolder?: string
  /** History written on the market's first start (tests use a few days; the product 180). */
  market?: { backfillDays: number; minuteHistoryDays: number }
  /** Run the engine loop on the clock (the server does; tests call engine.tick() themselves). */
  runEngine?: boolean
  /** Redis for the realtime hub's pub/sub, so several processes fan out the same streams. */
  redisUrl?: string
  /** What-if replays: worker threads and bounds (app.config.ts by default); tests wrap the runner. */
  whatIf?: WhatIfServiceOptions
  /**
   * Browser origins the websocket accepts (ServerConfig.wsAllowedOrigins); unset: none, only clients that send no
   * Origin.
   */
  allowedOrigins?: readonly string[]
  /** Signs verification challenges (VERIFICATION_SECRET); unset: a random secret of this process. */
  verificationSecret?: string
  /**
   * The market simulator's secret seed (MARKET_SEED, hex); unset: the one stored with the data, else a random one drawn
   * and stored at the first start.
   */
  marketSeed?: string
}

export interface Exchange {
  fetch(request: Request): Promise<Response>
  /** Takes a websocket upgrade for `/ws` (false: not the hub's path). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** Closes every websocket (1001), before the process stops taking requests. */
  closeSockets(): Promise<void>
  /**
   * The engine's open incidents (items of its loops that keep failing, retried each tick): `/healthz` says
   * `degraded` with their count while there are any.
   */
  health(): Promise<{ incidents: number }>
  close(): Promise<void>
}

export async function createExchange(options: ExchangeOptions): Promise<Exchange> {
  const { exchange } = await openExchange(options)
  return exchange
}

/** createExchange, plus the context it runs on (tests read the database through it). */
export async function openExchange(
  options: ExchangeOptions,
): Promise<{ exchange: Exchange; context: ExchangeContext; engine: EngineRunner }> {
  const logger = options.logger ?? console
  const now = options.now ?? (() => new Date())
  const wallNow = options.wallNow ?? now
  const sandbox = options.sandbox ?? true
  // Before the database opens: an exchange with nowhere to send codes stops here.
  const delivery = codeDelivery(options.mailer, { devPages: options.devPages, sandbox }, logger, wallNow)
  const database = await openDatabase(options)
  const backfillDays = options.market?.backfillDays ?? MARKET.backfillDays
  const rules = defaultRules()
  let seed: MarketSeed
  let market: MarketSimulator
  let bots: Bot[]
  try {
    seed = await loadMarketSeed(database.db, options.marketSeed, now())
    market = createMarketSimulator(database.db, {
      seed,
      backfillDays,
      minuteHistoryDays: options.market?.minuteHistoryDays ?? MARKET.minuteHistoryDays,
      logger,
    })
    await ensureConfigDefaults(database.db)
    if ((options.seed ?? true) && (await isEmpty(database.db))) await seedDemoData(database.db, now())
    await ensureInsuranceFund(database.db, now())
    await market.start(now())
    bots = await startCopyTrading(database.db, market, seed, rules, now, logger, backfillDays)
    // The house the maker's quotes and the market flow trade from, funded at today's prices (after the users above, so
    // their ids do not move).
    await ensureHouse(database.db, now(), (pairCode) => market.mark(pairCode))
    // Live funding starts here: the back-fill paid every funding time of the history.
    await startFunding(database.db, now())
  } catch (error) {
    await database.close()
    throw error
  }
  const books = createTradingBooks(market, now, seed)
  books.tellHouse(await readHouse(database.db))
  const funding = createFunding({ rules, market, books })
  const tape = createTape(TRADING.tapeKept)
  const incidents = createIncidents(database.db, wallNow, logger)
  // Trading's pushes go to the hub, which is made after the context it reads: set once the hub exists.
  const realtime: { target?: EventTarget } = {}
  const events = hubTradingEvents(() => realtime.target)
  const context: ExchangeContext = {
    db: database.db,
    now,
    wallNow,
    logger,
    mailer: delivery.mailer,
    inbox: delivery.inbox,
    limiters: createRateLimiters(),
    verification: verificationKeys(options.verificationSecret),
    devPages: options.devPages,
    sandbox,
    market,
    rules,
    whatIf: createWhatIfService({ db: database.db, market, rules, now, logger }, options.whatIf),
    books,
    tape,
    trading: createOrderEngine({
      db: database.db,
      market,
      books,
      now,
      rules,
      events,
      tape,
      flow: market,
      incidents,
      funding,
    }),
    funding,
    events,
    incidents,
  }
  const pubsub = options.redisUrl
    ? await createRedisPubSub(options.redisUrl, (error) => logger.error('[realtime] redis', error))
    : createMemoryPubSub()
  const snapshots = exchangeSnapshots(context)
  const hub = createHub({
    pubsub,
    snapshots,
    redeemTicket: (ticket) => redeemTicket(database.db, ticket, wallNow()),
    allowedOrigins: options.allowedOrigins,
  })
  const depth = createDepthPublisher(hub, books, Boolean(options.redisUrl))
  const prices = createPairPublisher(hub, market, tape, Boolean(options.redisUrl))
  const engine = createEngineRunner({
    db: database.db,
    market,
    rules,
    now,
    logger,
    bots,
    incidents,
    funding,
    seed,
    // Simulated leaders trade through the books, like everyone.
    trade: (order) => context.trading.placeForLeader(order),
    onMinutes: afterPrices(
      context.trading,
      createMarketPublisher(hub, market, depth, tape, prices, Boolean(options.redisUrl)),
      logger,
    ),
    // The marks moved, and the minute's copies, funding and liquidations ran: every watched account is read again.
    afterTick: () => events.accounts('all'),
  })
  realtime.target = { hub, depth, everywhere: Boolean(options.redisUrl), prices }
  const app = createApp(context)
  if (options.runEngine) engine.start(MARKET.tickIntervalMs)
  let closing: Promise<void> | undefined
  const exchange: Exchange = {
    fetch: async (request) => app.fetch(request),
    handleUpgrade: (req, socket, head) => hub.handleUpgrade(req, socket, head),
    closeSockets: () => hub.close(),
    health: async () => ({ incidents: await incidents.open() }),
    close: () =>
      (closing ??= engine.stop().then(async () => {
        depth.close()
        await hub.close()
        await pubsub.close()
        await context.whatIf.close()
        await database.close()
      })),
  }
  return { exchange, context, engine }
}

/**
 * The simulated leaders (seeded once, their history back-filled with the market's), the statistics, and the engine
 * loop.
 */
async function startCopyTrading(
  db: Database,
  market: MarketSimulator,
  seed: MarketSeed,
  rules: Rules,
  now: () => Date,
  logger: Logger,
  backfillDays: number,
): Promise<Bot[]> {
  const end = now().getTime()
  const from = end - backfillDays * 86_400_000
  await backfillNicknameKeys(db)
  await seedSimulatedLeaders(db, new Date(from))
  const bots = await loadBots(db)
  const history = await backfillBots(db, market, rules, seed, bots, from, end)
  if (history.events > 0)
    logger.log(
      `[exchange] simulated leaders: ${bots.length}, back-filled ${history.positions} positions over ${backfillDays} days`,
    )
  const followed = await seedSimulatedFollowers(db, seed, bots, now(), marksOf(market))
  if (followed > 0) logger.log(`[exchange] simulated followers: ${followed} copies`)
  // A database written before unit values: each leader's history as its daily rows' chain, once.
  const upgraded = await recordMissingHistory(db, now())
  if (upgraded > 0) logger.log(`[exchange] unit values from daily rows: ${upgraded}`)
  // Today's row as the live engine values it (the back-fill's last step read history prices): then the statistics.
  await snapshotDay(db, now(), market.marks())
  await refreshLeaderStats(db, now(), market.marks())
  return bots
}

export { pgliteFolder } from './paths.ts'

/**
 * New prices: the books first (liquidations, reached stops, crossed orders swept, the flow: each book apart, its
 * failures recorded as incidents), then the market streams. A failure of the books does not hold the streams back.
 */
function afterPrices(trading: OrderEngine, publish: MarketPublisher, logger: Logger): MarketPublisher {
  return async (updates) => {
    if (updates.length > 0) await trading.onPrices().catch((error: unknown) => logger.error('[trading] sweep', error))
    await publish(updates)
  }
}
