/** What every route module receives: the database, the clock and the ports to the outside world. */
import type { RateLimiterMemory } from 'rate-limiter-flexible'
import type { AccountType } from '../contract/index.ts'
import type { DevInbox, Mailer } from './accounts/mailer.ts'
import type { Rules } from './copy/rules.ts'
import type { Database } from './db/client.ts'
import type { MarketSimulator } from './market/simulator.ts'

export type Logger = Pick<Console, 'log' | 'error'>

export interface RateLimiters {
  loginByAccount: RateLimiterMemory
  loginByIp: RateLimiterMemory
  codeSendByAddress: RateLimiterMemory
  analyticsByIp: RateLimiterMemory
}

export interface ExchangeContext {
  db: Database
  now: () => Date
  logger: Logger
  mailer: Mailer
  /** Present when codes go to the built-in development mailer. */
  inbox: DevInbox | undefined
  limiters: RateLimiters
  devPages: boolean
  /** The simulated markets: candles, tickers, trades and the marks the copy engine uses. */
  market: MarketSimulator
  /** The copy engine's fees and margin rules. */
  rules: Rules
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
