/**
 * The socket machine with fake timers and a fake socket: every transition and constant —
 * heartbeat cadence, the 5-interval rule, backoff, online, visibility resume, resubscribe on open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { WEBSOCKET } from '../../../app.config.ts'
import { backoffDelay, socketMachine, type SocketLike } from './socket.machine.ts'

class FakeSocket implements SocketLike {
  sent: unknown[] = []
  closedWith: number | undefined
  onopen: (() => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  onerror: (() => void) | null = null
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code?: number) {
    this.closedWith = code
  }
  open() {
    this.onopen?.()
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
  drop(code = 1006) {
    this.onclose?.({ code })
  }
  pings() {
    return this.sent.filter((m) => typeof m === 'object' && m !== null && 'event' in m && m.event === 'ping')
  }
}

let sockets: FakeSocket[] = []
const latest = () => {
  const socket = sockets.at(-1)
  if (!socket) throw new Error('no socket')
  return socket
}

function start() {
  const actor = createActor(socketMachine, {
    input: {
      url: 'ws://test/ws',
      createSocket: () => {
        const socket = new FakeSocket()
        sockets.push(socket)
        return socket
      },
    },
  })
  const opened: number[] = []
  const statuses: string[] = []
  actor.on('opened', () => opened.push(Date.now()))
  actor.on('status', (event) => statuses.push(event.status))
  actor.start()
  return { actor, opened, statuses }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.UTC(2026, 0, 1))
  sockets = []
})
afterEach(() => vi.useRealTimers())

describe('socket machine', () => {
  it('connects, opens and tells its listeners once per open', () => {
    const { actor, opened, statuses } = start()
    expect(actor.getSnapshot().matches({ connected: 'connecting' })).toBe(true)
    latest().open()
    expect(actor.getSnapshot().matches({ connected: 'open' })).toBe(true)
    expect(opened).toHaveLength(1)
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs * 3)
    expect(opened).toHaveLength(1)
    expect(statuses).toEqual(['connecting', 'open'])
  })

  it('pings every 2000 ms while open', () => {
    start()
    latest().open()
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs - 1)
    expect(latest().pings()).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(latest().pings()).toEqual([{ event: 'ping', ts: Date.now() }])
    for (let i = 0; i < 3; i += 1) {
      latest().receive({ event: 'pong', ts: Date.now() })
      vi.advanceTimersByTime(WEBSOCKET.heartbeatMs)
    }
    expect(latest().pings()).toHaveLength(4)
    expect(sockets).toHaveLength(1)
  })

  it('replaces the socket when pings go unanswered for more than 5 heartbeats', () => {
    const { opened } = start()
    latest().open()
    // Pongs stop: the sixth beat finds the last ping 6 intervals after the last pong.
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs * WEBSOCKET.reconnectAfterHeartbeats)
    expect(sockets).toHaveLength(1)
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs)
    expect(sockets).toHaveLength(2)
    expect(sockets[0]?.closedWith).toBe(1000)
    latest().open()
    expect(opened).toHaveLength(2)
  })

  it('reconnects after a close with a doubling, capped backoff, and resets it once open', () => {
    const { actor } = start()
    expect([0, 1, 2, 3, 10].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, WEBSOCKET.backoffMaxMs])
    for (const attempt of [0, 1, 2]) {
      latest().drop()
      expect(actor.getSnapshot().matches('waiting')).toBe(true)
      vi.advanceTimersByTime(backoffDelay(attempt) - 1)
      expect(sockets).toHaveLength(attempt + 1)
      vi.advanceTimersByTime(1)
      expect(sockets).toHaveLength(attempt + 2)
    }
    latest().open()
    latest().drop()
    vi.advanceTimersByTime(backoffDelay(0))
    expect(sockets).toHaveLength(5)
  })

  it('reconnects at once when the browser comes back online', () => {
    const { actor } = start()
    latest().drop()
    actor.send({ type: 'online' })
    expect(sockets).toHaveLength(2)
    latest().open()
    actor.send({ type: 'online' })
    expect(sockets).toHaveLength(3)
  })

  it('on resume (visibility, pageshow) replaces only a stale socket', () => {
    const { actor } = start()
    latest().open()
    latest().receive({ event: 'pong', ts: Date.now() })
    actor.send({ type: 'resume' })
    expect(sockets).toHaveLength(1)
    // A background tab: timers were frozen, the clock was not.
    vi.setSystemTime(Date.now() + WEBSOCKET.heartbeatMs * WEBSOCKET.reconnectAfterHeartbeats + 1)
    actor.send({ type: 'resume' })
    expect(sockets).toHaveLength(2)
  })

  it('sends what it is asked while open, and passes other messages to its listeners', () => {
    const { actor } = start()
    const messages: unknown[] = []
    actor.on('message', (event) => messages.push(event.message))
    actor.send({ type: 'send', message: { event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' } })
    expect(latest().sent).toEqual([])
    latest().open()
    actor.send({ type: 'send', message: { event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' } })
    expect(latest().sent).toEqual([{ event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' }])
    latest().receive({ event: 'subscribe', channel: 'ticker', biz: 'spot', type: 'update', data: { result: { last: '1' } } })
    latest().receive({ event: 'pong', ts: 1 })
    expect(messages).toEqual([{ event: 'subscribe', channel: 'ticker', biz: 'spot', type: 'update', data: { result: { last: '1' } } }])
  })
})
