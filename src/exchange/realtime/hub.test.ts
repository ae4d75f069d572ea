/**
 * The realtime hub over real sockets: the protocol (snapshot on subscribe, de-duplication,
 * failures with the channel and no data.result), the limits (frame size, malformed JSON, unknown
 * events, rate, subscriptions, idle), login with a single-use ticket, and live market updates
 * after an engine tick.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { TRADING, WEBSOCKET } from '#/app.config.ts'
import {
  depthResponseSchema,
  depthSchema,
  marketTickerSchema,
  marketTradeSchema,
  wsServerMessageSchema,
  wsTicketResponseSchema,
  type WsServerMessage,
} from '#/contract/index.ts'
import { deposit } from '../copy/engine.ts'
import { Money } from '../money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { follower, fundedUser, insertLeader } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { createHub, type Hub } from './hub.ts'
import { createMemoryPubSub } from './pubsub.ts'
import { exchangeSnapshots } from './snapshots.ts'
import { redeemTicket } from './tickets.ts'

let h: Harness
let hub: Hub
let server: Server
let exchangeServer: Server
let url = ''
let exchangeUrl = ''

async function listen(onUpgrade: (server: Server) => void): Promise<{ server: Server; url: string }> {
  const s = createServer()
  onUpgrade(s)
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  return { server: s, url: `ws://127.0.0.1:${port}/ws` }
}

beforeAll(async () => {
  h = await startHarness()
  hub = createHub({
    pubsub: createMemoryPubSub(),
    snapshots: exchangeSnapshots(h.context),
    redeemTicket: (ticket) => redeemTicket(h.context.db, ticket, h.context.now()),
    limits: {
      maxSubscriptionsPerConnection: 3,
      maxMessagesPerSecond: 20,
      messageBurst: 20,
      idleTimeoutMs: 400,
      privateCoalesceMs: 20,
    },
  })
  ;({ server, url } = await listen((s) => s.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head))))
  ;({ server: exchangeServer, url: exchangeUrl } = await listen((s) =>
    s.on('upgrade', (req, socket, head) => h.exchange.handleUpgrade(req, socket, head)),
  ))
})
afterAll(async () => {
  await hub.close()
  server.close()
  exchangeServer.close()
  await h.close()
})

/** A client that queues what it receives and can wait for the next message or the close code. */
async function client(address = url) {
  const ws = new WebSocket(address)
  const inbox: WsServerMessage[] = []
  const waiting: ((m: WsServerMessage) => void)[] = []
  ws.on('message', (raw: Buffer) => {
    const message = wsServerMessageSchema.parse(JSON.parse(raw.toString('utf8')))
    const next = waiting.shift()
    if (next) next(message)
    else inbox.push(message)
  })
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  await new Promise((resolve) => ws.on('open', resolve))
  const next = () =>
    new Promise<WsServerMessage>((resolve) => {
      const queued = inbox.shift()
      if (queued) resolve(queued)
      else waiting.push(resolve)
    })
  expect((await next()).event).toBe('hello')
  return {
    ws,
    next,
    closed,
    send: (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    pending: () => inbox.length,
  }
}

describe('protocol', () => {
  it('answers ping with pong carrying the ping’s timestamp', async () => {
    const c = await client()
    c.send({ event: 'ping', ts: 12345 })
    expect(await c.next()).toEqual({ event: 'pong', ts: 12345 })
    c.ws.close()
  })

  it('sends a snapshot on subscribe, once however often the same subscription is asked', async () => {
    const c = await client()
    c.send({ event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'btc_usdt' })
    c.send({ event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' })
    const snapshot = await c.next()
    expect(snapshot).toMatchObject({
      event: 'subscribe',
      channel: 'ticker',
      biz: 'spot',
      type: 'snapshot',
      pairCode: 'BTC_USDT',
      base: 'BTC',
      data: { result: { pairCode: 'BTC_USDT', last: h.context.market.mark('BTC_USDT') } },
    })
    c.send({ event: 'ping', ts: 1 })
    // The duplicate produced nothing: the next message is the pong.
    expect(await c.next()).toEqual({ event: 'pong', ts: 1 })
    expect(hub.stats().subscriptions).toBe(1)
    c.ws.close()
  })

  it('fails a subscription with its channel and no data.result', async () => {
    const c = await client()
    c.send({ event: 'subscribe', channel: 'weather', biz: 'spot' })
    expect(await c.next()).toMatchObject({
      event: 'subscribe',
      channel: 'weather',
      data: {},
      reason: 'unknown-channel',
    })
    c.send({ event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'NOPE_USDT' })
    expect(await c.next()).toMatchObject({ channel: 'ticker', pairCode: 'NOPE_USDT', data: {}, reason: 'unknown-pair' })
    c.send({ event: 'subscribe', channel: 'kline', biz: 'futures', pairCode: 'ETH_USDT' })
    expect(await c.next()).toMatchObject({ channel: 'kline', data: {}, reason: 'bad-params' })
    c.ws.close()
  })

  it('stops at the subscription limit', async () => {
    const c = await client()
    for (const pairCode of ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT'])
      c.send({ event: 'subscribe', channel: 'trades', biz: 'spot', pairCode })
    const replies = [await c.next(), await c.next(), await c.next(), await c.next()]
    expect(replies.map((r) => r.type ?? r.reason).sort()).toEqual([
      'snapshot',
      'snapshot',
      'snapshot',
      'too-many-subscriptions',
    ])
    expect(replies.find((r) => r.reason)?.pairCode).toBe('XRP_USDT')
    c.send({ event: 'unsubscribe', channel: 'trades', biz: 'spot', pairCode: 'BTC_USDT' })
    c.send({ event: 'subscribe', channel: 'trades', biz: 'spot', pairCode: 'XRP_USDT' })
    expect(await c.next()).toMatchObject({ type: 'snapshot', pairCode: 'XRP_USDT' })
    c.ws.close()
  })
})

describe('limits', () => {
  it('answers malformed JSON, oversized frames and unknown events with an error, and stays open', async () => {
    const c = await client()
    c.send('{not json')
    expect(await c.next()).toMatchObject({ event: 'error', reason: 'malformed-json' })
    c.send(JSON.stringify({ event: 'ping', pad: 'x'.repeat(5000) }))
    expect(await c.next()).toMatchObject({ event: 'error', reason: 'frame-too-large' })
    c.send({ event: 'dance' })
    expect(await c.next()).toMatchObject({ event: 'error', reason: 'unknown-event' })
    c.send({ event: 'subscribe', channel: 42 })
    expect(await c.next()).toMatchObject({ event: 'error', reason: 'invalid-message' })
    c.send({ event: 'ping', ts: 2 })
    expect(await c.next()).toEqual({ event: 'pong', ts: 2 })
    c.ws.close()
  })

  it('closes a client that sends more messages at once than its burst with the policy code', async () => {
    const c = await client()
    for (let i = 0; i < 25; i += 1) c.send({ event: 'pong' })
    expect(await c.closed).toBe(1008)
  })

  it('closes a silent connection', async () => {
    const c = await client()
    expect(await c.closed).toBe(4000)
  })
})

describe('login', () => {
  it('redeems a single-use ticket for a private channel', async () => {
    const user = await h.registerUser()
    const issue = async () =>
      wsTicketResponseSchema.parse((await h.api('POST', '/v2/users/ws-ticket', { token: user.token })).body).data.ticket
    const ticket = await issue()
    const c = await client()
    c.send({ event: 'login', channel: 'balance', params: { ticket } })
    expect(await c.next()).toMatchObject({
      event: 'login',
      channel: 'balance',
      type: 'snapshot',
      data: { result: { totalAssetUsdt: '0', list: [] } },
    })
    const other = await client()
    other.send({ event: 'login', channel: 'positions', params: { ticket } })
    expect(await other.next()).toMatchObject({ event: 'login', channel: 'positions', data: {}, reason: 'login-failed' })
    // The balance changes: nothing is polled, so the channel waits for word of it, then pushes the new state.
    await h.context.db.transaction((tx) => deposit(tx, Number(user.userId), 'USDT', new Money(250), h.context.now()))
    // (A ping after each wait: the hub closes a connection silent for idleTimeoutMs.)
    const quiet = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(c.pending()).toBe(0)
      c.send({ event: 'ping', ts: 1 })
      expect(await c.next()).toEqual({ event: 'pong', ts: 1 })
    }
    await quiet()
    hub.privateChanged([Number(user.userId) + 1])
    await quiet()
    hub.privateChanged([Number(user.userId)])
    hub.privateChanged('all')
    expect(await c.next()).toMatchObject({
      event: 'login',
      channel: 'balance',
      type: 'update',
      data: { result: { totalAssetUsdt: '250' } },
    })
    // Several words, one read: the state did not change again, so nothing more is sent.
    await quiet()
    c.send({ event: 'logout', channel: 'balance' })
    c.send({ event: 'ping', ts: 3 })
    expect(await c.next()).toEqual({ event: 'pong', ts: 3 })
    c.ws.close()
    other.ws.close()
  })
})

describe('login of several channels at once', () => {
  it('logs every channel in with the one ticket the client sends them all with', async () => {
    const user = await h.registerUser()
    const ticket = wsTicketResponseSchema.parse(
      (await h.api('POST', '/v2/users/ws-ticket', { token: user.token })).body,
    ).data.ticket
    const c = await client(exchangeUrl)
    for (const channel of ['orders', 'fills', 'positions'])
      c.send({ event: 'login', channel, biz: 'futures', params: { ticket } })
    const answers = [await c.next(), await c.next(), await c.next()]
    expect(answers.map((a) => [a.channel, a.type]).sort()).toEqual([
      ['fills', 'snapshot'],
      ['orders', 'snapshot'],
      ['positions', 'snapshot'],
    ])
    c.ws.close()
  })
})

describe('live market', () => {
  it('pushes ticker updates to subscribers after each engine minute', async () => {
    const c = await client(exchangeUrl)
    c.send({ event: 'subscribe', channel: 'ticker', biz: 'futures', pairCode: 'ETH_USDT' })
    expect((await c.next()).type).toBe('snapshot')
    h.advance(3 * 60_000)
    await h.engine.tick()
    const update = await c.next()
    expect(update).toMatchObject({
      event: 'subscribe',
      channel: 'ticker',
      biz: 'futures',
      type: 'update',
      pairCode: 'ETH_USDT',
      data: { result: { mark: h.context.market.mark('ETH_USDT') } },
    })
    // The last price is a trade of the futures book (the market flow trades every minute; the simulated leaders may
    // trade after the ticker went out in the same tick).
    const ticker = marketTickerSchema.parse(update.data?.result)
    const printed = h.context.tape.recent('futures', 'ETH_USDT', WEBSOCKET.snapshotTrades).map((p) => p.price)
    expect(printed).toContain(ticker.last)
    c.ws.close()
  }, 60_000)

  it("streams a book's trades as they happen: a snapshot of the tape, then the new prints, newest first", async () => {
    const c = await client(exchangeUrl)
    c.send({ event: 'subscribe', channel: 'trades', biz: 'spot', pairCode: 'SOL_USDT' })
    const snapshot = await c.next()
    expect(snapshot.data?.result).toEqual(h.context.tape.recent('spot', 'SOL_USDT', WEBSOCKET.snapshotTrades))
    h.advance(60_000)
    await h.engine.tick()
    const update = await c.next()
    const prints = marketTradeSchema.array().parse(update.data?.result)
    expect([update.channel, update.type, prints.length > 0]).toEqual(['trades', 'update', true])
    // Newest first, each print one the tape now holds, in its order. The tick may have sent more than one update
    // (the sweep, then the flow): this one is a run of the tape, not necessarily its newest end.
    expect(prints.map((p) => Number(p.id))).toEqual(prints.map((p) => Number(p.id)).sort((x, y) => y - x))
    const tape = h.context.tape.recent('spot', 'SOL_USDT', TRADING.tapeKept)
    const from = tape.findIndex((p) => p.id === prints[0]?.id)
    expect(from).toBeGreaterThanOrEqual(0)
    expect(tape.slice(from, from + prints.length)).toEqual(prints)
    c.ws.close()
  }, 60_000)

  it('streams a pair’s order book: a snapshot, then updates with a higher sequence as the price moves', async () => {
    const c = await client(exchangeUrl)
    c.send({ event: 'subscribe', channel: 'depth', biz: 'spot', pairCode: 'BTC_USDT' })
    const snapshot = await c.next()
    const first = depthSchema.parse(snapshot.data?.result)
    expect([snapshot.type, first.pairCode, first.biz, first.bids.length, first.asks.length]).toEqual([
      'snapshot',
      'BTC_USDT',
      'spot',
      15,
      15,
    ])
    // Minutes go by until the price moves (nearly every minute): a book whose price stood still sends nothing.
    const before = h.context.market.mark('BTC_USDT')
    for (let minute = 0; minute < 30 && h.context.market.mark('BTC_USDT') === before; minute += 1) {
      h.advance(60_000)
      await h.engine.tick()
    }
    expect(h.context.market.mark('BTC_USDT')).not.toBe(before)
    const update = await c.next()
    const next = depthSchema.parse(update.data?.result)
    expect([update.channel, update.type, next.sequence > first.sequence]).toEqual(['depth', 'update', true])
    const mark = new Money(h.context.market.mark('BTC_USDT') ?? '0')
    expect(new Money(next.bids[0]?.[0] ?? 'NaN').lt(mark) && new Money(next.asks[0]?.[0] ?? 'NaN').gt(mark)).toBe(true)
    c.ws.close()
  }, 60_000)
})

describe('trading pushes', () => {
  it('pushes a trade to both users as it happens: the order that changed, the fill, the new balance', async () => {
    const ticket = async (token: string) =>
      wsTicketResponseSchema.parse((await h.api('POST', '/v2/users/ws-ticket', { token })).body).data.ticket
    const fund = async () => {
      const user = await h.registerUser()
      await h.context.db.transaction((tx) =>
        deposit(tx, Number(user.userId), 'USDT', new Money(10_000), h.context.now(), undefined, null, 1),
      )
      return user
    }
    const maker = await fund()
    const taker = await fund()
    const book = depthSchema.parse(
      depthResponseSchema.parse((await h.api('GET', '/market/v1/depth?biz=spot&pairCode=ETH_USDT')).body).data,
    )
    // A bid a tick over the maker's best: the taker's market sell meets it first.
    const price = new Money(book.bids[0]?.[0] ?? 0).plus('0.01').toFixed()
    const placed = await h.api('POST', '/trade/v1/orders', {
      token: maker.token,
      body: {
        clientOrderId: 'push-1',
        biz: 'spot',
        pairCode: 'ETH_USDT',
        side: 'buy',
        type: 'limit',
        price,
        size: '0.1',
      },
    })
    expect(placed.status, placed.text).toBe(200)
    await h.api('POST', '/trade/v1/orders', {
      token: taker.token,
      body: { clientOrderId: 'push-2', biz: 'spot', pairCode: 'ETH_USDT', side: 'buy', type: 'market', size: '0.1' },
    })
    const c = await client(exchangeUrl)
    c.send({ event: 'login', channel: 'orders', biz: 'spot', params: { ticket: await ticket(maker.token) } })
    const snapshot = await c.next()
    expect([snapshot.channel, snapshot.type]).toEqual(['orders', 'snapshot'])
    expect(snapshot.data?.result).toMatchObject([{ clientOrderId: 'push-1', status: 'new' }])
    c.send({ event: 'login', channel: 'fills', biz: 'spot', params: { ticket: 'reused-connection-login' } })
    expect(await c.next()).toMatchObject({ channel: 'fills', type: 'snapshot', data: { result: [] } })
    c.send({ event: 'login', channel: 'balance', biz: 'spot', params: { ticket: 'reused-connection-login' } })
    expect(await c.next()).toMatchObject({ channel: 'balance', type: 'snapshot' })
    // The taker sells into the maker's bid: each push arrives without waiting for a refresh.
    const sold = await h.api('POST', '/trade/v1/orders', {
      token: taker.token,
      body: { clientOrderId: 'push-3', biz: 'spot', pairCode: 'ETH_USDT', side: 'sell', type: 'market', size: '0.05' },
    })
    expect(sold.status, sold.text).toBe(200)
    const pushed = [await c.next(), await c.next(), await c.next()]
    const of = (channel: string) => pushed.find((m) => m.channel === channel)
    expect(of('orders')).toMatchObject({
      type: 'update',
      biz: 'spot',
      data: { result: [{ clientOrderId: 'push-1', status: 'partially-filled', filled: '0.05' }] },
    })
    expect(of('fills')).toMatchObject({ type: 'update', data: { result: [{ role: 'maker', price, size: '0.05' }] } })
    expect(of('balance')).toMatchObject({ type: 'update', biz: 'spot' })
    c.ws.close()
  })
})

describe('copies pushed', () => {
  it("a lead trader's order pushes the follower's copy and copied position as it fills", async () => {
    const leader = await fundedUser(h, 20_000)
    await insertLeader(h, leader.id)
    const copier = await follower(h, leader.id, { invest: '2000', fixedAmount: '200' })
    const ticket = wsTicketResponseSchema.parse(
      (await h.api('POST', '/v2/users/ws-ticket', { token: copier.token })).body,
    ).data.ticket
    const c = await client(exchangeUrl)
    c.send({ event: 'login', channel: 'positions', biz: 'futures', params: { ticket } })
    expect(await c.next()).toMatchObject({ channel: 'positions', type: 'snapshot', data: { result: [] } })
    const placed = await h.api('POST', '/trade/v1/orders', {
      token: leader.token,
      body: {
        clientOrderId: 'lead-push',
        biz: 'futures',
        pairCode: 'ETH_USDT',
        side: 'buy',
        type: 'market',
        size: '1',
      },
    })
    expect(placed.status, placed.text).toBe(200)
    expect(await c.next()).toMatchObject({
      channel: 'positions',
      type: 'update',
      data: { result: [{ pairCode: 'ETH_USDT', side: 'long', copyId: String(copier.copyId) }] },
    })
    c.ws.close()
  })
})

describe('depth on a user order', () => {
  it('a resting order shows in the book’s next update at once, not at the next price tick', async () => {
    const c = await client(exchangeUrl)
    c.send({ event: 'subscribe', channel: 'depth', biz: 'spot', pairCode: 'ETH_USDT' })
    const first = depthSchema.parse((await c.next()).data?.result)
    const user = await h.registerUser()
    await h.context.db.transaction((tx) =>
      deposit(tx, Number(user.userId), 'USDT', new Money(10_000), h.context.now(), undefined, null, 1),
    )
    const price = new Money(first.bids[0]?.[0] ?? 0).plus('0.01').toFixed()
    const placed = await h.api('POST', '/trade/v1/orders', {
      token: user.token,
      body: {
        clientOrderId: 'depth-1',
        biz: 'spot',
        pairCode: 'ETH_USDT',
        side: 'buy',
        type: 'limit',
        price,
        size: '0.5',
      },
    })
    expect(placed.status, placed.text).toBe(200)
    const update = depthSchema.parse((await c.next()).data?.result)
    expect(update.sequence).toBeGreaterThan(first.sequence)
    expect(update.bids[0]).toEqual([price, '0.5'])
    c.ws.close()
  })
})
