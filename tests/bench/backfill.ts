/**
 * `npm run bench:backfill`: the first start's back-fill over EXCHANGE_BACKFILL_DAYS (180 by default). (a) The
 * simulation alone, every pair's minutes keyed by a secret seed, no database: median of 3 runs; (b) a whole first start
 * of the exchange on PGlite in memory (the market's back-fill, then the simulated leaders' history and followers), with
 * the time the market's back-fill took, as it logs it.
 */
import { performance } from 'node:perf_hooks'
import { MARKET } from '#/app.config.ts'
import { createExchange } from '#/exchange/index.ts'
import { simulateSpan } from '#/exchange/market/backfill.ts'
import { INSTRUMENTS } from '#/exchange/market/instruments.ts'
import { marketSeedFrom, randomMarketSecret } from '#/exchange/market/market-seed.ts'
import { gridsOf } from '#/exchange/market/price-path.ts'
import { lastWholeMinute } from '#/exchange/market/simulator.ts'
import { parseCount } from '#/exchange/market/ticks.ts'

const DAYS = Number(process.env.EXCHANGE_BACKFILL_DAYS ?? MARKET.backfillDays)
const RUNS = 3
const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

const to = lastWholeMinute(new Date())
const span = {
  from: Math.floor(to / HOUR_MS) * HOUR_MS - DAYS * DAY_MS,
  to,
  minuteWindow: (MARKET.minuteHistoryDays * DAY_MS) / 60_000,
}
const seed = marketSeedFrom(randomMarketSecret())
const runs: number[] = []
for (let run = 0; run < RUNS; run += 1) {
  const began = performance.now()
  simulateSpan(INSTRUMENTS, seed, span, (instrument) => parseCount(instrument.startPrice, gridsOf(instrument).tick))
  runs.push(performance.now() - began)
}
runs.sort((a, b) => a - b)
console.log(
  `simulation of ${DAYS} days × ${INSTRUMENTS.length} pairs: median ${Math.round(runs[1] ?? 0)} ms (${runs.map(Math.round).join(', ')})`,
)

const lines: string[] = []
const began = performance.now()
const exchange = await createExchange({
  dataDir: 'memory://',
  devPages: false,
  logger: { log: (line: string) => lines.push(line), error: console.error },
  market: { backfillDays: DAYS, minuteHistoryDays: MARKET.minuteHistoryDays },
})
console.log(`first start (PGlite in memory, ${DAYS} days): ${Math.round(performance.now() - began)} ms`)
for (const line of lines) console.log(`  ${line}`)
await exchange.close()
