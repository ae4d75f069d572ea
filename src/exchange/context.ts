/** What every route module receives: the database, the clock and the ports to the outside world. */
import type { RateLimiterMemory } from 'rate-limiter-flexible'
import type { AccountType } from '../contract/index.ts'
import type { DevInbox, Mailer } from './accounts/mailer.ts'
import type { VerificationKeys } from './accounts/verification.ts'
import type { Funding } from './copy/funding-share.ts'
import type { Rules } from './copy/rules.ts'
import type { WhatIfService } from './copy/what-if-service.ts'
import type { TradingBooks } from './trading/books.ts'
import type { Tape } from './trading/tape.ts'
import type { OrderEngine, TradingEvents } from './trading/order-engine.ts'
import type { Database } from './db/client.ts'
import type { Logger } from './logger.ts'
import type { Incidents } from './incidents.ts'
import type { MarketSimulator } from './market/simulator.ts'

export interface RateLimiters {
  /** Sign-in attempts from one address, whatever the account. */
  loginByIp: RateLimiterMemory
  /** Wrong passwords per (account, address), the wait they earn, and wrong passwords per account from anywhere. */
  loginFailuresByAccountIp: RateLimiterMemory
  loginWaitByAccountIp: RateLimiterMemory
  loginFailuresByAccount: RateLimiterMemory
  /** Codes per destination, per client address (a minute and an hour) and overall. */
  codeSendByAddress: RateLimiterMemory
  codeSendByIpMinute: RateLimiterMemory
  codeSendByIpHour: RateLimiterMemory
  codeSendGlobal: RateLimiterMemory
  analyticsByIp: RateLimiterMemory
  statisticsByIp: RateLimiterMemory
  /** Two-factor codes checked per account (sign-in's second step, set-up, settings changes). */
  twoFactorByUser: RateLimiterMemory
  /** Order placements, amends, cancels and transfers per user. */
  tradingByUser: RateLimiterMemory
}

export interface ExchangeContext {
  db: Database
  /** The engine clock: markets, positions, copies (it may run fast in demos: EXCHANGE_CLOCK_SPEED). */
  now: () => Date
  /** Wall-clock time for what a person waits on: verification codes, sessions, websocket tickets. */
  wallNow: () => Date
  logger: Logger
  mailer: Mailer
  /** Present when codes are kept in memory (development or sandbox) instead of mailed. */
  inbox: DevInbox | undefined
  limiters: RateLimiters
  /** Signs and checks human-verification challenges (VERIFICATION_SECRET). */
  verification: VerificationKeys
  /** Outside production: the development pages, and the full inbox listing. */
  devPages: boolean
  /** A simulator: test funds (the faucet). */
  sandbox: boolean
  /** The simulated markets: candles, tickers, trades and the marks the copy engine uses. */
  market: MarketSimulator
  /** The copy engine's fees and margin rules. */
  rules: Rules
  /** What-if replays: cached, bounded per address and in all, run on worker threads. */
  whatIf: WhatIfService
  /** The order books of every pair on spot and futures (src/exchange/trading). */
  books: TradingBooks
  /** The books' public trades and the last prices they set. */
  tape: Tape
  /** Orders of both markets against those books, with the money and positions they move. */
  trading: OrderEngine
  /** Funding between longs and shorts: every writer of a futures position pays its pairs' passed funding times first. */
  funding: Funding
  /** Pushes trading's changes (orders, fills, balances) to the user's private channels. */
  events: TradingEvents
  /** The engine loops' failing items, recorded and retried (shown on /healthz). */
  incidents: Incidents
}

/** The signed-in user of a request, set by the auth middleware. */
export interface AuthUser {
  id: number
  accountType: AccountType
  account: string
  nickname: string
  inviteCode: string
  userSubType: number
  changeLogin: boolean
  standAloneLogin: boolean
  availableLanguages: string[] | null
}

export interface AuthState {
  user: AuthUser
  tokenHash: string
}
