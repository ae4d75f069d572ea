/**
 * `npm run bench:terminal`: the futures terminal in Chromium under a busy market. The page's socket is routed through
 * this script: everything passes to and from the real server except the pair's `depth` and `trades` updates, which
 * this script plays instead at BOOK_RATE book updates (every level's size changes, the sequence goes on without gaps)
 * and TRADE_RATE trades a second, for SECONDS. Counted in the page: long tasks over 50 ms (target 0) and frames a
 * second (target ≥ 55). Then LCP of a fresh load with the CPU slowed 4× (DevTools throttling), beside the framework
 * baseline page loaded the same way in the same run.
 */
import { chromium, type Browser } from 'playwright-core'
import { depthSchema, type Depth } from '#/contract/index.ts'
import { startServer } from './server.ts'

const BOOK_RATE = Number(process.env.BENCH_BOOK_RATE ?? 10)
const TRADE_RATE = Number(process.env.BENCH_TRADE_RATE ?? 20)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PORT = Number(process.env.BENCH_PORT ?? 3472)
const PAIR = 'BTC_USDT'
const PATH = `/futures/${PAIR}`
const CPU_SLOWDOWN = 4

const server = await startServer(PORT)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})

interface Feed {
  stop: () => void
  sent: () => { book: number; trades: number; sequence: number | undefined }
}

/** The book the feed sends next: the server's snapshot with every level's size moved, one sequence on. */
function nextBook(origin: Depth, sequence: number, step: number): Depth {
  const wiggle = ([price, size]: [string, string], i: number): [string, string] => [
    price,
    (Number(size) * (1 + (((step * 13 + i * 7) % 21) - 10) / 100)).toFixed(4),
  ]
  return {
    ...origin,
    sequence: sequence + 1,
    previous: sequence,
    time: Date.now(),
    bids: origin.bids.map(wiggle),
    asks: origin.asks.map(wiggle),
  }
}

async function measureUnderFeed(browser: Browser) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  let feed: Feed | undefined
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const upstream = ws.connectToServer()
    let origin: Depth | undefined
    let book: Depth | undefined
    let bookSent = 0
    let tradesSent = 0
    let tradeId = 0
    const played = (channel: unknown, pairCode: unknown) =>
      (channel === 'depth' || channel === 'trades') && pairCode === PAIR
    upstream.onMessage((text) => {
      const message = JSON.parse(String(text)) as Record<string, unknown>
      if (played(message.channel, message.pairCode) && message.type === 'update') return
      if (message.channel === 'depth' && message.pairCode === PAIR) {
        const parsed = depthSchema.safeParse((message.data as { result?: unknown } | undefined)?.result)
        if (parsed.success) {
          origin = parsed.data
          book = parsed.data
        }
      }
      ws.send(String(text))
    })
    ws.onMessage((text) => upstream.send(String(text)))
    if (feed) return
    const started = Date.now()
    const timer = setInterval(() => {
      const elapsed = (Date.now() - started) / 1000
      const send = (channel: 'depth' | 'trades', result: unknown) =>
        ws.send(
          JSON.stringify({
            event: 'subscribe',
            channel,
            biz: 'futures',
            type: 'update',
            pairCode: PAIR,
            data: { result },
          }),
        )
      for (; origin && book && bookSent < Math.floor(elapsed * BOOK_RATE); bookSent += 1) {
        book = nextBook(origin, book.sequence, bookSent)
        send('depth', book)
      }
      const mid = book?.bids[0]?.[0] ?? '100000'
      for (; tradesSent < Math.floor(elapsed * TRADE_RATE); tradesSent += 1) {
        tradeId += 1
        send('trades', [
          { id: `bench-${tradeId}`, time: Date.now(), price: mid, size: '0.0100', side: tradeId % 2 ? 'buy' : 'sell' },
        ])
      }
    }, 10)
    feed = {
      stop: () => clearInterval(timer),
      sent: () => ({ book: bookSent, trades: tradesSent, sequence: book?.sequence }),
    }
  })
  await page.goto(server.base + PATH, { waitUntil: 'networkidle' })
  await page.locator('html[data-hydrated="true"]').waitFor()
  await page.locator('[data-testid="candle-chart"][data-ready="true"]').waitFor()
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __frames: number }
    w.__longTasks = []
    w.__frames = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration)
    }).observe({ type: 'longtask', buffered: false })
    const frame = () => {
      w.__frames += 1
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
  const before = feed?.sent() ?? { book: 0, trades: 0, sequence: undefined }
  await page.waitForTimeout(SECONDS * 1000)
  const result = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __frames: number }
    return { longTasks: w.__longTasks, frames: w.__frames }
  })
  const after = feed?.sent() ?? before
  feed?.stop()
  // The last book sent is the one shown: the page kept up.
  await page.waitForTimeout(200)
  const shownSequence = await page.getByTestId('order-book').getAttribute('data-sequence')
  await page.close()
  return {
    ...result,
    book: after.book - before.book,
    trades: after.trades - before.trades,
    lastSent: after.sequence,
    shownSequence,
  }
}

/** Largest contentful paint of a fresh load with the CPU slowed down, in ms. */
async function lcp(browser: Browser, path: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await page.goto(server.base + path, { waitUntil: 'load' })
  await page.waitForTimeout(1500)
  const value = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries()
          resolve(entries.at(-1)?.startTime ?? 0)
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  await context.close()
  return value
}

try {
  const feed = await measureUnderFeed(browser)
  const median = async (path: string) => {
    const runs: number[] = []
    for (let i = 0; i < 3; i += 1) runs.push(await lcp(browser, path))
    return runs.sort((a, b) => a - b)[1] ?? 0
  }
  const baselineLcp = await median('/baseline')
  const terminalLcp = await median(PATH)
  const long = feed.longTasks.filter((d) => d > 50)
  console.log(
    `\nFutures terminal (${PATH}) under ${BOOK_RATE} book updates/s and ${TRADE_RATE} trades/s for ${SECONDS} s:`,
  )
  console.log(`book updates sent    ${feed.book} (${(feed.book / SECONDS).toFixed(1)}/s), trades sent ${feed.trades}`)
  console.log(`book shown at        sequence ${feed.shownSequence ?? '?'} (last sent ${feed.lastSent ?? '?'})`)
  console.log(`frames rendered      ${feed.frames} (${(feed.frames / SECONDS).toFixed(1)}/s; target ≥ 55)`)
  console.log(
    `long tasks > 50 ms   ${long.length}${long.length ? ` (longest ${Math.round(Math.max(...long))} ms)` : ''} (target 0)`,
  )
  console.log(`\nLCP with the CPU ${CPU_SLOWDOWN}× slower (median of 3 fresh loads):`)
  console.log(`baseline (framework) ${Math.round(baselineLcp)} ms`)
  console.log(
    `futures terminal     ${Math.round(terminalLcp)} ms (${(terminalLcp / baselineLcp).toFixed(2)}× the baseline)`,
  )
} finally {
  await browser.close()
  await server.stop()
}
