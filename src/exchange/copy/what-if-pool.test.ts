/**
 * The replay on a worker thread answers to the last digit what the same job answers in-process, and a pool whose worker
 * cannot start still answers.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Money } from '../money.ts'
import { defaultRules } from './rules.ts'
import { createReplayPool, whatIfWorkerCount, type ReplayPool } from './what-if-pool.ts'
import {
  runWhatIfJob,
  whatIfHistoryJson,
  whatIfJob,
  type WhatIfHistory,
  type WhatIfJob,
  type WhatIfJobSettings,
} from './what-if-replay.ts'
import { WHAT_IF } from '#/app.config.ts'

const HOUR = 3_600_000
/** Monday 2026-01-05 00:00 UTC: the 12 days cross two profit-share Mondays and every funding hour. */
const FROM = Date.UTC(2026, 0, 5)
const DAYS = 12

/**
 * A seeded leader history: hourly closes of two pairs on a random walk, and positions opened, added to, reduced and
 * closed at those prices.
 */
function syntheticHistory(): WhatIfHistory {
  let seed = 7
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed / 2_147_483_648
  }
  const pairs = [
    { pairCode: 'BTC_USDT', price: new Money(60_000), size: '0.5' },
    { pairCode: 'ETH_USDT', price: new Money(3_000), size: '4' },
  ]
  const now = FROM + DAYS * 24 * HOUR
  const closes: WhatIfHistory['closes'] = pairs.map((p) => ({ pairCode: p.pairCode, points: [] }))
  const events: WhatIfHistory['events'] = []
  const open = new Map<string, { positionId: number; added: boolean; reduced: boolean }>()
  let positionId = 100
  for (let time = FROM; time <= now; time += HOUR) {
    pairs.forEach((pair, index) => {
      pair.price = pair.price
        .times(new Money(1).plus(new Money(random()).minus('0.5').times('0.03')))
        .toDecimalPlaces(2)
      closes[index]?.points.push({ time, price: pair.price.toFixed() })
      const at = time + 17 * 60_000
      const event = (
        kind: 'open' | 'add' | 'reduce' | 'close',
        id: number,
        size: string,
        side: number,
        leverage: number,
      ) =>
        events.push({
          id: `e${events.length}`,
          positionId: id,
          kind,
          pairCode: pair.pairCode,
          price: pair.price.toFixed(),
          size,
          at,
          side,
          leverage,
        })
      const held = open.get(pair.pairCode)
      const roll = random()
      if (!held) {
        if (roll < 0.3) {
          positionId += 1
          open.set(pair.pairCode, { positionId, added: false, reduced: false })
          event('open', positionId, pair.size, roll < 0.15 ? 1 : -1, 5 + Math.floor(random() * 20))
        }
      } else if (!held.added && roll < 0.3) {
        held.added = true
        event('add', held.positionId, pair.size, 1, 10)
      } else if (!held.reduced && roll < 0.5) {
        held.reduced = true
        event('reduce', held.positionId, new Money(pair.size).div(2).toFixed(), 1, 10)
      } else if (roll < 0.7) {
        open.delete(pair.pairCode)
        event('close', held.positionId, '0', 1, 10)
      }
    })
  }
  return { from: FROM, now, events, closes }
}

const settings: WhatIfJobSettings = {
  mode: 'fixed',
  fixedAmount: '250',
  ratio: null,
  maxPerOrder: null,
  leverageMode: 'follow',
  fixedLeverage: null,
  takeProfitRatio: '0.4',
  stopLossRatio: '0.3',
  copyStopLossRatio: null,
}

const jobs: WhatIfJob[] = [
  whatIfJob(defaultRules(), whatIfHistoryJson(syntheticHistory()), {
    leaderId: 7,
    biz: 'futures',
    rate: '0.1',
    allowedInstruments: [],
    settings,
    investment: '3000',
  }),
  whatIfJob(defaultRules(), whatIfHistoryJson(syntheticHistory()), {
    leaderId: 7,
    biz: 'futures',
    rate: '0.15',
    allowedInstruments: ['ETH_USDT'],
    settings: {
      ...settings,
      mode: 'ratio',
      fixedAmount: null,
      ratio: '0.35',
      maxPerOrder: '900',
      leverageMode: 'fixed',
      fixedLeverage: 3,
      takeProfitRatio: null,
      copyStopLossRatio: '0.5',
    },
    investment: '1234.56789',
  }),
]

let pool: ReplayPool | undefined
afterEach(async () => {
  await pool?.close()
  pool = undefined
})

describe('what-if replay pool', () => {
  it('answers on a worker thread exactly what the same job answers in-process', async () => {
    const errors: unknown[] = []
    const workers = createReplayPool({
      size: 2,
      logger: { log: () => undefined, error: (...args: unknown[]) => errors.push(args) },
    })
    pool = workers
    const inProcess = jobs.map((job) => runWhatIfJob(job))
    const onWorkers = await Promise.all(jobs.map((job) => workers.run(job)))
    expect(errors).toEqual([])
    expect(workers.usesWorkers()).toBe(true)
    expect(onWorkers).toEqual(inProcess)
    // The fixture exercises the engine: trades copied, fees charged, results that differ by settings.
    expect(inProcess[0]?.copied).toBeGreaterThan(5)
    expect(new Money(inProcess[0]?.fees ?? '0').gt(0)).toBe(true)
    expect(inProcess[0]?.pnl).not.toBe(inProcess[1]?.pnl)
  })

  it('replays in-process, and says so once, when a worker cannot start', async () => {
    const errors: unknown[] = []
    const broken = createReplayPool({
      size: 1,
      logger: { log: () => undefined, error: (...args: unknown[]) => errors.push(args) },
      workerUrl: new URL('./no-such-worker.ts', import.meta.url),
    })
    pool = broken
    const answers = await Promise.all(jobs.map((job) => broken.run(job)))
    expect(answers).toEqual(jobs.map((job) => runWhatIfJob(job)))
    expect(broken.usesWorkers()).toBe(false)
    expect(errors).toHaveLength(1)
  })

  it('keeps a core for the event loop, within the configured bounds', () => {
    expect(whatIfWorkerCount(1)).toBe(WHAT_IF.minWorkers)
    expect(whatIfWorkerCount(2)).toBe(Math.max(WHAT_IF.minWorkers, 2 - WHAT_IF.coresForEventLoop))
    expect(whatIfWorkerCount(64)).toBe(WHAT_IF.maxWorkers)
  })
})
