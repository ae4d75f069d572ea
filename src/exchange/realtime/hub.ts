/**
 * The realtime hub on `/ws`: the protocol of §7 over `ws`, with the limits that keep one process
 * safe from any client: at most 200 subscriptions per connection; oversized frames, malformed
 * JSON and unknown events answered with an error (the connection stays); more than 50 messages a
 * second closed with a policy code; 30 s of silence closed; a reader that falls a bounded buffer
 * behind disconnected. Subscriptions are de-duplicated per connection and fanned out through the
 * pub/sub port, each message serialized once.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { WEBSOCKET } from '../../../app.config.ts'
import {
  PRIVATE_CHANNELS,
  PUBLIC_CHANNELS,
  subscriptionKey,
  wsClientMessageSchema,
  type PrivateChannel,
  type WsClientMessage,
  type WsError,
  type WsFailure,
  type WsServerMessage,
} from '../../contract/index.ts'
import type { PubSub } from './pubsub.ts'
import type { Snapshots } from './snapshots.ts'

export interface HubDeps {
  pubsub: PubSub
  snapshots: Snapshots
  /** The user a login ticket names (consumed), or undefined. */
  redeemTicket: (ticket: string) => Promise<number | undefined>
  now?: () => number
  /** Tests shrink the limits; the product uses app.config.ts WEBSOCKET. */
  limits?: Partial<HubLimits>
}

export type HubLimits = Record<'maxFrameBytes' | 'maxSubscriptionsPerConnection' | 'maxMessagesPerSecond' | 'idleTimeoutMs' | 'sendBufferBytes' | 'privateRefreshMs', number>

export interface Hub {
  /** Takes an upgrade for the hub's path; false when the path is not ours. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path?: string): boolean
  /** Sends to every subscriber of a topic, in every process. */
  publish(topic: string, message: WsServerMessage): void
  /** Whether a socket of this process watches the topic (publishers skip work nobody reads). */
  watched(topic: string): boolean
  stats(): { connections: number; subscriptions: number }
  close(): Promise<void>
}

interface Subscription {
  topic: string
  stop: () => void
}

interface Connection {
  ws: WebSocket
  subscriptions: Map<string, Subscription>
  userId: number | undefined
  windowStart: number
  windowCount: number
  lastSeen: number
}

const isPublic = (channel: string): channel is (typeof PUBLIC_CHANNELS)[number] => PUBLIC_CHANNELS.some((c) => c === channel)
const privateTopic = (userId: number, biz: 'spot' | 'futures', channel: PrivateChannel) => `user:${userId}:${biz}:${channel}`
const privateText = (channel: PrivateChannel, biz: 'spot' | 'futures', result: unknown) => JSON.stringify({ event: 'login', channel, biz, type: 'update', data: { result } } satisfies WsServerMessage)

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8')
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8')
  return raw.toString('utf8')
}

const rawSize = (raw: RawData) => (Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw instanceof ArrayBuffer ? raw.byteLength : raw.length)

export function createHub(deps: HubDeps): Hub {
  const now = deps.now ?? Date.now
  const limits: HubLimits = { ...WEBSOCKET, ...deps.limits }
  const wss = new WebSocketServer({ noServer: true, maxPayload: WEBSOCKET.hardMaxFrameBytes })
  const connections = new Set<Connection>()
  /** Sockets of this process per topic; one pub/sub subscription per topic, whatever their number. */
  const local = new Map<string, { connections: Set<Connection>; stop: () => void }>()
  /** The last state pushed on each private topic of this process. */
  const lastPrivate = new Map<string, string>()

  function sendText(conn: Connection, text: string): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return
    if (conn.ws.bufferedAmount > limits.sendBufferBytes) {
      conn.ws.close(WEBSOCKET.slowConsumerCloseCode, 'slow consumer')
      conn.ws.terminate()
      return
    }
    conn.ws.send(text)
  }
  const send = (conn: Connection, message: WsServerMessage) => sendText(conn, JSON.stringify(message))
  const error = (conn: Connection, reason: WsError) => send(conn, { event: 'error', reason, data: { result: { code: reason } } })

  function join(conn: Connection, topic: string): () => void {
    let entry = local.get(topic)
    if (!entry) {
      const members = new Set<Connection>()
      const stop = deps.pubsub.subscribe(topic, (text) => {
        for (const member of members) sendText(member, text)
      })
      local.set(topic, (entry = { connections: members, stop }))
    }
    const members = entry
    members.connections.add(conn)
    return () => {
      members.connections.delete(conn)
      if (members.connections.size > 0) return
      members.stop()
      local.delete(topic)
    }
  }

  function fail(conn: Connection, message: { event: 'subscribe' | 'login'; channel: string; biz: 'spot' | 'futures'; pairCode?: string | undefined; params?: object | undefined }, reason: WsFailure) {
    // A reply with the channel and no data.result: the client's subscription-failure event.
    send(conn, { event: message.event, channel: message.channel, biz: message.biz, pairCode: message.pairCode, params: message.params ? { ...message.params } : undefined, data: {}, reason })
  }

  async function subscribe(conn: Connection, message: Extract<WsClientMessage, { event: 'subscribe' }>) {
    const key = subscriptionKey(message)
    if (conn.subscriptions.has(key)) return
    if (!isPublic(message.channel)) return fail(conn, message, 'unknown-channel')
    if (conn.subscriptions.size >= limits.maxSubscriptionsPerConnection) return fail(conn, message, 'too-many-subscriptions')
    // The slot is taken before the snapshot is read: concurrent subscribes count against the limit.
    const slot: Subscription = { topic: key, stop: () => undefined }
    conn.subscriptions.set(key, slot)
    const snapshot = await deps.snapshots.public({ channel: message.channel, biz: message.biz, pairCode: message.pairCode, interval: message.params?.interval })
    if (conn.subscriptions.get(key) !== slot) return
    if (!snapshot.ok) {
      conn.subscriptions.delete(key)
      return fail(conn, message, snapshot.reason)
    }
    slot.stop = join(conn, key)
    send(conn, { event: 'subscribe', channel: message.channel, biz: message.biz, type: 'snapshot', pairCode: snapshot.pairCode, base: snapshot.base, params: message.params ? { ...message.params } : undefined, data: { result: snapshot.result } })
  }

  async function login(conn: Connection, message: Extract<WsClientMessage, { event: 'login' }>) {
    const key = `login:${message.channel}`
    if (conn.subscriptions.has(key)) return
    const userId = conn.userId ?? (await deps.redeemTicket(message.params.ticket))
    if (userId === undefined) return fail(conn, message, 'login-failed')
    if (conn.subscriptions.size >= limits.maxSubscriptionsPerConnection) return fail(conn, message, 'too-many-subscriptions')
    conn.userId = userId
    const topic = privateTopic(userId, message.biz, message.channel)
    conn.subscriptions.set(key, { topic, stop: join(conn, topic) })
    const result = await deps.snapshots.private(userId, message.channel)
    // What this login showed is the state later changes are measured against.
    if (!lastPrivate.has(topic)) lastPrivate.set(topic, privateText(message.channel, message.biz, result))
    send(conn, { event: 'login', channel: message.channel, biz: message.biz, type: 'snapshot', data: { result } })
  }

  function end(conn: Connection, key: string) {
    conn.subscriptions.get(key)?.stop()
    conn.subscriptions.delete(key)
  }

  async function onMessage(conn: Connection, raw: RawData, isBinary: boolean) {
    const at = now()
    conn.lastSeen = at
    if (at - conn.windowStart >= 1000) {
      conn.windowStart = at
      conn.windowCount = 0
    }
    conn.windowCount += 1
    if (conn.windowCount > limits.maxMessagesPerSecond) {
      conn.ws.close(WEBSOCKET.policyCloseCode, 'too many messages')
      return
    }
    if (isBinary) return error(conn, 'binary-unsupported')
    if (rawSize(raw) > limits.maxFrameBytes) return error(conn, 'frame-too-large')
    let parsed: unknown
    try {
      parsed = JSON.parse(rawText(raw))
    } catch {
      return error(conn, 'malformed-json')
    }
    const event = typeof parsed === 'object' && parsed !== null && 'event' in parsed ? parsed.event : undefined
    if (typeof event !== 'string' || !['subscribe', 'unsubscribe', 'ping', 'pong', 'login', 'logout'].includes(event)) return error(conn, 'unknown-event')
    const message = wsClientMessageSchema.safeParse(parsed)
    if (!message.success) return error(conn, 'invalid-message')
    const m = message.data
    switch (m.event) {
      case 'ping':
        return send(conn, { event: 'pong', ts: m.ts ?? at })
      case 'pong':
        return undefined
      case 'subscribe':
        return subscribe(conn, m)
      case 'unsubscribe':
        return end(conn, subscriptionKey(m))
      case 'login':
        return login(conn, m)
      case 'logout':
        for (const channel of m.channel ? [m.channel] : PRIVATE_CHANNELS) end(conn, `login:${channel}`)
        if (![...conn.subscriptions.keys()].some((k) => k.startsWith('login:'))) conn.userId = undefined
        return undefined
    }
  }

  wss.on('connection', (ws: WebSocket) => {
    const conn: Connection = { ws, subscriptions: new Map(), userId: undefined, windowStart: now(), windowCount: 0, lastSeen: now() }
    connections.add(conn)
    // Protocol errors (a frame over the hard limit, say) close this connection with their code;
    // they must never reach the process as an unhandled 'error' event.
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      for (const key of [...conn.subscriptions.keys()]) end(conn, key)
      connections.delete(conn)
    })
    ws.on('message', (raw, isBinary) => {
      onMessage(conn, raw, isBinary).catch(() => error(conn, 'invalid-message'))
    })
    send(conn, { event: 'hello', ts: now() })
  })

  // Private channels follow the user's own data: each watched topic is re-read on a short cadence
  // and pushed when it changed (per process: each serves its own sockets).
  let refreshing = false
  const refreshPrivate = async () => {
    if (refreshing) return
    refreshing = true
    try {
      for (const [topic, entry] of local) {
        const match = /^user:(\d+):(spot|futures):(positions|copy|balance)$/.exec(topic)
        const channel = PRIVATE_CHANNELS.find((c) => c === match?.[3])
        const biz = match?.[2] === 'spot' ? 'spot' : 'futures'
        if (!match || !channel) continue
        const text = privateText(channel, biz, await deps.snapshots.private(Number(match[1]), channel))
        if (lastPrivate.get(topic) === text) continue
        lastPrivate.set(topic, text)
        for (const member of entry.connections) sendText(member, text)
      }
      for (const topic of lastPrivate.keys()) if (!local.has(topic)) lastPrivate.delete(topic)
    } finally {
      refreshing = false
    }
  }
  const privateTimer = setInterval(() => {
    refreshPrivate().catch(() => undefined)
  }, limits.privateRefreshMs)
  privateTimer.unref()

  // Silent connections are closed: one sweep for all of them.
  const sweep = setInterval(() => {
    const limit = now() - limits.idleTimeoutMs
    for (const conn of connections) if (conn.lastSeen < limit) conn.ws.close(WEBSOCKET.idleCloseCode, 'idle')
  }, Math.min(5000, limits.idleTimeoutMs / 2))
  sweep.unref()

  return {
    handleUpgrade(req, socket, head, path = WEBSOCKET.path) {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
      if (pathname !== path) return false
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
      return true
    },
    publish(topic, message) {
      deps.pubsub.publish(topic, JSON.stringify(message))
    },
    watched: (topic) => local.has(topic),
    stats: () => ({ connections: connections.size, subscriptions: [...connections].reduce((n, c) => n + c.subscriptions.size, 0) }),
    async close() {
      clearInterval(sweep)
      clearInterval(privateTimer)
      for (const conn of connections) conn.ws.close(1001, 'server shutting down')
      await new Promise<void>((resolve) => {
        wss.close(() => resolve())
        // Clients that do not answer the close handshake are cut off.
        setTimeout(() => {
          for (const client of wss.clients) client.terminate()
        }, 1000).unref()
      })
    },
  }
}
