/**
 * The hub's guards over real sockets on a loopback port: which origins may open the socket; the
 * snapshot reads a subscribe causes (shared by subscribers of a key, none for a subscription gone
 * before its turn); and the message rate limit under load: 100 clients each flip a kline
 * subscription on and off at 40 messages a second (under WEBSOCKET.maxMessagesPerSecond) while
 * every snapshot read is slow and holds the hub's thread, as a query on the in-process database
 * does. None may be closed; a client at three times the rate still is, with the policy code.
 */
import { createServer } from 'node:http'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { ConfigError, loadConfig, WEBSOCKET } from '#/app.config.ts'
import { wsServerMessageSchema, type WsServerMessage } from '#/contract/index.ts'
import { createHub, type Hub, type HubDeps } from './hub.ts'
import type { LoadPlan, LoadReport } from '#tests/fixtures/exchange/realtime/load-clients.ts'
import { createMemoryPubSub } from './pubsub.ts'
import type { PublicRequest, PublicSnapshot } from './snapshots.ts'

const SITE = 'https://tandem.example'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

type PublicRead = (request: PublicRequest) => Promise<PublicSnapshot>

/** What the market answers: the pair as it spells it, whatever case was asked. */
const snapshotOf = (request: PublicRequest): PublicSnapshot => ({
  ok: true,
  pairCode: request.pairCode?.toUpperCase(),
  base: 'BTC',
  result: { pairCode: request.pairCode?.toUpperCase() },
})

async function startHub(
  read: PublicRead,
  options: Pick<HubDeps, 'allowedOrigins' | 'limits'> = {},
): Promise<{ hub: Hub; url: string }> {
  const hub = createHub({
    pubsub: createMemoryPubSub(),
    snapshots: { public: read, private: () => Promise.resolve(null) },
    redeemTicket: () => Promise.resolve(undefined),
    ...options,
  })
  const server = createServer()
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanup.push(async () => {
    await hub.close()
    await new Promise((resolve) => server.close(resolve))
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { hub, url: `ws://127.0.0.1:${port}/ws` }
}

/** Opens a socket: the hello it got, or the HTTP status its upgrade was refused with. */
function attempt(
  url: string,
  origin?: string,
): Promise<{ opened: true; ws: WebSocket } | { opened: false; status: number }> {
  const ws = new WebSocket(url, origin === undefined ? {} : { origin })
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ opened: true, ws }))
    ws.once('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode ?? 0 }))
    ws.once('error', reject)
  })
}

/** A client that queues what it receives; `settled` resolves once the hub has handled everything sent before it. */
async function client(url: string) {
  const ws = new WebSocket(url)
  const inbox: WsServerMessage[] = []
  const waiting: ((m: WsServerMessage) => void)[] = []
  ws.on('message', (raw: Buffer) => {
    const message = wsServerMessageSchema.parse(JSON.parse(raw.toString('utf8')))
    const next = waiting.shift()
    if (next) next(message)
    else inbox.push(message)
  })
  const next = () =>
    new Promise<WsServerMessage>((resolve) => {
      const queued = inbox.shift()
      if (queued) resolve(queued)
      else waiting.push(resolve)
    })
  await new Promise((resolve) => ws.once('open', resolve))
  expect((await next()).event).toBe('hello')
  cleanup.push(() => Promise.resolve(ws.terminate()))
  let pings = 0
  const send = (message: object) => ws.send(JSON.stringify(message))
  return {
    send,
    next,
    async settled() {
      pings += 1
      send({ event: 'ping', ts: pings })
      expect(await next()).toEqual({ event: 'pong', ts: pings })
    },
  }
}

function deferred() {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

const ticker = (event: 'subscribe' | 'unsubscribe', pairCode: string) => ({
  event,
  channel: 'ticker',
  biz: 'spot',
  pairCode,
})

describe('origins', () => {
  it('opens the socket from the site’s origin, an origin of the list and without Origin; refuses any other with 403', async () => {
    const { hub, url } = await startHub((request) => Promise.resolve(snapshotOf(request)), {
      allowedOrigins: [SITE, 'https://m.tandem.example'],
    })
    expect(await attempt(url, 'https://evil.example')).toEqual({ opened: false, status: 403 })
    // Sandboxed frames and local files send the opaque origin "null".
    expect(await attempt(url, 'null')).toEqual({ opened: false, status: 403 })
    // Same host, other scheme: another origin.
    expect(await attempt(url, 'http://tandem.example')).toEqual({ opened: false, status: 403 })
    expect(hub.stats().connections).toBe(0)
    for (const origin of [SITE, 'https://m.tandem.example', undefined]) {
      const result = await attempt(url, origin)
      expect(result.opened).toBe(true)
      if (result.opened) cleanup.push(() => Promise.resolve(result.ws.terminate()))
    }
    expect(hub.stats().connections).toBe(3)
  })

  it('lets no browser in when the hub is given no origins', async () => {
    const { url } = await startHub((request) => Promise.resolve(snapshotOf(request)))
    expect(await attempt(url, SITE)).toEqual({ opened: false, status: 403 })
  })

  it('takes the site’s origin and WS_ALLOWED_ORIGINS from the configuration, and refuses anything but origins', () => {
    expect(loadConfig({}).wsAllowedOrigins).toEqual(['http://localhost:3000'])
    expect(
      loadConfig({
        SITE_URL: 'https://tandem.example/app/',
        WS_ALLOWED_ORIGINS: ' https://m.tandem.example , http://localhost:5173/,https://tandem.example',
      }).wsAllowedOrigins,
    ).toEqual(['https://tandem.example', 'https://m.tandem.example', 'http://localhost:5173'])
    for (const bad of [
      '*',
      'tandem.example',
      'https://tandem.example/app',
      'wss://tandem.example',
      'https://tandem.example?x=1',
    ]) {
      expect(() => loadConfig({ WS_ALLOWED_ORIGINS: bad }), bad).toThrow(ConfigError)
      expect(() => loadConfig({ WS_ALLOWED_ORIGINS: bad }), bad).toThrow(/WS_ALLOWED_ORIGINS/)
    }
  })
})

describe('snapshot reads', () => {
  it('reads nothing for a subscription undone before its read’s turn', async () => {
    const gate = deferred()
    const reads: string[] = []
    const { url } = await startHub(
      async (request) => {
        reads.push(request.pairCode ?? '')
        if (reads.length === 1) await gate.promise
        return snapshotOf(request)
      },
      { limits: { snapshotConcurrency: 1 } },
    )
    const c = await client(url)
    c.send(ticker('subscribe', 'BTC_USDT'))
    await c.settled()
    // The one read allowed is busy: these wait their turn.
    c.send(ticker('subscribe', 'ETH_USDT'))
    c.send(ticker('unsubscribe', 'ETH_USDT'))
    c.send(ticker('subscribe', 'SOL_USDT'))
    await c.settled()
    gate.resolve()
    expect(await c.next()).toMatchObject({ type: 'snapshot', pairCode: 'BTC_USDT' })
    expect(await c.next()).toMatchObject({ type: 'snapshot', pairCode: 'SOL_USDT' })
    expect(reads).toEqual(['BTC_USDT', 'SOL_USDT'])
  })

  it('shares one read among the sockets that subscribe to a key while it is busy, each answered with the snapshot', async () => {
    const gate = deferred()
    let reads = 0
    const { url } = await startHub(async (request) => {
      reads += 1
      if (reads === 1) await gate.promise
      return snapshotOf(request)
    })
    const first = await client(url)
    first.send(ticker('subscribe', 'BTC_USDT'))
    await first.settled()
    const others = await Promise.all(Array.from({ length: 9 }, () => client(url)))
    for (const c of others) {
      c.send(ticker('subscribe', 'btc_usdt'))
      await c.settled()
    }
    gate.resolve()
    for (const c of [first, ...others])
      expect(await c.next()).toMatchObject({
        event: 'subscribe',
        channel: 'ticker',
        type: 'snapshot',
        pairCode: 'BTC_USDT',
        data: { result: { pairCode: 'BTC_USDT' } },
      })
    // The first read began before the others asked, so they share the next one, not that one.
    expect(reads).toBe(2)
  })
})

/**
 * Reads that run one at a time and hold the thread while they run, as queries on an in-process
 * database (PGlite) do: each waits for the one before it, then computes without yielding.
 */
function slowReads(counter: { reads: number }, busyMs: number): PublicRead {
  let previous: Promise<unknown> = Promise.resolve()
  return (request) => {
    counter.reads += 1
    const read = previous.then((): PublicSnapshot => {
      const until = performance.now() + busyMs
      while (performance.now() < until) {
        // Busy on purpose: the thread is not free for the sockets meanwhile.
      }
      return {
        ok: true,
        pairCode: request.pairCode,
        base: 'BTC',
        result: Array.from({ length: 20 }, (_, i) => ({
          time: i,
          open: '1',
          high: '1',
          low: '1',
          close: '1',
          volume: '1',
        })),
      }
    })
    previous = read
    return read
  }
}

function isLoadReport(value: unknown): value is LoadReport {
  return typeof value === 'object' && value !== null && 'honestClosed' in value && 'floodClosed' in value
}

/**
 * The clients run in a worker thread, so they keep their pace while the hub's thread is busy, as clients on other
 * machines do.
 */
function runClients(plan: LoadPlan): Promise<LoadReport> {
  const worker = new Worker(new URL(import.meta.resolve('#tests/fixtures/exchange/realtime/load-clients.ts')), {
    workerData: plan,
  })
  return new Promise<LoadReport>((resolve, reject) => {
    worker.once('message', (message: unknown) =>
      isLoadReport(message) ? resolve(message) : reject(new Error(JSON.stringify(message))),
    )
    worker.once('error', reject)
  }).finally(() => void worker.terminate())
}

describe('message rate limit under load', () => {
  it('closes none of 100 clients churning kline at 40 msg/s while snapshots are slow; closes one at 3× the rate with 1008', async () => {
    const counter = { reads: 0 }
    const { url } = await startHub(slowReads(counter, 2))
    const honest = { sockets: 100, perSecond: 40, seconds: 4 }
    const report = await runClients({
      url,
      honest,
      flood: { sockets: 1, perSecond: 3 * WEBSOCKET.maxMessagesPerSecond, maxSeconds: 30 },
    })
    // The load really ran (a starved worker sends less than planned, never more).
    expect(report.honestSent).toBeGreaterThan((honest.sockets * honest.perSecond * honest.seconds) / 4)
    expect(report.honestClosed).toEqual([])
    expect(report.floodClosed).toEqual([WEBSOCKET.policyCloseCode])
  }, 120_000)
})
