/**
 * `npm run bench:bundle`: first-load JavaScript of a page, read in Chromium: every script the page
 * loads until the network is idle, counted at its gzip size (the .gz written at build time).
 */
import { existsSync, statSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { startServer } from './server.ts'

const PAGES = [
  ['baseline (framework only)', '/baseline'],
  ['/copy-trading/gemw', '/copy-trading/gemw'],
  ['home /', '/'],
  ['leader list', '/copy-trading/futures'],
  ['leader detail', '/copy-trading/futures-trader/10000005'],
] as const

function gzipBytes(pathname: string): number {
  const file = `dist/client${pathname}`
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size
  return existsSync(file) ? statSync(file).size : 0
}

const server = await startServer(3302)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const rows: Array<{ name: string; files: number; bytes: number }> = []
try {
  for (const [name, path] of PAGES) {
    const page = await browser.newPage()
    const scripts = new Set<string>()
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname)
    })
    await page.goto(server.base + path, { waitUntil: 'networkidle' })
    await page.close()
    rows.push({ name, files: scripts.size, bytes: [...scripts].reduce((sum, p) => sum + gzipBytes(p), 0) })
  }
} finally {
  await browser.close()
  await server.stop()
}
const baseline = rows[0]?.bytes ?? 1
console.log('\nFirst-load JS (gzip), read in Chromium:')
console.log('page'.padEnd(30), 'files'.padStart(6), 'kB gzip'.padStart(9), 'vs baseline'.padStart(12))
for (const r of rows) {
  console.log(r.name.padEnd(30), String(r.files).padStart(6), (r.bytes / 1024).toFixed(1).padStart(9), `${(r.bytes / baseline).toFixed(2)}×`.padStart(12))
}
console.log('target: shell pages within 1.30× of the baseline')
