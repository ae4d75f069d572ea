/**
 * Tandem's configuration: every constant of spec §9 and every tunable, named once.
 *
 * Two halves:
 *  - plain constants (LOCALES, DEFAULTS, LIMITS …) that both the browser and the server import;
 *  - `loadConfig(env)`, which reads the environment once on the server and validates it with zod.
 *    A bad value stops start-up with a message naming the variable and what it accepts.
 */
import { z } from 'zod'

export type TextDirection = 'ltr' | 'rtl'

export interface LocaleInfo {
  /** Route prefix and catalog folder, e.g. `zh_CN`. */
  code: string
  /** The language's name in that language. */
  label: string
  /** BCP-47 tag for `<html lang>` and Intl. */
  tag: string
  /** Catalog file, relative to the project root. */
  file: string
  /** Default pricing (fiat) currency of the language (§3). */
  fiatCurrency: string
  dir: TextDirection
  /** The help centre's language segment for this locale (§2: /{lang}/{catalog}/{id}). */
  helpLang: string
  /** The help desk's (support chat's) language code for this locale (§9), sent as HELP_DESK_LANGUAGE_PARAM. */
  helpDeskLang: string
}

const locale = (
  code: string,
  label: string,
  tag: string,
  fiatCurrency: string,
  helpLang: string,
  helpDeskLang: string,
  dir: TextDirection = 'ltr',
): LocaleInfo => ({
  code,
  label,
  tag,
  file: `locales/${code}/messages.po`,
  fiatCurrency,
  dir,
  helpLang,
  helpDeskLang,
})

/**
 * The 13 display languages of §1. ar_AE: the language list of §3 says EUR while one
 * currency-by-language map says AED; the language's default is EUR (what the picker shows).
 */
export const LOCALES = [
  locale('en_US', 'English', 'en-US', 'USD', 'en-us', 'en-US'),
  locale('zh_CN', '简体中文', 'zh-CN', 'CNY', 'zh-cn', 'zh-CN'),
  locale('zh_TW', '繁體中文', 'zh-TW', 'TWD', 'zh-tw', 'zh-TW'),
  locale('ko_KR', '한국어', 'ko-KR', 'KRW', 'ko', 'ko'),
  locale('vi_VN', 'Tiếng Việt', 'vi-VN', 'VND', 'vi', 'vi'),
  locale('tr_TR', 'Türkçe', 'tr-TR', 'TRY', 'tr', 'tr'),
  locale('pt_PT', 'Português', 'pt-PT', 'EUR', 'pt', 'pt'),
  locale('ru_RU', 'Русский', 'ru-RU', 'RUB', 'ru', 'ru'),
  locale('uk_UA', 'Українська', 'uk-UA', 'UAH', 'uk', 'uk'),
  locale('ja_JP', '日本語', 'ja-JP', 'JPY', 'ja', 'ja'),
  locale('fr_FR', 'Français', 'fr-FR', 'EUR', 'fr', 'fr'),
  locale('es_ES', 'Español', 'es-ES', 'EUR', 'es', 'es'),
  locale('ar_AE', 'العربية', 'ar-AE', 'EUR', 'ar', 'ar', 'rtl'),
] as const satisfies readonly LocaleInfo[]

export type LocaleCode = (typeof LOCALES)[number]['code']

export const DEFAULT_LOCALE: LocaleCode = 'en_US'

/**
 * §9: the verification widget's language code and title, chosen per language. The code names the widget's own
 * translation (altcha/i18n/<code>) for its label and states; the title heads the widget, written here in each
 * language like the rest of the language list, so every locale has it without waiting for a catalog.
 */
export const VERIFICATION_WIDGET = {
  en_US: { language: 'en', title: 'Security verification' },
  zh_CN: { language: 'zh-cn', title: '安全验证' },
  zh_TW: { language: 'zh-tw', title: '安全驗證' },
  ko_KR: { language: 'ko', title: '보안 인증' },
  vi_VN: { language: 'vi', title: 'Xác minh bảo mật' },
  tr_TR: { language: 'tr', title: 'Güvenlik doğrulaması' },
  pt_PT: { language: 'pt-pt', title: 'Verificação de segurança' },
  ru_RU: { language: 'ru', title: 'Проверка безопасности' },
  uk_UA: { language: 'uk', title: 'Перевірка безпеки' },
  ja_JP: { language: 'ja', title: 'セキュリティ認証' },
  fr_FR: { language: 'fr-fr', title: 'Vérification de sécurité' },
  es_ES: { language: 'es-es', title: 'Verificación de seguridad' },
  ar_AE: { language: 'ar', title: 'التحقق الأمني' },
} as const satisfies Record<string, { language: string; title: string }>
export type VerificationWidgetLanguage = (typeof VERIFICATION_WIDGET)[keyof typeof VERIFICATION_WIDGET]['language']

/** §9 defaults and the product's own fixed choices. */
export const DEFAULTS = {
  product: 'tandem',
  currency: 'USD',
  theme: 'light',
  upColor: 'upgreen',
  leverage: 10,
  port: 3000,
  host: '0.0.0.0',
} as const

export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
export const UP_COLORS = ['upgreen', 'upred'] as const
export type UpColor = (typeof UP_COLORS)[number]

/** Cookie names of §3 the shell reads, and their lifetimes. */
export const COOKIES = {
  theme: 'theme',
  upColor: 'theme_upcolor',
  appLang: 'app_lang',
  i18nRedirected: 'i18n_redirected',
  token: 'correction_token',
  /** HttpOnly, minutes long: the ticket between the password and the two-factor code of a sign-in. */
  loginTicket: 'login_ticket',
  /** Every cookie that carries a session (§3); all are cleared when a session ends. */
  session: [
    'correction_accessToken',
    'correction_token',
    'FUTURES_TOKEN',
    'accessToken',
    'token',
    'WEB-SESSION',
    'userId',
  ],
  /** §4: the locale cookie lasts 365 days, path /. */
  localeMaxAgeSeconds: 365 * 24 * 60 * 60,
  /**
   * The languages a native shell's WebView supports (§2 `clientSupperLanguage`), kept from the landing address for the
   * session (a cookie without Max-Age ends with the WebView) until a landing address brings a new list.
   */
  clientLanguages: 'client_languages',
} as const

/** §9 timings of the app lifecycle and navigation. */
export const TIMING = {
  /** A chunk-load error reloads a path at most once within this window. */
  reloadGuardMs: 10_000,
  // §9's navigation repaint delay (100 ms) and head debounce (10 ms) time a Vue router's scroll and head writes.
  // TanStack Router needs neither: it scrolls (to the top or the hash) once the new page has committed, and
  // HeadContent writes the head once per committed navigation, so there is nothing to wait for or debounce.
  /** How long in-flight requests may take to finish on shutdown before the process exits anyway. */
  shutdownGraceMs: 10_000,
} as const

const WS_MAX_SUBSCRIPTIONS = 200
const WS_MAX_MESSAGES_PER_SECOND = 50

/** §9 websocket constants (the realtime issue builds on them). */
export const WEBSOCKET = {
  path: '/ws',
  heartbeatMs: 2000,
  reconnectAfterHeartbeats: 5,
  fallbackRefreshMs: 30_000,
  fallbackRefreshAfterReconnectMs: 60_000,
  fallbackIdleMs: 2000,
  /** Reconnect backoff: doubling from the base up to the cap. */
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  /** Frames above this get an error message (the connection stays). */
  maxFrameBytes: 4096,
  /** Frames above this are cut by the socket itself (close 1009): nothing that large is parsed. */
  hardMaxFrameBytes: 64 * 1024,
  maxSubscriptionsPerConnection: WS_MAX_SUBSCRIPTIONS,
  /**
   * A client's sustained message rate (a token bucket, counted as messages arrive); a client that
   * runs out of tokens is closed with POLICY_CLOSE_CODE.
   */
  maxMessagesPerSecond: WS_MAX_MESSAGES_PER_SECOND,
  /**
   * Tokens a client may spend at once. A reconnect resubscribes everything the client held in one
   * go (up to the subscription limit), so the burst covers that plus a second of the rate.
   */
  messageBurst: WS_MAX_SUBSCRIPTIONS + WS_MAX_MESSAGES_PER_SECOND,
  policyCloseCode: 1008,
  /** A connection that sends nothing (not even a ping) for this long is closed. */
  idleTimeoutMs: 30_000,
  idleCloseCode: 4000,
  /** A slow reader whose unsent data passes this is disconnected (the server's memory stays bounded). */
  sendBufferBytes: 1024 * 1024,
  slowConsumerCloseCode: 1013,
  /** Recent trades sent as a snapshot on subscribe, and candles of a kline snapshot. */
  snapshotTrades: 50,
  /** Fills the private fills channel sends first. */
  snapshotFills: 50,
  snapshotCandles: 200,
  /**
   * Snapshot reads run at most this many at once, off the message path: the rest wait their turn,
   * subscribers of one key share a read, and a subscription gone before its turn costs none.
   */
  snapshotConcurrency: 4,
  /** Login tickets: single use, short-lived. */
  ticketTtlMs: 60_000,
  /**
   * The private state channels (positions, copy, balance) are read again when a user's state changed (a trade, a
   * write, the marks moving): at most once per this many milliseconds, however many changes came.
   */
  privateCoalesceMs: 100,
} as const

/** §9 query-string parse limits. */
export const QUERY_LIMITS = {
  depth: 5,
  arrayLimit: 20,
  parameterLimit: 1000,
} as const

/** Request edges of the web tier. */
export const HTTP_LIMITS = {
  /** Longer request paths answer 414 before routing. */
  maxPathLength: 2048,
  /** A server-function call's body (JSON): the largest form the app sends is a few kB; 413 past this. */
  maxServerFnBodyBytes: 64 * 1024,
  /** Arrays and objects nested deeper than this in a server-function payload answer 400 before it is parsed. */
  maxServerFnNesting: 32,
  /** Pages one client address may have rendering at once; more answer 429 with Retry-After. */
  maxConcurrentRendersPerAddress: 6,
  renderRetryAfterSeconds: 2,
  /** An idle keep-alive connection is kept this long: past the 60 s that clients and proxies commonly keep theirs. */
  keepAliveTimeoutMs: 65_000,
} as const

/**
 * Theme tokens the server needs without a stylesheet: `--bg-primary1` per theme is the
 * theme-color fallback (§2), `--bg-primary2` a route's mobile header background where it differs
 * (src/styles.css holds the same values), and the mobile status-bar colours of §4.
 */
export const THEME_TOKENS = {
  light: { bgPrimary1: '#ffffff', bgPrimary2: '#f5f6f8', statusBar: '#ffffff' },
  dark: { bgPrimary1: '#212121', bgPrimary2: '#171717', statusBar: '#212121' },
} as const satisfies Record<Theme, { bgPrimary1: string; bgPrimary2: string; statusBar: string }>

/** The reference exchange's accounts and limits (§3–§6). */
export const ACCOUNTS = {
  /** §3: rate limits with rate-limiter-flexible. Sign-in attempts from one address a minute, whatever the account. */
  loginAttemptsPerMinute: 5,
  /**
   * Wrong passwords for one account from one address before that pair must wait. Keyed by the pair so
   * a stranger's guesses never lock the owner out of their own address.
   */
  loginFailuresBeforeWait: 5,
  /** The first wait, doubled by each further failure of the pair, up to loginWaitMaxSeconds. */
  loginWaitBaseSeconds: 60,
  loginWaitMaxSeconds: 15 * 60,
  /** A pair's failures are remembered this long (a success forgets them), so the wait keeps growing. */
  loginFailureWindowSeconds: 60 * 60,
  /**
   * Wrong passwords for one account from all addresses together in an hour, then every address waits:
   * a looser ceiling against guessing spread over many addresses (one address reaches about 11 an hour).
   */
  loginFailuresPerAccountPerHour: 50,
  /** Codes sent to one destination (email or number) a minute. */
  codeSendsPerMinute: 1,
  /**
   * Codes asked for from one client address: a burst limit and an hourly quota (a family or office registering fits).
   */
  codeSendsPerMinutePerIp: 3,
  codeSendsPerHourPerIp: 10,
  /** Codes sent by the whole exchange a minute: a ceiling on what mail and SMS cost when many addresses ask at once. */
  codeSendsPerMinuteGlobal: 120,
  passwordMinLength: 8,
  passwordMaxLength: 64,
  verificationCodeLength: 6,
  verificationCodeTtlSeconds: 10 * 60,
  verificationCodeMaxAttempts: 5,
  /** A session ends this long after sign-in, however active. */
  sessionTtlSeconds: 30 * 24 * 60 * 60,
  /**
   * …and earlier when unused this long. A week: copy trading is checked rather than worked (profit
   * share settles weekly), so an active follower stays signed in, while a token left on a shared or
   * lost device stops working within a week instead of a month.
   */
  sessionIdleSeconds: 7 * 24 * 60 * 60,
  /** A session's last use is written at most this often, so reads do not each write. */
  sessionTouchSeconds: 5 * 60,
  /** userSubType 2 is a sub-account (§3, §6). */
  subAccountType: 2,
  /** Two-factor authentication: RFC 6238 TOTP as authenticator apps expect it (SHA-1, 6 digits, 30 s). */
  totpDigits: 6,
  totpPeriodSeconds: 30,
  /** Codes of one step either side of now are accepted (a phone's clock a little off); each step counts once. */
  totpWindowSteps: 1,
  /** 20 bytes, the RFC's key size for SHA-1. */
  totpSecretBytes: 20,
  /** The name the authenticator app shows above the account. */
  totpIssuer: 'Tandem',
  /** One-time recovery codes given at set-up, each signing in once instead of the app's code. */
  recoveryCodeCount: 10,
  /** The sign-in's second step: its ticket lasts this long and takes this many wrong codes before it is burned. */
  loginTicketTtlSeconds: 5 * 60,
  loginTicketMaxAttempts: 5,
  /** Two-factor codes checked for one account a minute, over every ticket, set-up and settings change. */
  twoFactorAttemptsPerMinute: 5,
  /** The security page shows where a session signed in from as its network only: IPv4 /24, IPv6 /48. */
  sessionNetworkPrefixV4: 24,
  sessionNetworkPrefixV6: 48,
} as const

/**
 * Human verification (ALTCHA proof of work, self-hosted): asked on registration, on sending a code, and on sign-in once
 * an account has had loginFailuresBeforeVerification wrong passwords from one address. The exchange signs each
 * challenge with VERIFICATION_SECRET (HMAC) and remembers a used one in the database until it expires, so a solution
 * counts once across processes.
 */
export const VERIFICATION = {
  algorithm: 'SHA-256',
  /** SHA-256 rounds per guess: one, so the work is the number of guesses. */
  cost: 1,
  /**
   * The answer is a counter drawn from this range: a browser tries about that many SHA-256 digests, well under a
   * second on a slow phone, while a bot sending thousands of requests pays for every one.
   */
  counterMin: 1_000,
  counterMax: 5_000,
  /** A challenge must be solved and used within this long; a used one is remembered as long. */
  challengeTtlSeconds: 5 * 60,
  /** Wrong passwords of one account from one address after which its sign-in asks for verification. */
  loginFailuresBeforeVerification: 3,
  /** A form waits this long for the widget to finish solving before it sends without a solution. */
  solveWaitMs: 15_000,
} as const

/** Limits of the exchange's HTTP edge. */
export const API_LIMITS = {
  maxBodyBytes: 64 * 1024,
  /** The client gives up on a request after this long (TimeoutError). */
  requestTimeoutMs: 10_000,
  /** §7: one retry, for GET-like methods only, on these statuses. */
  retryStatuses: [408, 409, 425, 429, 500, 502, 503, 504],
} as const

/** §9 touch gestures. */
export const TOUCH = {
  tapTolerancePx: 10,
  swipeThresholdPx: 30,
  holdMs: 400,
  longTapMs: 400,
  dragFrequencyMs: 100,
} as const

/** §9 marquee. */
export const MARQUEE = { durationS: 20, delayS: 0, gradientPx: 200 } as const

/** §9 popups and the draggable dialog. */
export const LAYERS = { popupBaseZIndex: 2000, dialogTopOffsetPx: 64 } as const

/**
 * §9 number display: USDT valuations (totals, values, PnL, margin) show 4 decimals. An amount of a coin (a balance, a
 * fee, a ledger movement, USDT's included) is cut to the wallets' precision, `coinDigits`, with its trailing zeros
 * dropped down to `amountMinDigits` (issue 28: 0.00005 ETH, not 0.0000 ETH; 10,000.00, not 10,000.0₈).
 */
export const DISPLAY = { usdtDigits: 4, coinDigits: 8, amountMinDigits: 2 } as const

/**
 * The top progress bar: shown only when a navigation takes longer than progressDelayMs; fades out in progressFadeMs.
 */
/**
 * Layout breakpoints as media queries, matching Tailwind's (`sm` = 40rem): where a page swaps whole layouts, not just
 * styles.
 */
export const BREAKPOINTS = {
  wide: '(min-width: 40rem)',
  /** The trading terminal's desktop layout (chart, book and form side by side); below it, tabs and a bottom sheet. */
  terminal: '(min-width: 64rem)',
} as const

export const NAVIGATION = { progressDelayMs: 150, progressFadeMs: 400 } as const

/**
 * Wallet types. §3 names EXCHANGE '3': the USDT wallet of futures trading, which holds the margin of the user's own
 * (and lead) positions and funds copies. SPOT '1' (§7's wallet call asks for type 1) holds every coin of spot trading.
 * Copy accounts are wallets of their own (one ledger account per copy), money moving into them from EXCHANGE.
 */
export const WALLET_TYPES = { SPOT: '1', EXCHANGE: '3' } as const

/** The reference exchange's market simulator (src/exchange/market). */
export const MARKET = {
  /**
   * The simulator's secret seed (MARKET_SEED, else drawn at the first start and kept in the database): every price
   * path, simulated trade, maker size and bot decision is keyed by it, so the next price cannot be computed from the
   * public history. An even number of hex digits, at least 128 bits; a drawn one has `seedBytes` bytes.
   */
  seedPattern: /^(?:[0-9a-f]{2}){16,}$/,
  seedBytes: 32,
  /** Hex digits of the seed's SHA-256 fingerprint, which names the history it generated (never the seed itself). */
  seedFingerprintChars: 16,
  /** History written on first start: hourly candles for this many days … */
  backfillDays: 180,
  maxBackfillDays: 730,
  /** … and minute candles for the most recent days. */
  minuteHistoryDays: 2,
  /** Simulated public trades generated per pair and minute, and how many are kept per pair. */
  tradesPerMinute: 6,
  recentTradesKept: 200,
  /** How often (real time) the engine catches up with its clock. */
  tickIntervalMs: 1000,
  /** Engine minutes per real minute (EXCHANGE_CLOCK_SPEED); 1 is real time. */
  defaultClockSpeed: 1,
  maxClockSpeed: 100_000,
} as const

/** Spot and futures trading in the reference exchange (src/exchange/trading). */
export const TRADING = {
  /** Levels of each side a depth snapshot or update carries at most. */
  depthLevels: 20,
  /** A book's depth updates go out at most once per this many milliseconds, however often it changes. */
  depthCoalesceMs: 100,
  /**
   * Spot fees on a fill, charged in the coin the side receives (base to a buyer, quote to a seller), rounded UP to
   * 18 decimals: a resting order that is filled pays the maker rate, the incoming order the taker rate.
   */
  spotMakerFeeRate: '0.0008',
  spotTakerFeeRate: '0.001',
  /** An order's notional (its limit price, or the mark, × size) in USDT: at least this … */
  minNotionalUsdt: '5',
  /** … and at most this. */
  maxNotionalUsdt: '5000000',
  /** No limit or trigger price further than this ratio from the mark (0.1: within ±10 %). */
  priceBandRatio: '0.1',
  /** Open orders (resting and untriggered) a user may have per market. */
  maxOpenOrders: 200,
  /** Trading calls (place, amend, cancel, transfer) a user may make per second. */
  requestsPerSecondPerUser: 50,
  /**
   * The simulated market maker's ladder around the simulator's price: `levels` each side; the best quotes
   * `halfSpreadBps` from the price and each next level `levelStepBps` further, both × the simulator's volatility
   * regime (calm 0.6, normal 1, stormy 2.6), never closer than a tick; each level worth about `levelUsdt` growing by
   * `levelGrowth` per level away from the price and ÷ the regime (less size when it storms), varied ±`sizeVariation`.
   */
  marketMaker: {
    ownerId: 'market-maker',
    levels: 15,
    halfSpreadBps: 1,
    levelStepBps: 1.5,
    levelUsdt: 20_000,
    levelGrowth: 0.3,
    sizeVariation: 0.4,
  },
  /**
   * The simulated market flow: each engine minute, every simulated public trade of the minute (MARKET.tradesPerMinute,
   * with its side and size) is sent to each book as an IOC order at the best price of the other side, so users' orders
   * at the top of the book are filled by the market as the maker's are. Its owner on the books.
   */
  marketFlowOwnerId: 'market-flow',
  /** Public trades (prints) kept per book for the trades channel and GET /market/v1/trades. */
  tapeKept: 500,
  /**
   * Price protection of market orders (Binance's PERCENT_PRICE): a market order (and a stop-market once released)
   * trades no further than this ratio from the mark; what is left there is cancelled ('price-protection').
   */
  marketProtectionRatio: '0.05',
} as const

/**
 * USDⓈ-M perpetuals (src/exchange/trading): fees, liquidation and the insurance fund, funding. The taker fee is the
 * copy engine's (COPY.takerFeeRate): every position, copied or not, pays the same.
 */
export const FUTURES = {
  /**
   * A trailing stop's callback rate, in percent, from `min` to `max` (Binance USDⓈ-M TRAILING_STOP_MARKET): a sell
   * trailing stop triggers when the price falls this far below the highest price since its activation, a buy when it
   * rises this far above the lowest. The order form takes it to `digits` decimals.
   */
  trailingCallbackPercent: { min: '0.1', max: '10', digits: 2 },
  /** A futures order that rests and is filled pays this on the fill's notional (a taker pays COPY.takerFeeRate). */
  makerFeeRate: '0.0002',
  /**
   * A liquidation's clearance fee on the notional it closes, paid from what the liquidated margin has left to the
   * insurance fund; whatever margin remains after it (the surplus) goes to the fund too.
   */
  liquidationFeeRate: '0.005',
  /**
   * USDT the insurance fund starts with (from the house's treasury, once, when the exchange's data is created): it pays
   * what bankrupt positions lose beyond their margin. It never goes negative (the database holds it so): when it
   * cannot pay all of a bankrupt rest, it pays for the lots it can and auto-deleveraging closes the others against the
   * opposite positions (ADL order, trading/adl-rank.ts) at the bankruptcy price, no fee; what no opposite position can
   * take is the house's, at the mark (trading/auto-deleverage.ts).
   */
  insuranceFundStartUsdt: '1000000',
  /**
   * Leverage and maintenance-margin brackets by a position's notional in USDT (Binance USDⓈ-M's notional tiers): the
   * bigger the position, the lower the leverage it may use and the larger the share of it kept as maintenance margin.
   * Each tier reaches up to `notionalCap` (the last one has none); its `maxLeverage` never exceeds the pair's own
   * maximum. A tier's maintenance amount is derived (src/contract/brackets.ts) so that the maintenance margin,
   * notional × rate − amount, is continuous from tier to tier. The first tier's rate is COPY.maintenanceMarginRate.
   * `major` is BTC's and ETH's table, `other` every other pair's.
   */
  brackets: {
    major: [
      { notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.005' },
      { notionalCap: '250000', maxLeverage: 50, maintenanceMarginRate: '0.01' },
      { notionalCap: '1000000', maxLeverage: 20, maintenanceMarginRate: '0.025' },
      { notionalCap: '5000000', maxLeverage: 10, maintenanceMarginRate: '0.05' },
      { notionalCap: '20000000', maxLeverage: 5, maintenanceMarginRate: '0.1' },
      { notionalCap: null, maxLeverage: 2, maintenanceMarginRate: '0.25' },
    ],
    other: [
      { notionalCap: '10000', maxLeverage: 75, maintenanceMarginRate: '0.005' },
      { notionalCap: '50000', maxLeverage: 40, maintenanceMarginRate: '0.01' },
      { notionalCap: '250000', maxLeverage: 20, maintenanceMarginRate: '0.025' },
      { notionalCap: '1000000', maxLeverage: 10, maintenanceMarginRate: '0.05' },
      { notionalCap: '5000000', maxLeverage: 5, maintenanceMarginRate: '0.1' },
      { notionalCap: null, maxLeverage: 2, maintenanceMarginRate: '0.25' },
    ],
  },
  /** The pairs (by coin) on the `major` brackets. */
  majorBracketCoins: ['BTC', 'ETH'],
  /**
   * Auto-deleveraging's lights on each open position (Binance's five): the quintile of its ADL score among the open
   * positions of its pair and side, this many for the first in line, 1 for the last (trading/adl-rank.ts).
   */
  adlLights: 5,
  /**
   * Funding between longs and shorts every COPY.fundingIntervalHours, at the rate Binance USDⓈ-M publishes: each engine
   * minute a premium index sample of every perpetual's book, P = [max(0, impact bid − mark) − max(0, mark − impact ask)]
   * ÷ mark, where the impact bid (ask) is the average price of selling (buying) `impactMarginUsdt` × the pair's maximum
   * leverage (Binance's impact margin notional) through the book as it stands; an interval's rate is F = P̄ +
   * clamp(`interestRate` − P̄, ±`premiumClamp`), P̄ the average of its samples (0 with none), |F| at most `rateCap`,
   * cut toward zero at `rateDecimals` (src/contract/rounding.ts `fundingRate`). Positive: longs pay shorts.
   * `interestRate` alone is what the replays of history (back-fill, what-if) charge against the market: they have no
   * book and no counterparties (src/exchange/copy/risk.ts).
   */
  funding: {
    /** The interest component I: 0.01 % per 8-hour interval (0.03 % a day), as Binance. */
    interestRate: '0.0001',
    /** How far the interest component may pull the rate from the premium: ±0.05 %. */
    premiumClamp: '0.0005',
    /** No interval's rate beyond ±0.75 %. */
    rateCap: '0.0075',
    /** Binance's impact margin: 200 USDT of initial margin at the pair's maximum leverage. */
    impactMarginUsdt: '200',
    /** Decimals of a published rate (Binance shows 8). */
    rateDecimals: 8,
    /** Funding history rows a call returns: at most … and by default. */
    historyMaxLimit: 1000,
    historyDefaultLimit: 100,
  },
} as const

/**
 * The house (issue 27, item 6): the market maker's quotes, its sweep and the simulated market flow trade from one
 * system account (src/exchange/trading/house.ts), a user nobody can sign in to, with real wallets and positions. It is
 * funded once, when it is created, from the treasury (`external:<coin>`, ledger kind 'house-funding'): these amounts are
 * that published rule. Its futures positions are cross across every pair at `leverage`; its quotes on each book never
 * commit more than its share of what it holds (the available futures margin, or the spot USDT, ÷ the books of the
 * market; a spot book's whole coin), so it quotes less, never goes negative.
 */
export const HOUSE = {
  /** The house account's login (locked: no password verifies against it). */
  account: 'market-maker@house.tandem.dev',
  nickname: 'Tandem market maker',
  /** Leverage of every futures position the house opens (cross margin). */
  leverage: 5,
  /** USDT its futures wallet starts with: margin for every futures book's ladder, many times over. */
  futuresUsdt: '20000000',
  /** USDT its spot wallet starts with: the bids of every spot book. */
  spotUsdt: '40000000',
  /**
   * Each listed coin's spot wallet starts with this much worth in USDT at the coin's price when the house is funded
   * (rounded down to the coin's lot): the asks of its spot book, about twice the ladder's side in the calmest regime.
   */
  spotCoinUsdt: '5000000',
} as const

/** The sandbox's conveniences (SANDBOX on, the default: the embedded exchange is a simulator). */
export const DEV = {
  /** USDT the test-funds faucet (/dev/faucet) deposits per call. */
  faucetUsdt: '10000',
} as const

/**
 * Verification codes by mail (SMTP_URL). A code is sent while its request waits, so a dead mail server must fail fast.
 */
export const MAIL = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 20_000,
  /** The sender when MAIL_FROM is unset: this local part at SITE_URL's host. */
  defaultFromLocalPart: 'no-reply',
} as const

/** The copy engine (src/exchange/copy): fees, margin, funding, rules for leaders and followers. */
export const COPY = {
  /** Taker fee on every fill's notional. */
  takerFeeRate: '0.0005',
  /** Below this margin ratio a futures position is liquidated. */
  maintenanceMarginRate: '0.005',
  /** Funding is exchanged every this many hours, at 00:00, 08:00 and 16:00 UTC (its rate: FUTURES.funding). */
  fundingIntervalHours: 8,
  /** Profit share is settled weekly, Monday 00:00 UTC on the engine clock. */
  profitShareWeekday: 1,
  maxProfitShareRate: '0.3',
  defaultProfitShareRate: '0.1',
  /** Becoming a leader: minimum USDT in the EXCHANGE wallet. */
  leaderMinBalanceUsdt: '100',
  defaultMaxFollowers: 100,
  maxFollowersLimit: 10_000,
  defaultMinCopyAmount: '50',
  /** Smallest investment a follower may put into one copy. */
  minInvestmentUsdt: '10',
  maxInvestmentUsdt: '10000000',
  maxRatio: '100',
  maxLeverage: 125,
  /** Statistics periods in days; null is all history. */
  periods: { '7d': 7, '30d': 30, '90d': 90, all: null },
  /**
   * A leader with less history than this many days is marked New, and its trades per week are its trades so far
   * (never extrapolated from less than this: 2 trades on day one read 2, not 14).
   */
  newLeaderDays: 7,
  /**
   * Ranking by a risk figure (drawdown, win rate) and the overview's steadiest: only leaders with at least this many
   * trades closed in the period and equity of at least minInvestmentUsdt; the others are listed after them.
   */
  minTradesToRank: 5,
  /**
   * A leader's record (win rate, trades per week, holding time, coins, the ranking's trade count) counts a closed
   * position only when its size (entry price × size closed) is at least this share of the leader's equity when it
   * opened, and none of its fills was against the leader's own or a linked account (audit H4). 1 %: a trade smaller
   * than that moves the account's return by a hundredth of the price move at most, so it says nothing of the leader's
   * trading, yet a string of them (0.002 ETH inside the spread) bought a 100 % win rate for cents; the simulated
   * leaders open 10 % of their balance or more, and a trader sizing positions at 1 % risk keeps every trade counted.
   */
  minTradeEquityShare: '0.01',
  /** The leader list's page size bounds. */
  maxPageSize: 100,
  defaultPageSize: 20,
  /** Simulated followers seeded with the demo market, each copying one to three simulated leaders. */
  simulatedFollowers: 120,
  /**
   * Followers trade on the book (audit M4): a lead event that opens or adds is followed by one IOC block order of every
   * copy's size on the leader's book, limited to the leader's average fill price moved this ratio against the followers
   * (0.005: a buy no more than 0.5 % above it, a sell no less than 0.5 % below), on the tick inside the cap. What the
   * book cannot fill there is skipped per follower: 'depth' when the book ran out, 'slippage' when the limit stopped it.
   * Binance's copy trading places followers' IOC orders with a 0.3 % / 0.5 % slippage cap.
   */
  slippageCap: '0.005',
} as const

/**
 * The help centre's articles the app links to (§1 help-centre link catalogue, §2 /{lang}/{catalog}/{id}), each opened
 * in the reader's help language below HELP_CENTER_URL.
 */
export const HELP_ARTICLES = {
  fees: { catalog: 'trading', id: 'fees' },
  terms: { catalog: 'legal', id: 'terms-of-use' },
  riskDisclosure: { catalog: 'legal', id: 'risk-disclosure' },
  /** Copy set-up: fixed amount vs ratio of the trader's size. */
  copyModes: { catalog: 'copy-trading', id: 'copy-modes' },
  /** Copy set-up: take profit and stop loss of each copied position. */
  copyTakeProfitStopLoss: { catalog: 'copy-trading', id: 'take-profit-stop-loss' },
  /** Copy set-up: the stop of the whole copy at a loss on the investment. */
  copyStopLoss: { catalog: 'copy-trading', id: 'copy-stop-loss' },
  profitShare: { catalog: 'copy-trading', id: 'profit-share' },
  leadRequirements: { catalog: 'copy-trading', id: 'lead-trader-requirements' },
  marginModes: { catalog: 'futures', id: 'margin-modes' },
  liquidation: { catalog: 'futures', id: 'liquidation' },
  /** The terminal's funding rate: how it is set and paid between longs and shorts. */
  funding: { catalog: 'futures', id: 'funding' },
} as const satisfies Record<string, { catalog: string; id: string }>
export type HelpArticle = keyof typeof HELP_ARTICLES

/** Where help links go without HELP_CENTER_URL: the app's own help centre (src/routes/{-$locale}/help/$.tsx). */
export const HELP_CENTER_DEFAULT = '/help'

/** The help desk (HELP_DESK_URL) is told the reader's language (LocaleInfo.helpDeskLang) in this query parameter. */
export const HELP_DESK_LANGUAGE_PARAM = 'lang'

export const SEO = {
  ogImage: '/og-image.png',
  ogImageWidth: 1200,
  ogImageHeight: 630,
} as const

/** SPOT_API_BASE's value that derives the spot API from the site's host. */
const SPOT_SUBDOMAIN = 'subdomain'

/**
 * §7: the spot API as the `spotapi` subdomain of the site's host (a leading `www.` dropped), on the site's scheme
 * and port. Derived from SITE_URL, the configured host, never from a request's Host header, which a client chooses:
 * a base built from it would send pages' API calls (and their tokens) wherever a forged header pointed. Undefined for
 * a host with no domain to put a subdomain under (an IP address, localhost).
 */
export function spotSubdomainBase(siteUrl: string): string | undefined {
  const site = new URL(siteUrl)
  const host = site.hostname.replace(/^www\./, '')
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined
  return `${site.protocol}//spotapi.${host}${site.port ? `:${site.port}` : ''}`
}

/**
 * The environment's schema. Built on first use, inside a function, so the browser bundle (which
 * imports only the constants above) never carries zod.
 */
function envSchema() {
  const bool = z
    .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'expected true/false, 1/0 or on/off' })
    .transform((v) => v === 'true' || v === '1' || v === 'on')

  const url = (protocols: readonly string[]) =>
    z
      .url({ error: `expected an absolute URL (${protocols.join(', ')})` })
      .refine((value) => protocols.some((p) => value.startsWith(`${p}://`)), {
        error: `expected an absolute URL (${protocols.join(', ')})`,
      })

  return z.object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'expected development, production or test' })
      .default('production'),
    PORT: z.coerce.number({ error: 'expected a port number 1-65535' }).int().min(1).max(65_535).default(DEFAULTS.port),
    HOST: z.string().min(1, { error: 'expected a host name or address' }).default(DEFAULTS.host),
    PRODUCT: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,30}$/, {
        error: 'expected lower-case letters, digits and hyphens, starting with a letter',
      })
      .default(DEFAULTS.product),
    SITE_URL: url(['http', 'https']).optional(),
    // 'subdomain': https://spotapi.<SITE_URL's host> (§7, ARCHITECTURE.md).
    SPOT_API_BASE: z
      .string()
      .refine((value) => value === SPOT_SUBDOMAIN || url(['http', 'https']).safeParse(value).success, {
        error: `expected an absolute URL (http, https) or ${SPOT_SUBDOMAIN}`,
      })
      .optional(),
    FUTURES_API_BASE: url(['http', 'https']).optional(),
    WS_URL: url(['ws', 'wss']).optional(),
    WS_ALLOWED_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ''),
      )
      .refine((origins) => origins.every(isOrigin), {
        error: 'expected comma-separated origins (scheme://host[:port], http or https, no path)',
      })
      .optional(),
    FUTURES_ENABLED: bool.default(true),
    HBT_SWITCH: bool.default(true),
    RELOAD_GUARD_MS: z.coerce
      .number({ error: 'expected milliseconds' })
      .int()
      .min(1000)
      .max(600_000)
      .default(TIMING.reloadGuardMs),
    SHUTDOWN_GRACE_MS: z.coerce
      .number({ error: 'expected milliseconds' })
      .int()
      .min(0)
      .max(120_000)
      .default(TIMING.shutdownGraceMs),
    BENCH_BASELINE: bool.default(false),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'expected a postgres:// or postgresql:// connection URL' })
      .optional(),
    DATA_DIR: z.string().min(1, { error: 'expected a folder path' }).default('.data'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'expected a redis:// or rediss:// URL' })
      .optional(),
    TRUST_PROXY: bool.default(false),
    HELP_CENTER_URL: url(['http', 'https']).optional(),
    HELP_DESK_URL: url(['http', 'https']).optional(),
    EXCHANGE_BACKFILL_DAYS: z.coerce
      .number({ error: 'expected a number of days' })
      .int()
      .min(1)
      .max(MARKET.maxBackfillDays)
      .default(MARKET.backfillDays),
    EXCHANGE_CLOCK_SPEED: z.coerce
      .number({ error: 'expected a number of engine minutes per real minute' })
      .min(0.001)
      .max(MARKET.maxClockSpeed)
      .default(MARKET.defaultClockSpeed),
    ANALYTICS_URL: url(['http', 'https']).optional(),
    ANALYTICS_BATCH_SIZE: z.coerce
      .number({ error: 'expected a number of events' })
      .transform(clampBatchSize)
      .default(ANALYTICS.batchSize),
    ANALYTICS_OPT_IN: bool.default(false),
    SANDBOX: bool.default(true),
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    VERIFICATION_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
    MARKET_SEED: z
      .string()
      .trim()
      .toLowerCase()
      .regex(MARKET.seedPattern, {
        error:
          'expected an even number of hexadecimal digits, at least 32 (128 bits), e.g. from `openssl rand -hex 32`',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
        error: 'expected an address, or a name and <address>',
      })
      .optional(),
  })
}

export type ServerConfig = ReturnType<typeof toConfig>

function toConfig(env: z.infer<ReturnType<typeof envSchema>>) {
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    product: env.PRODUCT,
    siteUrl,
    /**
     * Browser origins the websocket accepts: the site's own, and WS_ALLOWED_ORIGINS. The native
     * shells' WebViews open the site URL, so they send the site's origin.
     */
    wsAllowedOrigins: [
      ...new Set([new URL(siteUrl).origin, ...(env.WS_ALLOWED_ORIGINS ?? []).map((origin) => new URL(origin).origin)]),
    ],
    /** Embedded defaults are relative to the page's origin; a configured base wins (ARCHITECTURE.md). */
    api: {
      spotBase:
        // loadConfig refuses 'subdomain' with a site host it cannot derive from: the empty base is never served.
        env.SPOT_API_BASE === SPOT_SUBDOMAIN ? (spotSubdomainBase(siteUrl) ?? '') : (env.SPOT_API_BASE ?? '/spotapi'),
      futuresBase: env.FUTURES_API_BASE ?? '/futuresapi',
      wsUrl: env.WS_URL ?? WEBSOCKET.path,
    },
    features: { futures: env.FUTURES_ENABLED, hbtSwitch: env.HBT_SWITCH },
    reloadGuardMs: env.RELOAD_GUARD_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    benchBaseline: env.BENCH_BASELINE,
    /** The reference exchange's storage: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
    database: { url: env.DATABASE_URL, dataDir: env.DATA_DIR },
    /** The realtime hub's pub/sub across processes; unset: in-process. */
    redisUrl: env.REDIS_URL,
    /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits per IP). */
    trustProxy: env.TRUST_PROXY,
    /**
     * The help centre's base; help links are /{lang}/{catalog}/{id} below it. Unset: `/help`, the help centre this app
     * serves itself (src/features/help), with an article for every link the app shows.
     */
    helpCenterUrl: (env.HELP_CENTER_URL ?? HELP_CENTER_DEFAULT).replace(/\/+$/, ''),
    /** The help desk (support chat); unset: the help entry opens the help centre's home instead. */
    helpDeskUrl: env.HELP_DESK_URL,
    /** The developer pages (/dev/analytics, the development mailer that logs codes) exist outside production only. */
    devPages: env.NODE_ENV !== 'production',
    /** The embedded exchange is a simulator: test funds (the faucet) and, unless codes go by mail, the code inbox. */
    sandbox: env.SANDBOX,
    /**
     * Codes are kept in the inbox (/spotapi/dev/inbox) when no mail server is configured and the
     * exchange is a sandbox or runs outside production; loadConfig refuses the remaining case.
     */
    codeInbox: env.SMTP_URL === undefined && (env.SANDBOX || env.NODE_ENV !== 'production'),
    /** Verification codes by mail when SMTP_URL is set. */
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.PRODUCT} <${MAIL.defaultFromLocalPart}@${new URL(siteUrl).hostname}>`,
    },
    /**
     * Signs verification challenges. Unset: a random one per process, fine for one process; several processes behind
     * one address must share it, or a challenge one issued fails on another.
     */
    verificationSecret: env.VERIFICATION_SECRET,
    /**
     * The market simulator's secret seed; unset: the one stored with the data, or a random one drawn at the first
     * start. Never logged or sent.
     */
    marketSeed: env.MARKET_SEED,
    /** Engine minutes per real minute: fast-forward for demos and tests. */
    clockSpeed: env.EXCHANGE_CLOCK_SPEED,
    /** Days of market and simulated-leader history written on the first start. */
    backfillDays: env.EXCHANGE_BACKFILL_DAYS,
    /**
     * Analytics batches go to ANALYTICS_URL when set, else to the exchange's receiver; opt-in: nothing is collected
     * before consent.
     */
    analytics: { url: env.ANALYTICS_URL, batchSize: env.ANALYTICS_BATCH_SIZE, requireOptIn: env.ANALYTICS_OPT_IN },
  }
}

/** An origin as a browser sends it: http(s), a host and maybe a port, nothing after. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  )
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** A URL's password as stars: an error message ends up in logs. */
function withoutPassword(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, '$1:***@')
}

/** Variables whose refused value is not printed at all: a mistyped secret is still mostly the secret. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set(['MARKET_SEED', 'VERIFICATION_SECRET'])

/** Validates an environment. Throws a ConfigError naming every bad variable and what it accepts. */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema().safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(withoutPassword(present[name] ?? ''))
      return `  ${name}=${shown}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = toConfig(parsed.data)
  if (config.api.spotBase === '') {
    throw new ConfigError(
      `Invalid configuration:\n  SPOT_API_BASE=${SPOT_SUBDOMAIN} needs SITE_URL with a domain name ` +
        `(https://example.com gives https://spotapi.example.com), not ${JSON.stringify(config.siteUrl)}`,
    )
  }
  // A real deployment with nowhere to send codes would take registrations no one can finish.
  if (!config.codeInbox && config.mail.smtpUrl === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  SANDBOX=false needs SMTP_URL: without the sandbox inbox, verification codes go by mail ' +
        '(SMTP_URL=smtp://user:pass@host:port), or set SANDBOX=true to keep them in the inbox',
    )
  }
  return config
}

/** The part of the configuration the browser may see; sent with the first page. */
export function publicConfig(config: ServerConfig) {
  return {
    product: config.product,
    siteUrl: config.siteUrl,
    api: config.api,
    features: config.features,
    reloadGuardMs: config.reloadGuardMs,
    benchBaseline: config.benchBaseline,
    helpCenterUrl: config.helpCenterUrl,
    helpDeskUrl: config.helpDeskUrl,
    analytics: config.analytics,
    /** The registration form points newcomers at the code inbox; test funds get a button later. */
    sandbox: { enabled: config.sandbox, codeInbox: config.codeInbox },
  }
}
export type PublicConfig = ReturnType<typeof publicConfig>

/** §3, §7, §9: the device's identity and fingerprint (src/features/device). */
export const DEVICE = {
  /** A random UUID, kept in local storage and in a cookie the server forwards as the deviceId header. */
  idStorageKey: 'device_id',
  idCookie: 'device_id',
  /** The fingerprint hash, in a cookie so server functions can forward it as the fingerprint header. */
  fingerprintCookie: 'device_fp',
  fingerprintStorageKey: 'device_fingerprint',
  cookieMaxAgeSeconds: 365 * 24 * 60 * 60,
  /** §9: a collected fingerprint is reused for 24 hours. */
  fingerprintCacheMs: 24 * 60 * 60 * 1000,
  /** §9: at most this many plugins are listed. */
  pluginCap: 500,
  /** §9: web_timezone = timezoneOffset + this: minutes the local clock is behind UTC+8 (0 there, 480 in UTC). */
  webTimezoneBaseMinutes: 480,
  /** Collection waits for an idle moment at most this long (without requestIdleCallback: exactly this long). */
  idleTimeoutMs: 2000,
  /** An OfflineAudioContext that never renders (background tabs) gives an empty audio field after this. */
  audioTimeoutMs: 1000,
  /** A touch device whose screen is at most this wide counts as a phone (deviceType h5). */
  phoneMaxWidthPx: 767,
} as const

/** §8: the native app shells' bridge (src/features/native). */
export const NATIVE = {
  /** iOS: window.webkit.messageHandlers.<iosHandler>.postMessage({ id, method, params }). */
  iosHandler: 'tandem',
  /** Android: window.<androidInterface>.postMessage(JSON.stringify({ id, method, params })). */
  androidInterface: 'TandemAndroid',
  /** Flutter: window.flutter_inappwebview.callHandler(<flutterHandler>, { id, method, params }). */
  flutterHandler: 'tandem',
  /** iOS and Android answer with window.<callbackName>(id, { ok, result } | { ok: false, error }). */
  callbackName: 'tandemNativeCallback',
  /** The page's own API for shells and tests (window.<pageApiName>). */
  pageApiName: 'TandemWeb',
  /** A call the shell has not answered by then rejects with a timeout. */
  callTimeoutMs: 30_000,
  /** §8: external navigation never opens these. */
  refusedProtocols: ['javascript:', 'data:', 'blob:', 'vbscript:'],
} as const

/**
 * §9 analytics: the SDK (src/features/analytics) and the reference exchange's receiver
 * (src/exchange/analytics). ANALYTICS_URL sends batches to an external receiver instead.
 */
export const ANALYTICS = {
  /** A send starts as soon as this many events wait (ANALYTICS_BATCH_SIZE, clamped to the bounds below). */
  batchSize: 6,
  batchSizeMin: 1,
  batchSizeMax: 30,
  /** Fewer waiting events go out this long after the last send. */
  intervalMs: 6000,
  /** Events kept at most; past it the oldest are dropped, counted, and the count goes with the next batch. */
  queueCap: 500,
  maxEventsPerSend: 50,
  /** A send that has not answered by then counts as failed. */
  timeoutMs: 3000,
  /** A failed send is retried this often, waiting retryBaseMs × 2^(n−1) before retry n (1 s, 2 s, 4 s). */
  maxRetries: 3,
  retryBaseMs: 1000,
  referrerMaxLength: 200,
  durationCapSeconds: 86_400,
  /** §5: names start with a letter; letters, digits, underscore; at most nameMaxLength. */
  nameMaxLength: 50,
  /** §5: the user id is 1 to 63 characters. */
  userIdMaxLength: 63,
  /** Free-form properties (pageid, blockid, locationid, events, type) and events_param once serialized. */
  valueMaxLength: 50,
  paramsMaxLength: 1000,
  pageNameMaxLength: 200,
  utmMaxLength: 200,
  /**
   * Local storage: the waiting events (they survive a reload) and the user's opt-in / opt-out choice. Each tab keeps its
   * events under `queueStorageKey:<tab id>` and holds a Web Lock of that name; the bare key is used only by browsers
   * without Web Locks (what an older page left there is adopted like a closed tab's queue).
   */
  queueStorageKey: 'analytics_queue',
  /** The Web Lock under which one tab at a time adopts what closed tabs left. */
  adoptLockName: 'analytics_queue.adopt',
  /** Calls made before the SDK was loaded, kept when the page is left before it was. */
  pendingStorageKey: 'analytics_pending',
  consentStorageKey: 'analytics_consent',
  /** The receiver's path below the spot API base, used when ANALYTICS_URL is not set. */
  receiverPath: '/open/analytics/batch',
  /**
   * Batches the receiver takes from one address a minute; past it 429 with Retry-After. A busy tab sends about 10, so
   * an office of 60 behind one address fits.
   */
  receiverBatchesPerMinutePerIp: 600,
  /**
   * §7 statistics hits (GET /open/activity/statistics) taken from one address a minute; one per page view, so the same
   * office fits.
   */
  statisticsPerMinutePerIp: 600,
  /** Statistics are counted per hour and kept this long; older hours are deleted. */
  statisticsRetentionDays: 90,
  /** How often a process looks for statistics hours past retention (on the next hit after this long). */
  statisticsSweepIntervalMs: 60 * 60 * 1000,
  /** The receiver refuses larger bodies (413) before parsing. */
  maxBatchBytes: 64 * 1024,
  /** Events listed by the development page /dev/analytics (and its JSON twin at most maxDevListLimit). */
  devPageSize: 100,
  maxDevListLimit: 500,
} as const

/** Batch size as configured, clamped to 1–30 (§9); anything not a number is the default. */
export function clampBatchSize(value: number): number {
  if (!Number.isFinite(value)) return ANALYTICS.batchSize
  return Math.min(ANALYTICS.batchSizeMax, Math.max(ANALYTICS.batchSizeMin, Math.round(value)))
}

/**
 * Referral (§3 invite number, rebate-user flag): an invite code in a landing link is kept this long
 * in the `invite_code` cookie, so it reaches the registration form however the visitor gets there.
 */
export const REFERRAL = { cookie: 'invite_code', param: 'inviteCode', cookieMaxAgeSeconds: 30 * 24 * 60 * 60 } as const

/** §2: a native shell's landing link narrows the language list with this query parameter (comma-separated codes). */
export const CLIENT_LANGUAGES_PARAM = 'clientSupperLanguage'

/**
 * The page micro-cache (src/server/page-cache.ts): a public copy-trading page rendered for a
 * visitor without a session is served from memory to visitors with the same display cookies for
 * ttlMs. Live prices stream over the websocket; figures refresh hourly, so a few seconds is unseen.
 */
/** Rows per page of the copy-trading pages' lists. */
export const COPY_PAGES = {
  /** The leader lists show this many first, and this many more on each "Load more" (exchanges show 12 to 20). */
  leaderList: 20,
  /** A leader's position history and copiers on their public page. */
  leaderHistory: 20,
  leaderFollowers: 20,
  /** The leader centre's followers, profit-share settlements and per-follower profit share. */
  leadCentre: 10,
  /** My copies: the follow history. */
  followHistory: 10,
} as const

export const PAGE_CACHE = { ttlMs: 3000, maxEntries: 500 } as const

/**
 * §7: pages that are the same for every visitor, rendered at build time (`npm run build`) into
 * dist/prerendered and served as files to visitors whose cookies would not change them. `{product}`
 * is the configured product; every page exists unprefixed (English) and under each locale prefix.
 * The client fetches `{path}/{payloadFile}?{buildId}` for a page's data on navigation (pages with data only).
 */
export const PRERENDER = {
  pages: ['/affiliate-register/why-join-{product}', '/copy-trading/methodology'],
  payloadFile: '_payload.json',
  /** The render lays out for the kind of device: one file per kind, rendered with these user agents. */
  userAgents: {
    web: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    h5: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  },
} as const

/** The commission tiers the affiliate page shows, by referred trading volume of the last 30 days. */
export const AFFILIATE_PROGRAM = {
  tiers: [
    { code: 'starter', volume: '< 1M USDT', rate: '30%' },
    { code: 'pro', volume: '1M – 20M USDT', rate: '40%' },
    { code: 'elite', volume: '> 20M USDT', rate: '50%' },
  ],
} as const

/**
 * The embedded database (PGlite) runs in the server's thread: long work (an engine minute, the hourly statistics)
 * lets the event loop take requests at least this often, between two queries.
 */
export const DATABASE = { pgliteSliceMs: 10 } as const

/**
 * The what-if replay (POST /copy/v1/leaders/{id}/what-if) is public and takes 0.3–0.5 s of CPU for
 * 90 days: it runs on worker threads, its answers are cached, and each address may run only a few.
 */
export const WHAT_IF = {
  /** Cores left to the event loop (pages, sockets, PGlite); replay threads get the rest. */
  coresForEventLoop: 1,
  minWorkers: 1,
  maxWorkers: 8,
  /** Nice value of a replay thread (Linux, 0–19): on a contended core the event loop runs first. */
  workerNice: 10,
  /** Answers kept, by leader, settings, period and engine hour (a few kB each: 90 daily points). */
  answerCacheEntries: 1000,
  /**
   * Periods of leader history kept (trades and hourly closes as JSON text, read once an engine hour; about 1 MB for the
   * busiest leader's 90 days).
   */
  historyCacheEntries: 32,
  /**
   * Hourly closes of a pair over a period, shared by every leader's history of that hour (12 pairs × 3 periods, about
   * 80 kB each).
   */
  closesCacheEntries: 48,
  /**
   * Days of a leader's trades read per query: PGlite holds the event loop for a whole query (about 10 ms for the
   * busiest leader's 30 days).
   */
  historySliceDays: 30,
  /** Replays one client address may have running or waiting; asking what is already being replayed costs none. */
  replaysPerAddress: 2,
  /** Replays running or waiting, all addresses together, per replay thread (about 2 s of waiting at most). */
  queuedReplaysPerWorker: 4,
  /** Retry-After of a refused replay: about what a busy thread needs to finish the ones ahead. */
  retryAfterSeconds: 2,
} as const

/**
 * Property tests (fast-check). `npm test` runs each with this fixed seed, so a run is reproducible
 * and a red never comes at random; `npm run test:props` runs them with a random seed and
 * soakFactor × the runs. A failure prints its seed and path; its counterexample becomes a fixed case.
 */
export const PROPERTY_TESTS = { seed: 20261124, soakFactor: 100 } as const

/** Rows per page of the trading pages' histories (order history, fills). */
export const TRADING_PAGES = {
  pageSize: 20,
  /** The last page anyone may ask for (a bound on the query, not on the history). */
  maxPage: 500,
} as const

/** The trading terminal (issue 19): what the pages show and when they ask twice. */
export const TERMINAL = {
  /** Candle intervals offered, the default first. */
  defaultInterval: '15m',
  /** Book levels shown per side (the depth channel sends TRADING.depthLevels). */
  bookLevels: 12,
  /** Price groupings offered, as multiples of the pair's tick. */
  bookGroupings: [1, 10, 100, 1000],
  /** The depth chart beside the book: its height, and the margin inside it that holds the axis labels. */
  depthChartHeightPx: 260,
  depthChartPaddingPx: 14,
  /** A chart line's handle moved less than this is pressed (its change dialog opens), not dragged. */
  chartDragThresholdPx: 4,
  /** Recent trades shown. */
  recentTrades: 30,
  /** Live data older than this is shown as stale, with its age, where it is drawn. */
  staleAfterMs: 5000,
  /** The stale notice's clock ticks this often. */
  staleTickMs: 1000,
  /** A market order worth more than this (USDT, at the last price) is confirmed before it is sent. */
  confirmMarketOverUsdt: '10000',
  /** The amount slider's stops, in percent of what the side can spend. */
  amountPercents: [25, 50, 75, 100],
  /** Pairs kept open as tabs above the terminal (§3 tabsList, local storage). */
  maxTabs: 8,
  /** A chart history the exchange did not answer is asked again this many times (backing off) before the chart says so. */
  historyRetries: 3,
  /** The favourites a visitor keeps in the browser (a user's are stored by the exchange). */
  favouritesStorageKey: 'market_favourites',
  /** A perpetual's funding (its predicted rate moves with each minute's premium sample) is read again this often. */
  fundingRefreshMs: 60_000,
  /** Decimals of a funding rate shown as a percent (0.0100 %). */
  fundingPercentDigits: 4,
} as const

/** The assets page (issue 19). */
export const ASSETS = {
  historyPageSize: 20,
  /** A CSV export takes at most this many movements (pages of 100, newest first). */
  csvMaxRows: 5000,
  csvPageSize: 100,
} as const
