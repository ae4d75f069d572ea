/**
 * The public market calls: instruments, tickers, candles (klines) and recent trades, prices as exact decimal strings.
 */
import { z } from 'zod'
import { FUTURES, TRADING } from '#/app.config.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { decimalStringSchema, signedDecimalStringSchema } from './wallet.schemas.ts'

// Defined beside the unsigned one (the wallet's totals use both); re-exported where the market's figures always were.
export { signedDecimalStringSchema }

/** A pair code such as BTC_USDT (case-insensitive on input). */
export const pairCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,20}_[A-Za-z0-9]{1,20}$/)
  .meta({ example: 'BTC_USDT' })

export const KLINE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const
export const klineIntervalSchema = z.enum(KLINE_INTERVALS).meta({ id: 'KlineInterval' })
export type KlineInterval = z.infer<typeof klineIntervalSchema>

export const KLINE_LIMIT = { min: 1, max: 1000, default: 300 } as const
export const TRADES_LIMIT = { min: 1, max: 500, default: 50 } as const

const epochMs = z.number().int().min(0)

/** What an order of a pair must meet and what it costs: the exchange's rules, served so the app checks the same. */
export const tradingRulesSchema = z
  .object({
    /** An order's notional (its limit price, or the mark, × size) in the quote coin: at least … */
    minNotional: decimalStringSchema,
    /** … and at most. */
    maxNotional: decimalStringSchema,
    /** No limit or trigger price further than this ratio from the mark ("0.1": within ±10 %). */
    priceBandRatio: decimalStringSchema,
    /** Open orders (resting and untriggered) a user may have per market. */
    maxOpenOrders: z.number().int().min(1),
    /** Fee ratios on a fill's notional: spot charges the coin the side receives, futures the quote coin. */
    spotMakerFeeRate: decimalStringSchema,
    spotTakerFeeRate: decimalStringSchema,
    futuresMakerFeeRate: decimalStringSchema,
    futuresTakerFeeRate: decimalStringSchema,
    /**
     * A futures position is liquidated when its margin falls to its maintenance margin: this ratio of its notional for
     * the smallest positions; larger ones follow the instrument's `brackets`.
     */
    maintenanceMarginRate: decimalStringSchema,
    /** Funding is exchanged between longs and shorts every this many hours (00:00, 08:00, 16:00 UTC). */
    fundingIntervalHours: z.number().int().min(1),
  })
  .meta({ id: 'TradingRules' })
export type TradingRules = z.infer<typeof tradingRulesSchema>

/**
 * One leverage and maintenance-margin tier of a perpetual (Binance's notional brackets): a position worth up to
 * `notionalCap` USDT (at the price it is valued at; null: no bound) may use at most `maxLeverage`, and its maintenance
 * margin is notional × `maintenanceMarginRate` − `maintenanceAmount`.
 */
export const leverageBracketSchema = z
  .object({
    notionalCap: decimalStringSchema.nullable(),
    maxLeverage: z.number().int().min(1),
    maintenanceMarginRate: decimalStringSchema,
    maintenanceAmount: decimalStringSchema,
  })
  .meta({ id: 'LeverageBracket' })
export type LeverageBracket = z.infer<typeof leverageBracketSchema>

export const marketInstrumentSchema = z
  .object({
    pairCode: z.string(),
    baseCoin: z.string(),
    quoteCoin: z.string(),
    /** Price step. */
    tickSize: decimalStringSchema,
    /** Size step of orders, in the base coin. */
    lotSize: decimalStringSchema,
    /** Base coin amount of one futures contract. */
    contractSize: decimalStringSchema,
    maxLeverage: z.number().int().min(1),
    /** The perpetual's leverage and maintenance tiers, smallest notional first; the first allows `maxLeverage`. */
    brackets: z.array(leverageBracketSchema).min(1),
    /** Traded on spot, and as a USDT-margined perpetual. */
    spot: z.boolean(),
    futures: z.boolean(),
    rules: tradingRulesSchema,
  })
  .meta({ id: 'MarketInstrument' })
export type MarketInstrument = z.infer<typeof marketInstrumentSchema>
export const marketInstrumentsResponseSchema = okEnvelope(z.array(marketInstrumentSchema)).meta({
  id: 'MarketInstrumentsResponse',
})
export type MarketInstrumentsResponse = z.infer<typeof marketInstrumentsResponseSchema>

export const marketTickerSchema = z
  .object({
    pairCode: z.string(),
    /** The market's last trade price (the simulator's close before its book has traded). */
    last: decimalStringSchema,
    /** The simulator's price: positions are valued, liquidated and triggered on it. */
    mark: decimalStringSchema,
    open24h: decimalStringSchema,
    high24h: decimalStringSchema,
    low24h: decimalStringSchema,
    /** (last − open24h) / open24h, a ratio: "-0.0123" is −1.23 %. */
    change24h: signedDecimalStringSchema,
    volume24h: decimalStringSchema,
    quoteVolume24h: decimalStringSchema,
  })
  .meta({ id: 'MarketTicker' })
export type MarketTicker = z.infer<typeof marketTickerSchema>
export const marketTickersResponseSchema = okEnvelope(z.array(marketTickerSchema)).meta({ id: 'MarketTickersResponse' })
export type MarketTickersResponse = z.infer<typeof marketTickersResponseSchema>
export const marketTickerResponseSchema = okEnvelope(marketTickerSchema).meta({ id: 'MarketTickerResponse' })
export type MarketTickerResponse = z.infer<typeof marketTickerResponseSchema>

export const klineSchema = z
  .object({
    /** Candle start, epoch ms (UTC-aligned to the interval). */
    time: epochMs,
    open: decimalStringSchema,
    high: decimalStringSchema,
    low: decimalStringSchema,
    close: decimalStringSchema,
    volume: decimalStringSchema,
  })
  .meta({ id: 'Kline' })
export type Kline = z.infer<typeof klineSchema>
export const klinesResponseSchema = okEnvelope(z.array(klineSchema)).meta({ id: 'KlinesResponse' })
export type KlinesResponse = z.infer<typeof klinesResponseSchema>

export const marketTradeSchema = z
  .object({
    id: z.string(),
    time: epochMs,
    price: decimalStringSchema,
    size: decimalStringSchema,
    /** The taker's side. */
    side: z.enum(['buy', 'sell']),
  })
  .meta({ id: 'MarketTrade' })
export type MarketTrade = z.infer<typeof marketTradeSchema>
export const marketTradesResponseSchema = okEnvelope(z.array(marketTradeSchema)).meta({ id: 'MarketTradesResponse' })
export type MarketTradesResponse = z.infer<typeof marketTradesResponseSchema>

/** Query numbers arrive as strings. */
const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

/** The two markets every pair trades on: spot and its USDT-margined perpetual. */
export const TRADING_MARKETS = ['spot', 'futures'] as const
export const tradingMarketSchema = z.enum(TRADING_MARKETS).meta({ id: 'TradingMarket' })
export type TradingMarket = z.infer<typeof tradingMarketSchema>

/** Which market's trades set the ticker's last price (spot when absent). */
const bizQuery = { biz: tradingMarketSchema.default('spot') }

export const tickersQuerySchema = z.object(bizQuery).meta({ id: 'TickersQuery' })
export type TickersQuery = z.infer<typeof tickersQuerySchema>

export const tickerQuerySchema = z.object({ pairCode: pairCodeSchema, ...bizQuery }).meta({ id: 'TickerQuery' })
export type TickerQuery = z.infer<typeof tickerQuerySchema>

export const klineQuerySchema = z
  .object({
    pairCode: pairCodeSchema,
    ...bizQuery,
    interval: klineIntervalSchema,
    limit: queryInt(KLINE_LIMIT.min, KLINE_LIMIT.max).default(KLINE_LIMIT.default),
    /** Newest candle start to include, epoch ms (default: now). */
    endTime: queryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  })
  .meta({ id: 'KlineQuery' })
export type KlineQuery = z.infer<typeof klineQuerySchema>

export const tradesQuerySchema = z
  .object({
    pairCode: pairCodeSchema,
    ...bizQuery,
    limit: queryInt(TRADES_LIMIT.min, TRADES_LIMIT.max).default(TRADES_LIMIT.default),
  })
  .meta({ id: 'TradesQuery' })
export type TradesQuery = z.infer<typeof tradesQuerySchema>

export const DEPTH_LIMIT = { min: 1, max: TRADING.depthLevels, default: TRADING.depthLevels } as const

/** A perpetual's funding: GET /market/v1/funding. */
export const fundingQuerySchema = z.object({ pairCode: pairCodeSchema }).meta({ id: 'FundingQuery' })
export type FundingQuery = z.infer<typeof fundingQuerySchema>

/**
 * A perpetual's funding now: the rate the interval in progress would pay (from its premium index samples so far), the
 * last rate paid, the interest component and when the next funding time is. Rates are ratios of the position's value
 * at the mark ("0.0001" is 0.01 %), positive when longs pay shorts.
 */
export const fundingRateSchema = z
  .object({
    pairCode: z.string(),
    /** What the interval in progress pays if its samples stay where they are: F = P̄ + clamp(I − P̄), capped. */
    predictedRate: signedDecimalStringSchema,
    /** The average premium index of the interval so far, P̄ ("0" before its first sample). */
    premiumIndex: signedDecimalStringSchema,
    /** How many minutes of the interval were sampled so far. */
    samples: z.number().int().min(0),
    /** The interest component I of every interval. */
    interestRate: signedDecimalStringSchema,
    /** The largest rate either way. */
    rateCap: decimalStringSchema,
    /** The last funding time paid and its rate; null before the first. */
    lastFundingTime: epochMs.nullable(),
    lastRate: signedDecimalStringSchema.nullable(),
    /** When the interval in progress is paid, epoch ms (every `intervalHours` from 00:00 UTC). */
    nextFundingTime: epochMs,
    intervalHours: z.number().int().min(1),
  })
  .meta({ id: 'FundingRate' })
export type FundingRate = z.infer<typeof fundingRateSchema>
export const fundingRateResponseSchema = okEnvelope(fundingRateSchema).meta({ id: 'FundingRateResponse' })

export const fundingHistoryQuerySchema = z
  .object({
    pairCode: pairCodeSchema,
    limit: queryInt(1, FUTURES.funding.historyMaxLimit).default(FUTURES.funding.historyDefaultLimit),
  })
  .meta({ id: 'FundingHistoryQuery' })
export type FundingHistoryQuery = z.infer<typeof fundingHistoryQuerySchema>

/** One funding time paid: when, at what rate (positive: longs paid shorts), at what mark. */
export const paidFundingSchema = z
  .object({ time: epochMs, rate: signedDecimalStringSchema, mark: decimalStringSchema })
  .meta({ id: 'PaidFunding' })
export type PaidFunding = z.infer<typeof paidFundingSchema>
export const fundingHistoryResponseSchema = okEnvelope(z.array(paidFundingSchema)).meta({
  id: 'FundingHistoryResponse',
})

export const depthQuerySchema = z
  .object({
    pairCode: pairCodeSchema,
    biz: tradingMarketSchema.default('spot'),
    limit: queryInt(DEPTH_LIMIT.min, DEPTH_LIMIT.max).default(DEPTH_LIMIT.default),
  })
  .meta({ id: 'DepthQuery' })
export type DepthQuery = z.infer<typeof depthQuerySchema>

/** [price, size], exact decimal strings; size in the base coin. */
const depthLevelSchema = z.tuple([decimalStringSchema, decimalStringSchema])

export const depthSchema = z
  .object({
    pairCode: z.string(),
    biz: tradingMarketSchema,
    /**
     * Goes up with every change to the book's resting orders: a client that receives an update whose sequence is
     * not above the last one it applied, or that missed updates, takes a new snapshot.
     */
    sequence: z.number().int().min(0),
    /**
     * On an update: the sequence of the update sent before it on this channel. A client whose last applied sequence
     * is lower missed one (a dropped message): it takes a new snapshot. Absent on a snapshot.
     */
    previous: z.number().int().min(0).optional(),
    /** When the book was read, epoch ms. */
    time: z.number().int().min(0),
    /** Best (highest) first. */
    bids: z.array(depthLevelSchema),
    /** Best (lowest) first. */
    asks: z.array(depthLevelSchema),
  })
  .meta({ id: 'Depth' })
export type Depth = z.infer<typeof depthSchema>
export const depthResponseSchema = okEnvelope(depthSchema).meta({ id: 'DepthResponse' })

/** A pair the user keeps at hand on the markets page, on a market. */
export const favouriteSchema = z
  .object({ biz: tradingMarketSchema, pairCode: pairCodeSchema })
  .meta({ id: 'Favourite' })
export type Favourite = z.infer<typeof favouriteSchema>
/** At most this many favourites are kept. */
export const MAX_FAVOURITES = 100
/** The whole list, in the user's order (a PUT replaces it). */
export const favouritesSchema = z.array(favouriteSchema).max(MAX_FAVOURITES).meta({ id: 'Favourites' })
export const favouritesRequestSchema = z.object({ list: favouritesSchema }).meta({ id: 'FavouritesRequest' })
export const favouritesResponseSchema = okEnvelope(favouritesSchema).meta({ id: 'FavouritesResponse' })
