/**
 * `npm run bench:api`: throughput of two exchange calls, in one run, (a) in-process through
 * `exchange.fetch` with 50 concurrent callers and (b) over HTTP through a local srvx server with
 * autocannon (50 connections). PGlite in memory, demo data, signed in as the demo user.
 */
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { serve } from 'srvx'
import { sessionResponseSchema } from '#/contract/index.ts'
import { createExchange, type Exchange } from '#/exchange/index.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5)
const CONCURRENCY = 50
const WARM_UP_S = 1

interface Target {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: string
}

const TARGETS: Target[] = [
  { name: 'GET security config', method: 'GET', path: '/v2/users/security/config' },
  {
    name: 'POST wallet account',
    method: 'POST',
    path: '/asset/v1/api/wallet/account',
    body: JSON.stringify({ walletTypeList: [3] }),
  },
]

interface Measure {
  rps: number
  p50: number
  p99: number
  errors: number
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
}

/** CONCURRENCY callers, each awaiting its previous answer (as autocannon's connections do). */
async function inProcess(
  exchange: Exchange,
  target: Target,
  headers: Record<string, string>,
  seconds: number,
): Promise<Measure> {
  const latencies: number[] = []
  let errors = 0
  const deadline = performance.now() + seconds * 1000
  const caller = async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      const response = await exchange.fetch(
        new Request(`http://exchange.local${target.path}`, { method: target.method, headers, body: target.body }),
      )
      await response.arrayBuffer()
      if (response.status !== 200) errors++
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, caller))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors }
}

async function overHttp(
  url: string,
  target: Target,
  headers: Record<string, string>,
  seconds: number,
): Promise<Measure> {
  const result = await autocannon({
    url: url + target.path,
    method: target.method,
    headers,
    body: target.body,
    connections: CONCURRENCY,
    duration: seconds,
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

const exchange = await createExchange({
  dataDir: 'memory://',
  devPages: false,
  logger: { log: () => undefined, error: console.error },
  market: { backfillDays: 7, minuteHistoryDays: 1 },
})
const server = serve({
  port: 0,
  hostname: '127.0.0.1',
  silent: true,
  gracefulShutdown: false,
  fetch: (request) => exchange.fetch(request),
})
await server.ready()
const url = (server.url ?? '').replace(/\/$/, '')

try {
  const login = await exchange.fetch(
    new Request('http://exchange.local/v2/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountType: 'email', account: 'demo@tandem.dev', password: 'Demo12345' }),
    }),
  )
  const { token } = sessionResponseSchema.parse(await login.json()).data
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

  const rows: Array<{ target: Target; local: Measure; http: Measure }> = []
  for (const target of TARGETS) {
    // Warm up both paths (JIT, prepared statements) before measuring.
    await inProcess(exchange, target, headers, WARM_UP_S)
    await overHttp(url, target, headers, WARM_UP_S)
    const local = await inProcess(exchange, target, headers, DURATION_S)
    const http = await overHttp(url, target, headers, DURATION_S)
    rows.push({ target, local, http })
  }

  const fmt = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width)
  console.log(
    `\nExchange API throughput, ${CONCURRENCY} concurrent × ${DURATION_S}s each, PGlite in memory, this machine:`,
  )
  console.log(
    'call'.padEnd(22),
    'in-process req/s'.padStart(17),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'HTTP req/s'.padStart(11),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'in-proc/HTTP'.padStart(13),
    'errors'.padStart(7),
  )
  for (const { target, local, http } of rows) {
    console.log(
      target.name.padEnd(22),
      fmt(local.rps, 17),
      fmt(local.p50, 7, 1),
      fmt(local.p99, 7, 1),
      fmt(http.rps, 11),
      fmt(http.p50, 7, 1),
      fmt(http.p99, 7, 1),
      `${(local.rps / Math.max(http.rps, 1)).toFixed(2)}×`.padStart(13),
      String(local.errors + http.errors).padStart(7),
    )
  }
  if (rows.some((row) => row.local.errors + row.http.errors > 0)) process.exitCode = 1
} finally {
  await server.close(true)
  await exchange.close()
}
