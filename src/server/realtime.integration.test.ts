/**
 * The app's market connection against the real hub over real sockets: the server is killed and
 * restarted ten times, and each time the client reconnects and resubscribes each subscription
 * exactly once (the server counts); duplicate subscribe calls make one server subscription; a
 * refused subscription reaches the event bus; the last listener leaving unsubscribes.
 */
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createHub, type Hub } from '../exchange/realtime/hub.ts'
import { createMemoryPubSub } from '../exchange/realtime/pubsub.ts'
import type { PublicRequest } from '../exchange/realtime/snapshots.ts'
import { createMarketConnection, type MarketConnection } from '../features/realtime/connection.ts'
import { createEventBus, type AppEvent } from '../features/realtime/events.ts'
import type { SocketLike } from '../features/realtime/socket-transport.ts'

interface Running {
  server: Server
  hub: Hub
}

/** Subscribe requests the servers received, by key. */
const received = new Map<string, number>()
let running: Running | undefined
let connection: MarketConnection | undefined

async function startServer(port = 0): Promise<number> {
  const hub = createHub({
    pubsub: createMemoryPubSub(),
    snapshots: {
      public(request: PublicRequest) {
        const key = `${request.channel}:${request.pairCode ?? ''}`
        received.set(key, (received.get(key) ?? 0) + 1)
        if (request.pairCode === 'NOPE_USDT') return Promise.resolve({ ok: false, reason: 'unknown-pair' })
        return Promise.resolve({
          ok: true,
          result: { pairCode: request.pairCode },
          pairCode: request.pairCode,
          base: 'BTC',
        })
      },
      private: () => Promise.resolve(null),
    },
    redeemTicket: () => Promise.resolve(undefined),
  })
  const server = createServer()
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head))
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  running = { server, hub }
  const address = server.address()
  return typeof address === 'object' && address ? address.port : 0
}

async function stopServer(): Promise<void> {
  if (!running) return
  const { server, hub } = running
  running = undefined
  await hub.close()
  await new Promise((resolve) => server.close(resolve))
}

const until = async (check: () => boolean, timeout = 10_000) => {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeout) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** `ws` in the browser's shape: handler properties with `{ data }` and `{ code }` events. */
function browserLike(ws: WebSocket): SocketLike {
  const like: SocketLike = {
    send: (data) => ws.send(data),
    close: (code) => ws.close(code),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  }
  ws.on('open', () => like.onopen?.())
  ws.on('message', (data: Buffer) => like.onmessage?.({ data: data.toString('utf8') }))
  ws.on('close', (code) => like.onclose?.({ code }))
  ws.on('error', () => like.onerror?.())
  return like
}

function connect(port: number, events: AppEvent[] = []): MarketConnection {
  const bus = createEventBus()
  bus.listen((event) => events.push(event))
  connection = createMarketConnection({
    biz: 'spot',
    url: `ws://127.0.0.1:${port}/ws`,
    createSocket: (url) => browserLike(new WebSocket(url)),
    bus,
    getTicket: () => Promise.resolve(undefined),
  })
  return connection
}

afterEach(async () => {
  connection?.stop()
  connection = undefined
  await stopServer()
  received.clear()
})

describe('market connection against the hub', () => {
  it('reconnects after each of 10 restarts and resubscribes every subscription exactly once', async () => {
    const port = await startServer()
    const c = connect(port)
    const updates: unknown[] = []
    c.registry.subscribe({ channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' }, (m) => updates.push(m))
    c.registry.subscribe({ channel: 'trades', biz: 'spot', pairCode: 'ETH_USDT' }, () => undefined)
    await until(() => received.get('ticker:BTC_USDT') === 1 && received.get('trades:ETH_USDT') === 1)
    for (let restart = 1; restart <= 10; restart += 1) {
      await stopServer()
      await until(() => c.status() !== 'open')
      await startServer(port)
      await until(() => received.get('ticker:BTC_USDT') === restart + 1 && c.status() === 'open')
      await until(() => received.get('trades:ETH_USDT') === restart + 1)
    }
    // Settle, then check nothing was sent twice.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(Object.fromEntries(received)).toEqual({ 'ticker:BTC_USDT': 11, 'trades:ETH_USDT': 11 })
    expect(updates.length).toBeGreaterThanOrEqual(11)
  }, 60_000)

  it('makes one server subscription for duplicate subscribers, and unsubscribes when the last leaves', async () => {
    const port = await startServer()
    const c = connect(port)
    await until(() => c.status() === 'open')
    const first = c.registry.subscribe({ channel: 'ticker', biz: 'spot', pairCode: 'SOL_USDT' }, () => undefined)
    const second = c.registry.subscribe({ channel: 'ticker', biz: 'spot', pairCode: 'SOL_USDT' }, () => undefined)
    await until(() => received.get('ticker:SOL_USDT') === 1)
    await until(() => running?.hub.stats().subscriptions === 1)
    first()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(running?.hub.stats().subscriptions).toBe(1)
    second()
    await until(() => running?.hub.stats().subscriptions === 0)
    expect(c.registry.keys()).toEqual([])
  })

  it('announces a refused subscription on the event bus', async () => {
    const port = await startServer()
    const events: AppEvent[] = []
    const c = connect(port, events)
    c.registry.subscribe({ channel: 'ticker', biz: 'spot', pairCode: 'NOPE_USDT' }, () => undefined)
    await until(() => events.some((e) => e.type === 'subscription-fail'))
    expect(events.find((e) => e.type === 'subscription-fail')).toEqual({
      type: 'subscription-fail',
      key: 'spot:ticker:NOPE_USDT:',
      channel: 'ticker',
      reason: 'unknown-pair',
    })
    expect(
      events.filter((e) => e.type === 'connection-state').map((e) => e.type === 'connection-state' && e.status),
    ).toEqual(['connecting', 'open'])
  })
})
