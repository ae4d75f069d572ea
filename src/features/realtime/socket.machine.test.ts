/**
 * The socket machine with fake timers and a socket actor provided in place of the browser's: every
 * transition (connect, open, heartbeat, stale, close, backoff, back online, resume, reconnect, send,
 * messages) and every constant it runs on (WEBSOCKET.heartbeatMs, reconnectAfterHeartbeats,
 * backoffBaseMs, backoffMaxMs). The last block runs the real socket actor over a fake WebSocket:
 * parsing, JSON out, and the close on cleanup.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type CallbackLogicFunction, type SnapshotFrom } from 'xstate'
import { WEBSOCKET } from '#/app.config.ts'
import type { WsClientMessage, WsServerMessage } from '#/contract/index.ts'
import {
  socketActor,
  type SocketActorInput,
  type SocketActorLogic,
  type SocketCommand,
  type SocketLike,
  type SocketSignal,
} from './socket-transport.ts'
import { backoffDelay, socketMachine, type SocketEmitted } from './socket.machine.ts'

const URL = 'ws://test/ws'
const TICKER_SUBSCRIBE: WsClientMessage = { event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' }
const TICKER_UPDATE: WsServerMessage = {
  event: 'subscribe',
  channel: 'ticker',
  biz: 'spot',
  type: 'update',
  data: { result: { last: '1' } },
}

/** One run of the provided socket actor: what the machine sent it, and whether it was stopped. */
interface FakeConnection {
  url: string
  sent: WsClientMessage[]
  stopped: boolean
  open(): void
  receive(message: WsServerMessage): void
  drop(code?: number): void
  pings(): WsClientMessage[]
}

function fakeSockets() {
  const made: FakeConnection[] = []
  const run: CallbackLogicFunction<SocketCommand, SocketSignal, SocketActorInput> = ({ input, sendBack, receive }) => {
    const connection: FakeConnection = {
      url: input.url,
      sent: [],
      stopped: false,
      open: () => sendBack({ type: 'socket.opened' }),
      receive: (message) => sendBack({ type: 'socket.received', message }),
      drop: (code = 1006) => sendBack({ type: 'socket.closed', code }),
      pings: () => connection.sent.filter((m) => m.event === 'ping'),
    }
    made.push(connection)
    receive((command) => connection.sent.push(command.message))
    return () => {
      connection.stopped = true
    }
  }
  const latest = () => {
    const connection = made.at(-1)
    if (!connection) throw new Error('no socket yet')
    return connection
  }
  return { made, latest, actor: fromCallback(run) }
}

let sockets = fakeSockets()
const latest = () => sockets.latest()

function start(socket: SocketActorLogic = sockets.actor) {
  const heard: SocketEmitted[] = []
  const actor = createActor(socketMachine.provide({ actors: { socket } }), { input: { url: URL } })
  actor.on('*', (event) => heard.push(event))
  actor.start()
  const statuses = () => heard.flatMap((e) => (e.type === 'connection.status' ? [e.status] : []))
  const opens = () => heard.filter((e) => e.type === 'connection.opened').length
  const messages = () => heard.flatMap((e) => (e.type === 'connection.message' ? [e.message] : []))
  const matches = (state: SocketState) => actor.getSnapshot().matches(state)
  return { actor, statuses, opens, messages, matches }
}

type SocketState = Parameters<SnapshotFrom<typeof socketMachine>['matches']>[0]
const OPEN: SocketState = { connected: { open: 'beating' } }
const CONNECTING: SocketState = { connected: 'connecting' }

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.UTC(2026, 0, 1))
  sockets = fakeSockets()
})
afterEach(() => vi.useRealTimers())

describe('connecting and opening', () => {
  it('connects to its url, opens on socket.opened and tells its listeners once per open', () => {
    const { matches, statuses, opens } = start()
    expect(matches(CONNECTING)).toBe(true)
    expect(sockets.made.map((s) => s.url)).toEqual([URL])
    latest().open()
    expect(matches(OPEN)).toBe(true)
    expect(opens()).toBe(1)
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs * 3)
    expect(opens()).toBe(1)
    expect(statuses()).toEqual(['connecting', 'open'])
  })

  it('waits for the backoff when the socket closes before opening, and stops that socket', () => {
    const { matches, statuses } = start()
    latest().drop()
    expect(matches('waiting')).toBe(true)
    expect(latest().stopped).toBe(true)
    expect(statuses()).toEqual(['connecting', 'waiting'])
  })

  it('ignores page.resumed and socket.send while connecting', () => {
    const { actor, matches } = start()
    actor.send({ type: 'page.resumed' })
    actor.send({ type: 'socket.send', message: TICKER_SUBSCRIBE })
    expect(matches(CONNECTING)).toBe(true)
    expect(sockets.made).toHaveLength(1)
    expect(latest().sent).toEqual([])
  })

  it('stops the socket actor when the machine stops', () => {
    const { actor } = start()
    latest().open()
    actor.stop()
    expect(latest().stopped).toBe(true)
  })
})

describe('heartbeat (WEBSOCKET.heartbeatMs, WEBSOCKET.reconnectAfterHeartbeats)', () => {
  it('pings every WEBSOCKET.heartbeatMs while open, stamped with the clock', () => {
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
    expect(sockets.made).toHaveLength(1)
  })

  it('does not ping before the socket opens', () => {
    start()
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs * 2)
    expect(latest().pings()).toEqual([])
  })

  it('keeps a socket whose pings are answered, however long', () => {
    const { matches } = start()
    latest().open()
    for (let beat = 0; beat < WEBSOCKET.reconnectAfterHeartbeats * 4; beat += 1) {
      vi.advanceTimersByTime(WEBSOCKET.heartbeatMs)
      const ping = latest().pings().at(-1)
      latest().receive({ event: 'pong', ts: ping?.event === 'ping' ? ping.ts : undefined })
    }
    expect(sockets.made).toHaveLength(1)
    expect(matches(OPEN)).toBe(true)
  })

  it('replaces the socket when the last pong is more than WEBSOCKET.reconnectAfterHeartbeats heartbeats old', () => {
    const { matches, opens, statuses } = start()
    latest().open()
    // Pongs never come: the open counts as the last one, so the beat after the limit finds it too old.
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs * WEBSOCKET.reconnectAfterHeartbeats)
    expect(sockets.made).toHaveLength(1)
    expect(latest().pings()).toHaveLength(WEBSOCKET.reconnectAfterHeartbeats)
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs)
    expect(sockets.made).toHaveLength(2)
    expect(sockets.made[0]?.stopped).toBe(true)
    expect(matches(CONNECTING)).toBe(true)
    latest().open()
    expect(opens()).toBe(2)
    expect(statuses()).toEqual(['connecting', 'open', 'connecting', 'open'])
  })

  it('counts staleness from the last pong', () => {
    start()
    latest().open()
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs)
    latest().receive({ event: 'pong', ts: Date.now() })
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs * WEBSOCKET.reconnectAfterHeartbeats)
    expect(sockets.made).toHaveLength(1)
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs)
    expect(sockets.made).toHaveLength(2)
  })

  it('counts a pong without a stamp from when it arrived', () => {
    const { actor } = start()
    latest().open()
    vi.advanceTimersByTime(WEBSOCKET.heartbeatMs * 2)
    latest().receive({ event: 'pong' })
    expect(actor.getSnapshot().context.lastPong).toBe(Date.now())
  })
})

describe('backoff (WEBSOCKET.backoffBaseMs, WEBSOCKET.backoffMaxMs)', () => {
  it('doubles from WEBSOCKET.backoffBaseMs up to WEBSOCKET.backoffMaxMs', () => {
    expect([0, 1, 2, 3, 10].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, WEBSOCKET.backoffMaxMs])
    expect(backoffDelay(0)).toBe(WEBSOCKET.backoffBaseMs)
    expect(backoffDelay(64)).toBe(WEBSOCKET.backoffMaxMs)
  })

  it('reconnects after a close with a doubling backoff, and starts it over once open', () => {
    const { matches, statuses } = start()
    for (const attempt of [0, 1, 2]) {
      latest().drop()
      expect(matches('waiting')).toBe(true)
      vi.advanceTimersByTime(backoffDelay(attempt) - 1)
      expect(sockets.made).toHaveLength(attempt + 1)
      vi.advanceTimersByTime(1)
      expect(sockets.made).toHaveLength(attempt + 2)
      expect(matches(CONNECTING)).toBe(true)
    }
    latest().open()
    latest().drop()
    expect(statuses().slice(-2)).toEqual(['open', 'waiting'])
    vi.advanceTimersByTime(backoffDelay(0) - 1)
    expect(sockets.made).toHaveLength(4)
    vi.advanceTimersByTime(1)
    expect(sockets.made).toHaveLength(5)
  })

  it('never waits longer than WEBSOCKET.backoffMaxMs', () => {
    const { actor } = start()
    let attempt = 0
    while (backoffDelay(attempt) < WEBSOCKET.backoffMaxMs) {
      latest().drop()
      vi.advanceTimersByTime(backoffDelay(attempt))
      attempt += 1
    }
    for (let capped = 0; capped < 3; capped += 1) {
      const made = sockets.made.length
      latest().drop()
      vi.advanceTimersByTime(WEBSOCKET.backoffMaxMs - 1)
      expect(sockets.made).toHaveLength(made)
      vi.advanceTimersByTime(1)
      expect(sockets.made).toHaveLength(made + 1)
    }
    expect(actor.getSnapshot().context.attempt).toBe(attempt + 3)
  })
})

describe('browser signals and reconnect', () => {
  it('network.online: connects at once while waiting, and replaces an open or connecting socket', () => {
    const { actor, matches } = start()
    latest().drop()
    actor.send({ type: 'network.online' })
    expect(sockets.made).toHaveLength(2)
    expect(matches(CONNECTING)).toBe(true)
    actor.send({ type: 'network.online' })
    expect(sockets.made).toHaveLength(3)
    expect(sockets.made[1]?.stopped).toBe(true)
    latest().open()
    actor.send({ type: 'network.online' })
    expect(sockets.made).toHaveLength(4)
    expect(sockets.made[2]?.stopped).toBe(true)
    expect(matches(CONNECTING)).toBe(true)
  })

  it('page.resumed: replaces an open socket only when stale, and connects at once while waiting', () => {
    const { actor, matches } = start()
    latest().open()
    latest().receive({ event: 'pong', ts: Date.now() })
    actor.send({ type: 'page.resumed' })
    expect(sockets.made).toHaveLength(1)
    expect(matches(OPEN)).toBe(true)
    // A background tab: timers were frozen, the clock was not.
    vi.setSystemTime(Date.now() + WEBSOCKET.heartbeatMs * WEBSOCKET.reconnectAfterHeartbeats + 1)
    actor.send({ type: 'page.resumed' })
    expect(sockets.made).toHaveLength(2)
    expect(matches(CONNECTING)).toBe(true)
    latest().drop()
    actor.send({ type: 'page.resumed' })
    expect(sockets.made).toHaveLength(3)
    expect(matches(CONNECTING)).toBe(true)
  })

  it('socket.reconnect: replaces the socket in any state, at once', () => {
    const { actor, matches } = start()
    actor.send({ type: 'socket.reconnect' })
    expect(sockets.made).toHaveLength(2)
    latest().open()
    actor.send({ type: 'socket.reconnect' })
    expect(sockets.made).toHaveLength(3)
    expect(sockets.made[1]?.stopped).toBe(true)
    latest().drop()
    expect(matches('waiting')).toBe(true)
    actor.send({ type: 'socket.reconnect' })
    expect(sockets.made).toHaveLength(4)
    expect(matches(CONNECTING)).toBe(true)
  })
})

describe('messages', () => {
  it('sends what it is asked while open only', () => {
    const { actor } = start()
    latest().open()
    actor.send({ type: 'socket.send', message: TICKER_SUBSCRIBE })
    expect(latest().sent).toEqual([TICKER_SUBSCRIBE])
    latest().drop()
    actor.send({ type: 'socket.send', message: TICKER_SUBSCRIBE })
    expect(sockets.made[0]?.sent).toEqual([TICKER_SUBSCRIBE])
  })

  it('passes messages other than pongs to its listeners', () => {
    const { messages } = start()
    latest().open()
    latest().receive(TICKER_UPDATE)
    latest().receive({ event: 'pong', ts: 1 })
    expect(messages()).toEqual([TICKER_UPDATE])
  })
})

/** A WebSocket-shaped fake for the real socket actor. */
class FakeWebSocket implements SocketLike {
  sent: unknown[] = []
  closedWith: number | undefined
  onopen: (() => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  onerror: (() => void) | null = null
  readonly url: string
  constructor(url: string) {
    this.url = url
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code?: number) {
    this.closedWith = code
  }
}

describe('the socket actor over a WebSocket', () => {
  let made: FakeWebSocket[] = []
  const socket = () => {
    const last = made.at(-1)
    if (!last) throw new Error('no socket yet')
    return last
  }
  const startReal = () =>
    start(
      socketActor((url) => {
        const created = new FakeWebSocket(url)
        made.push(created)
        return created
      }),
    )
  beforeEach(() => {
    made = []
  })

  it('opens on open, sends commands as JSON, and passes on only what parses as a server message', () => {
    const { actor, matches, messages } = startReal()
    expect(socket().url).toBe(URL)
    socket().onopen?.()
    expect(matches(OPEN)).toBe(true)
    actor.send({ type: 'socket.send', message: TICKER_SUBSCRIBE })
    expect(socket().sent).toEqual([TICKER_SUBSCRIBE])
    socket().onmessage?.({ data: JSON.stringify(TICKER_UPDATE) })
    socket().onmessage?.({ data: new ArrayBuffer(4) })
    socket().onmessage?.({ data: '{not json' })
    socket().onmessage?.({ data: JSON.stringify({ event: 'no-such-event' }) })
    expect(messages()).toEqual([TICKER_UPDATE])
  })

  it('closes a replaced socket with 1000 and stops listening to it; a socket that closed itself is not closed again', () => {
    const { actor, matches } = startReal()
    const first = socket()
    first.onopen?.()
    actor.send({ type: 'network.online' })
    expect(first.closedWith).toBe(1000)
    expect([first.onopen, first.onmessage, first.onclose, first.onerror]).toEqual([null, null, null, null])
    const second = socket()
    second.onopen?.()
    second.onerror?.()
    expect(matches(OPEN)).toBe(true)
    second.onclose?.({ code: 1006 })
    expect(matches('waiting')).toBe(true)
    expect(second.closedWith).toBeUndefined()
  })

  it('closes the socket with 1000 when the machine stops', () => {
    const { actor } = startReal()
    socket().onopen?.()
    actor.stop()
    expect(socket().closedWith).toBe(1000)
  })
})
