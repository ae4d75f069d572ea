/**
 * `npm run bench:format`: formats per second of the decimal-exact formatters beside
 * Intl.NumberFormat on floats, in the same run (the price of exactness).
 */
import { formatNumber } from '#/lib/format/number.ts'

const N = Number(process.env.BENCH_ITERATIONS ?? 200_000)
const prices = Array.from(
  { length: 1000 },
  (_, i) => `${(i * 7919) % 100000}.${String((i * 104729) % 100000000).padStart(8, '0')}`,
)
const huge = Array.from({ length: 1000 }, (_, i) => `${BigInt(i + 1) * 987654321987n}`)
const tiny = Array.from({ length: 1000 }, (_, i) => `0.0000000${(i % 900) + 100}`)

function measure(name: string, run: (i: number) => string): { name: string; perSecond: number } {
  for (let i = 0; i < 10_000; i += 1) run(i)
  const start = process.hrtime.bigint()
  let sink = 0
  for (let i = 0; i < N; i += 1) sink += run(i).length
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (sink === 0) throw new Error('nothing formatted')
  return { name, perSecond: N / seconds }
}

const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const intlCompact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 })
const rows = [
  measure('Intl.NumberFormat price (float)', (i) => intl.format(Number(prices[i % 1000]))),
  measure('formatNumber price (2 decimals)', (i) => formatNumber(prices[i % 1000], { digits: 2, tag: 'en-US' })),
  measure('Intl compact (float)', (i) => intlCompact.format(Number(huge[i % 1000]))),
  measure('formatNumber abbreviation (K…Q)', (i) =>
    formatNumber(huge[i % 1000], { digits: 2, tag: 'en-US', compact: true }),
  ),
  measure('formatNumber zero-fold (8 decimals)', (i) => formatNumber(tiny[i % 1000], { digits: 10, tag: 'en-US' })),
]
const base = rows[0]?.perSecond ?? 1
console.log(`\nFormats per second (${N.toLocaleString('en-US')} each, this machine):`)
for (const r of rows)
  console.log(
    r.name.padEnd(38),
    Math.round(r.perSecond).toLocaleString('en-US').padStart(12),
    `${(r.perSecond / base).toFixed(2)}× Intl`.padStart(12),
  )
