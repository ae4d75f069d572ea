/**
 * `npm run bench:what-if`: does a flood of the public what-if replay (90 days) slow everyone else down?
 * The production server (90 days of history, TRUST_PROXY so X-Forwarded-For varies the client
 * address) is probed on `/healthz` and the home page at a steady rate, first alone, then while
 * what-if calls arrive at a fixed rate from several addresses, each with other settings (a cache
 * would otherwise answer them all) and cycling over every listed leader, so the load does not
 * depend on which leaders rank first that day. Probes are sent on a schedule, not one after
 * another, and timed from when they were due, so a blocked server shows in every probe that waited.
 * The engine clock runs slowly (BENCH_CLOCK_SPEED, 1 for real time): its minute tick and hourly
 * statistics stall the event loop on their own, and would land in one phase and not the other.
 * Figures are printed beside the unflooded run of the same process; nothing is asserted.
 */
import { performance } from 'node:perf_hooks'
import { z } from 'zod'
import { startServer } from './server.ts'

const PORT = Number(process.env.BENCH_PORT ?? 3302)
const PHASE_S = Number(process.env.BENCH_DURATION ?? 30)
/** What-if calls per second, all addresses together (the issue's figures were taken at 8). */
const FLOOD_RATE = Number(process.env.BENCH_RATE ?? 8)
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 6)
const LEADERS = Number(process.env.BENCH_LEADERS ?? 100)
const CLOCK_SPEED = process.env.BENCH_CLOCK_SPEED ?? '0.001'
/** Flood calls in flight at most; past it a due call is not sent (counted), so a stalled server is not buried. */
const MAX_OUTSTANDING = 200
const REQUEST_TIMEOUT_MS = 60_000
const PROBES = [
  { name: '/healthz', path: '/healthz', perSecond: 10 },
  // Enough samples that p99 is not just the slowest one.
  { name: 'home page /', path: '/', perSecond: 5 },
] as const
const TARGET_P99_MS = 100

const leadersSchema = z.object({ data: z.object({ list: z.array(z.object({ leaderId: z.string() })) }) })

interface Sample {
  ms: number
  status: number
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/**
 * Sends `send` every 1000 / perSecond ms for `seconds`, without waiting for answers; each sample is timed from when it
 * was due.
 */
async function paced(
  perSecond: number,
  seconds: number,
  send: (index: number) => Promise<number> | undefined,
): Promise<Sample[]> {
  const samples: Sample[] = []
  const pending: Promise<void>[] = []
  const interval = 1000 / perSecond
  const start = performance.now()
  for (let i = 0; i < perSecond * seconds; i += 1) {
    const due = start + i * interval
    await sleep(due - performance.now())
    const request = send(i)
    if (!request) continue
    pending.push(
      request.then(
        (status) => void samples.push({ ms: performance.now() - due, status }),
        () => void samples.push({ ms: performance.now() - due, status: 0 }),
      ),
    )
  }
  await Promise.all(pending)
  return samples
}

async function get(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  await response.arrayBuffer()
  return response.status
}

const server = await startServer(PORT, {
  EXCHANGE_BACKFILL_DAYS: '90',
  TRUST_PROXY: 'true',
  EXCHANGE_CLOCK_SPEED: CLOCK_SPEED,
})
type Row = { phase: string; name: string; count: number; p50: number; p99: number; max: number; failed: number }
const rows: Row[] = []
const flood = { sent: 0, skipped: 0, statuses: new Map<number, number>() }
const okMs: number[] = []
let leaderIds: string[] = []
try {
  const listed = leadersSchema.parse(
    await (await fetch(`${server.base}/spotapi/copy/v1/leaders?biz=futures&period=90d&pageSize=100`)).json(),
  )
  leaderIds = listed.data.list.map((leader) => leader.leaderId).slice(0, LEADERS)
  if (leaderIds.length === 0) throw new Error('no leaders listed')
  // Warm the probed routes (module loading, JIT) before measuring.
  for (let i = 0; i < 20; i += 1) await Promise.all(PROBES.map((probe) => get(server.base + probe.path)))

  const probeAll = (phase: string) =>
    Promise.all(
      PROBES.map(async (probe) => {
        const samples = await paced(probe.perSecond, PHASE_S, () => get(server.base + probe.path))
        const ms = samples
          .filter((s) => s.status === 200)
          .map((s) => s.ms)
          .sort((a, b) => a - b)
        rows.push({
          phase,
          name: probe.name,
          count: samples.length,
          p50: percentile(ms, 50),
          p99: percentile(ms, 99),
          max: ms.at(-1) ?? Number.NaN,
          failed: samples.length - ms.length,
        })
      }),
    )

  await probeAll('alone')

  let outstanding = 0
  const whatIf = (i: number): Promise<number> | undefined => {
    if (outstanding >= MAX_OUTSTANDING) {
      flood.skipped += 1
      return undefined
    }
    outstanding += 1
    flood.sent += 1
    const leaderId = leaderIds[i % leaderIds.length] ?? ''
    // A different fixed amount each call: every call is a new question, none answered from a cache.
    const body = { mode: 'fixed', fixedAmount: String(50 + i), investment: '5000', period: '90d' }
    const started = performance.now()
    return fetch(`${server.base}/spotapi/copy/v1/leaders/${leaderId}/what-if`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${(i % ADDRESSES) + 1}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
      .then(async (response) => {
        await response.arrayBuffer()
        flood.statuses.set(response.status, (flood.statuses.get(response.status) ?? 0) + 1)
        if (response.status === 200) okMs.push(performance.now() - started)
        return response.status
      })
      .catch((error: unknown) => {
        flood.statuses.set(0, (flood.statuses.get(0) ?? 0) + 1)
        throw error
      })
      .finally(() => {
        outstanding -= 1
      })
  }
  const flooding = paced(FLOOD_RATE, PHASE_S, whatIf)
  await probeAll('what-if flood')
  await flooding
} finally {
  await server.stop()
}

const fmt = (value: number, width: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(width)
console.log(
  `\nLatency while POST /what-if (90 days) arrives at ${FLOOD_RATE}/s from ${ADDRESSES} addresses over ${leaderIds.length} leaders, ${PHASE_S}s per phase, engine clock × ${CLOCK_SPEED}, this machine:`,
)
console.log(
  'probe'.padEnd(14),
  'phase'.padEnd(15),
  'n'.padStart(5),
  'p50 ms'.padStart(9),
  'p99 ms'.padStart(9),
  'max ms'.padStart(9),
  'failed'.padStart(7),
  'p99 vs alone'.padStart(13),
)
for (const row of rows) {
  const alone = rows.find((r) => r.name === row.name && r.phase === 'alone')
  const ratio = alone && row !== alone ? `${(row.p99 / alone.p99).toFixed(1)}×` : ''
  console.log(
    row.name.padEnd(14),
    row.phase.padEnd(15),
    String(row.count).padStart(5),
    fmt(row.p50, 9),
    fmt(row.p99, 9),
    fmt(row.max, 9),
    String(row.failed).padStart(7),
    ratio.padStart(13),
  )
}
okMs.sort((a, b) => a - b)
const statuses = [...flood.statuses]
  .sort(([a], [b]) => a - b)
  .map(([status, n]) => `${status === 0 ? 'failed' : status}: ${n}`)
console.log(
  `what-if calls: ${flood.sent} sent, ${flood.skipped} not sent (over ${MAX_OUTSTANDING} in flight); ${statuses.join(', ')}`,
)
console.log(`what-if answers (200): p50 ${fmt(percentile(okMs, 50), 0)} ms, p99 ${fmt(percentile(okMs, 99), 0)} ms`)
const missed = rows.filter((row) => row.phase !== 'alone' && !(row.p99 < TARGET_P99_MS))
console.log(
  `target: /healthz and the page under ${TARGET_P99_MS} ms p99 during the flood${missed.length > 0 ? ` — MISSED: ${missed.map((row) => row.name).join(', ')}` : ''}`,
)
