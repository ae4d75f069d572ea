/**
 * `npm run bench:ws-client`: 2,000 ticker messages a second into the home page in Chromium for
 * 10 s (the page's socket is routed to this script, which plays the feed), counting long tasks
 * over 50 ms and the frames rendered. Target: no long task over 50 ms — updates are coalesced to
 * one render per animation frame however fast they come.
 */
import { chromium } from 'playwright-core'
import { startServer } from './server.ts'

const RATE = Number(process.env.BENCH_RATE ?? 2000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PORT = Number(process.env.BENCH_PORT ?? 3471)
const PAIRS = [
  'BTC_USDT',
  'ETH_USDT',
  'SOL_USDT',
  'BNB_USDT',
  'XRP_USDT',
  'DOGE_USDT',
  'ADA_USDT',
  'TON_USDT',
  'AVAX_USDT',
  'LINK_USDT',
  'DOT_USDT',
  'TRX_USDT',
]

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
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  let seq = 0
  const tickers = () =>
    PAIRS.map((pairCode, i) => {
      const last = (100 + i + ((seq * 7 + i) % 97) / 100).toFixed(2)
      return {
        pairCode,
        last,
        open24h: '100',
        high24h: '200',
        low24h: '50',
        change24h: ((seq % 200) / 10_000 - 0.01).toFixed(4),
        volume24h: '1000',
        quoteVolume24h: '100000',
      }
    })
  let feed: ReturnType<typeof setInterval> | undefined
  await page.routeWebSocket(/\/ws$/, (ws) => {
    ws.onMessage((text) => {
      const message: unknown = JSON.parse(String(text))
      if (typeof message !== 'object' || message === null || !('event' in message)) return
      if (message.event === 'ping' && 'ts' in message) ws.send(JSON.stringify({ event: 'pong', ts: message.ts }))
      if (message.event === 'subscribe' && 'channel' in message && message.channel === 'tickers') {
        ws.send(
          JSON.stringify({
            event: 'subscribe',
            channel: 'tickers',
            biz: 'spot',
            type: 'snapshot',
            data: { result: tickers() },
          }),
        )
        // The feed: RATE messages a second, in bursts every 10 ms that catch up with the clock.
        const started = Date.now()
        let sent = 0
        feed ??= setInterval(() => {
          const due = Math.floor(((Date.now() - started) / 1000) * RATE)
          for (; sent < due; sent += 1) {
            seq += 1
            ws.send(
              JSON.stringify({
                event: 'subscribe',
                channel: 'tickers',
                biz: 'spot',
                type: 'update',
                data: { result: tickers() },
              }),
            )
          }
        }, 10)
      }
    })
  })
  await page.goto(`${server.base}/`, { waitUntil: 'networkidle' })
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
  const sentBefore = seq
  await page.waitForTimeout(SECONDS * 1000)
  const result = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __frames: number }
    return { longTasks: w.__longTasks, frames: w.__frames }
  })
  if (feed) clearInterval(feed)
  const delivered = seq - sentBefore
  console.log(
    `\nHome page under a ${RATE.toLocaleString('en-US')} msg/s ticker feed for ${SECONDS} s (Chromium, this machine):`,
  )
  console.log(
    `messages sent        ${delivered.toLocaleString('en-US')} (${Math.round(delivered / SECONDS).toLocaleString('en-US')}/s)`,
  )
  console.log(`frames rendered      ${result.frames} (${(result.frames / SECONDS).toFixed(1)}/s)`)
  console.log(
    `long tasks > 50 ms   ${result.longTasks.filter((d) => d > 50).length}${result.longTasks.length ? ` (longest ${Math.round(Math.max(...result.longTasks))} ms)` : ''}`,
  )
} finally {
  await browser.close()
  await server.stop()
}
