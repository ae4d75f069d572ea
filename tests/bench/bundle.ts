/**
 * `npm run bench:bundle`: what a first visit downloads. First-load JavaScript of a page, read in
 * Chromium: every script the page loads until the network is idle, counted at its gzip size (the .gz
 * written at build time). Beside it the page's HTML as the server sends it: uncompressed, brotli
 * and gzip (the server compresses HTML as it streams; these are the bytes on the wire). The chart library is loaded
 * by the pages that draw one after they have painted: it is counted apart, with when it was asked for against the
 * page's first contentful paint.
 */
import { existsSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { chromium } from 'playwright-core'
import { startServer } from './server.ts'

const PAGES = [
  ['baseline (framework only)', '/baseline'],
  ['/copy-trading/gemw', '/copy-trading/gemw'],
  ['home /', '/'],
  ['leader list', '/copy-trading/futures'],
  ['leader detail', '/copy-trading/futures-trader/10000005'],
  ['markets', '/markets'],
  ['spot terminal', '/spot/BTC_USDT'],
  ['futures terminal', '/futures/BTC_USDT'],
] as const

/** Chunks a page imports only after it has painted (the chart library): counted apart from the first load. */
const LAZY = /\/lightweight-charts[^/]*\.js$/

function gzipBytes(pathname: string): number {
  const file = `dist/client${pathname}`
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size
  return existsSync(file) ? statSync(file).size : 0
}

/** Bytes of the response body as sent, before any decoding (fetch would decompress). */
function wireBytes(url: string, encoding: 'identity' | 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        reject(new Error(`${url}: HTTP ${response.statusCode}`))
        return
      }
      const sent = response.headers['content-encoding'] ?? 'identity'
      if (sent !== encoding) {
        response.resume()
        reject(new Error(`${url}: asked for ${encoding}, got ${sent}`))
        return
      }
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const server = await startServer(3302)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
interface Row {
  name: string
  files: number
  bytes: number
  /** The chart library, when the page loaded it, and whether it was asked for after the first paint. */
  lazy: { bytes: number; afterPaint: boolean } | undefined
  html: { raw: number; br: number; gzip: number }
}
const rows: Row[] = []
try {
  for (const [name, path] of PAGES) {
    const page = await browser.newPage()
    const scripts = new Set<string>()
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname)
    })
    await page.goto(server.base + path, { waitUntil: 'networkidle' })
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      scripts: performance
        .getEntriesByType('resource')
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
    }))
    await page.close()
    const lazyFiles = [...scripts].filter((p) => LAZY.test(p))
    const lazyStart = Math.min(...timing.scripts.filter((s) => LAZY.test(s.name)).map((s) => s.start))
    const html = {
      raw: await wireBytes(server.base + path, 'identity'),
      br: await wireBytes(server.base + path, 'br'),
      gzip: await wireBytes(server.base + path, 'gzip'),
    }
    const firstLoad = [...scripts].filter((p) => !LAZY.test(p))
    rows.push({
      name,
      files: firstLoad.length,
      bytes: firstLoad.reduce((sum, p) => sum + gzipBytes(p), 0),
      lazy:
        lazyFiles.length === 0
          ? undefined
          : { bytes: lazyFiles.reduce((sum, p) => sum + gzipBytes(p), 0), afterPaint: lazyStart > timing.paint },
      html,
    })
  }
} finally {
  await browser.close()
  await server.stop()
}
const kB = (bytes: number) => (bytes / 1024).toFixed(1)
const baseline = rows[0]?.bytes ?? 1
console.log('\nFirst-load JS (gzip), read in Chromium, and the HTML document as sent:')
console.log(
  'page'.padEnd(30),
  'files'.padStart(6),
  'JS kB gzip'.padStart(11),
  'vs baseline'.padStart(12),
  'HTML kB'.padStart(9),
  'br'.padStart(7),
  'gzip'.padStart(7),
  '  chart (after first paint)',
)
for (const r of rows) {
  console.log(
    r.name.padEnd(30),
    String(r.files).padStart(6),
    kB(r.bytes).padStart(11),
    `${(r.bytes / baseline).toFixed(2)}×`.padStart(12),
    kB(r.html.raw).padStart(9),
    kB(r.html.br).padStart(7),
    kB(r.html.gzip).padStart(7),
    r.lazy ? `  ${kB(r.lazy.bytes)} kB ${r.lazy.afterPaint ? 'after first paint' : 'BEFORE first paint'}` : '',
  )
}
console.log('target: shell pages within 1.30× of the baseline; the terminal within 1.50×, its chart after first paint')
