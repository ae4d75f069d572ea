/**
 * `npm run bench:ws`: 1,000 loopback clients subscribed to one ticker, 20 messages a second for
 * 10 s, through the realtime hub (protocol, subscriptions, pub/sub) and through a bare `ws`
 * broadcast of the same messages, in the same run: delivered messages per second and p50/p99
 * latency, and the hub's throughput as a ratio of the bare one (target ≥ 0.8).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'
import { createHub } from '#/exchange/realtime/hub.ts'
import { createMemoryPubSub } from '#/exchange/realtime/pubsub.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000)
const RATE = Number(process.env.BENCH_RATE ?? 20)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const TOPIC = 'spot:ticker:BTC_USDT:'
const ticker = (seq: number) => ({
  pairCode: 'BTC_USDT',
  last: '67250.5',
  open24h: '66000.1',
  high24h: '68000',
  low24h: '65000',
  change24h: '0.0189',
  volume24h: '12345.678',
  seq,
  ts: Date.now(),
})

interface Result {
  delivered: number
  latencies: number[]
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return `ws://127.0.0.1:${port}/ws`
}

/** Opens the clients (sending `hello` once open) and resolves when each has seen `ready` messages. */
async function connect(url: string, hello: string | undefined, ready: number, result: Result): Promise<WebSocket[]> {
  const sockets: WebSocket[] = []
  let readyCount = 0
  let resolveReady: () => void = () => undefined
  const allReady = new Promise<void>((resolve) => (resolveReady = resolve))
  for (let i = 0; i < CLIENTS; i += 1) {
    const ws = new WebSocket(url)
    let seen = 0
    ws.on('message', (raw: Buffer) => {
      seen += 1
      if (seen === ready) {
        readyCount += 1
        if (readyCount === CLIENTS) resolveReady()
        return
      }
      if (seen < ready) return
      const ts = timestampOf(raw.toString('utf8'))
      result.delivered += 1
      if (ts !== undefined && result.latencies.length < 2_000_000) result.latencies.push(Date.now() - ts)
    })
    ws.on('open', () => hello && ws.send(hello))
    sockets.push(ws)
    // Connecting in batches keeps the accept queue from overflowing.
    if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await allReady
  return sockets
}

/** The `ts` a message carries (clients parse every message, as the app does). */
function timestampOf(text: string): number | undefined {
  const parsed: unknown = JSON.parse(text)
  if (typeof parsed !== 'object' || parsed === null || !('data' in parsed)) return undefined
  const { data } = parsed
  if (typeof data !== 'object' || data === null || !('result' in data)) return undefined
  const { result } = data
  return typeof result === 'object' && result !== null && 'ts' in result && typeof result.ts === 'number'
    ? result.ts
    : undefined
}

async function drive(publish: (text: string) => void): Promise<number> {
  const started = Date.now()
  let seq = 0
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      seq += 1
      publish(
        JSON.stringify({
          event: 'subscribe',
          channel: 'ticker',
          biz: 'spot',
          type: 'update',
          pairCode: 'BTC_USDT',
          base: 'BTC',
          data: { result: ticker(seq) },
        }),
      )
      if (Date.now() - started >= SECONDS * 1000) {
        clearInterval(timer)
        resolve()
      }
    }, 1000 / RATE)
  })
  // Let the last messages arrive.
  await new Promise((resolve) => setTimeout(resolve, 500))
  return (Date.now() - started) / 1000 - 0.5
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

async function hubRun(): Promise<Result & { seconds: number }> {
  const pubsub = createMemoryPubSub()
  const hub = createHub({
    pubsub,
    snapshots: {
      public: () => Promise.resolve({ ok: true, result: ticker(0), pairCode: 'BTC_USDT', base: 'BTC' }),
      private: () => Promise.resolve(null),
    },
    redeemTicket: () => Promise.resolve(undefined),
  })
  const server = createServer()
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head))
  const url = await listen(server)
  const result: Result = { delivered: 0, latencies: [] }
  // hello + snapshot, then updates.
  const sockets = await connect(
    url,
    JSON.stringify({ event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' }),
    2,
    result,
  )
  const seconds = await drive((text) => pubsub.publish(TOPIC, text))
  for (const ws of sockets) ws.terminate()
  await hub.close()
  server.close()
  return { ...result, seconds }
}

async function bareRun(): Promise<Result & { seconds: number }> {
  const server = createServer()
  const wss = new WebSocketServer({ server })
  wss.on('connection', (ws) => ws.send(JSON.stringify({ event: 'hello' })))
  const url = await listen(server)
  const result: Result = { delivered: 0, latencies: [] }
  const sockets = await connect(url, undefined, 1, result)
  const seconds = await drive((text) => {
    for (const client of wss.clients) client.send(text)
  })
  for (const ws of sockets) ws.terminate()
  await new Promise((resolve) => wss.close(resolve))
  server.close()
  return { ...result, seconds }
}

const bare = await bareRun()
const hub = await hubRun()
const line = (name: string, r: Result & { seconds: number }) =>
  console.log(
    name.padEnd(10),
    Math.round(r.delivered / r.seconds)
      .toLocaleString('en-US')
      .padStart(12),
    `${percentile(r.latencies, 0.5)} ms`.padStart(10),
    `${percentile(r.latencies, 0.99)} ms`.padStart(10),
  )
console.log(
  `\n${CLIENTS} clients × ${RATE} msg/s for ${SECONDS} s (loopback, this machine; expected ${(CLIENTS * RATE).toLocaleString('en-US')} msg/s):`,
)
console.log('server'.padEnd(10), 'delivered/s'.padStart(12), 'p50'.padStart(10), 'p99'.padStart(10))
line('bare ws', bare)
line('hub', hub)
console.log(`hub / bare throughput: ${(hub.delivered / hub.seconds / (bare.delivered / bare.seconds)).toFixed(2)}×`)
process.exit(0)
