/**
 * The realtime hub on `/ws`: the protocol of §7 over `ws`, with the limits that keep one process
 * safe from any client (WEBSOCKET in app.config.ts): browsers only from the site's origins (403 at
 * the upgrade otherwise); at most maxSubscriptionsPerConnection subscriptions per connection;
 * frames over maxFrameBytes, malformed JSON and unknown events answered with an error (the
 * connection stays); a client over its message rate (a token bucket: maxMessagesPerSecond,
 * bursts of messageBurst) closed with policyCloseCode; idleTimeoutMs of silence closed; a reader
 * more than sendBufferBytes behind disconnected. Subscriptions are de-duplicated per connection and
 * fanned out through the pub/sub port, each message serialized once. Handling a message stays
 * cheap whatever the load: the snapshot a subscribe answers with is read later, through a queue
 * that shares one read among the subscribers of a key.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { z } from 'zod'
import { WEBSOCKET } from '#/app.config.ts'
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
} from '#/contract/index.ts'
import type { PubSub } from './pubsub.ts'
import { createSnapshotQueue, type ReadOutcome } from './snapshot-queue.ts'
import type { PublicSnapshot, Snapshots } from './snapshots.ts'
import { createTokenBucket, type TokenBucket } from './token-bucket.ts'

export interface HubDeps {
  pubsub: PubSub
  snapshots: Snapshots
  /** The user a login ticket names (consumed), or undefined. */
  redeemTicket: (ticket: string) => Promise<number | undefined>
  now?: () => number
  /** Tests shrink the limits; the product uses app.config.ts WEBSOCKET. */
  limits?: Partial<HubLimits>
  /**
   * Origins a browser may open the socket from (ServerConfig.wsAllowedOrigins); others are refused
   * with 403. None given: no browser at all. A request without Origin is not a browser's (browsers
   * always send it on a websocket upgrade) and is let in: a native or server client can send any
   * Origin it likes, so the header could not keep it out anyway.
   */
  allowedOrigins?: readonly string[]
}

export type HubLimits = Record<
  | 'maxFrameBytes'
  | 'maxSubscriptionsPerConnection'
  | 'maxMessagesPerSecond'
  | 'messageBurst'
  | 'snapshotConcurrency'
  | 'idleTimeoutMs'
  | 'sendBufferBytes'
  | 'privateCoalesceMs',
  number
>

export interface Hub {
  /**
   * Takes an upgrade for the hub's path (refused with 403 from an origin not allowed); false when the path is not ours.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path?: string): boolean
  /** Sends to every subscriber of a topic, in every process. */
  publish(topic: string, message: WsServerMessage): void
  /**
   * Pushes a user's private channel to their sockets in every process: a changed state (balance), or events (orders,
   * fills). A state pushed here is not pushed again by the periodic refresh.
   */
  publishPrivate(userId: number, biz: 'spot' | 'futures', channel: PrivateChannel, result: unknown): void
  /**
   * The users' money, positions or copies may have changed ('all': every user's, as when the marks move): each process
   * reads again the state channels (positions, copy, balance) its sockets watch for them, coalesced, and pushes those
   * that changed. Nothing is polled: a state channel moves only on such a word.
   */
  privateChanged(users: readonly number[] | 'all'): void
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
  /** A ticket being redeemed: the other logins sent with it wait for it (a ticket is single use). */
  redeeming: Promise<number | undefined> | undefined
  allowance: TokenBucket
  lastSeen: number
}

type SubscribeMessage = Extract<WsClientMessage, { event: 'subscribe' }>

/** A subscribe waiting for its snapshot: its slot is still the connection's while it waits. */
interface SnapshotWaiter {
  conn: Connection
  slot: Subscription
  message: SubscribeMessage
}

const isPublic = (channel: string): channel is (typeof PUBLIC_CHANNELS)[number] =>
  PUBLIC_CHANNELS.some((c) => c === channel)
const privateTopic = (userId: number, biz: 'spot' | 'futures', channel: PrivateChannel) =>
  `user:${userId}:${biz}:${channel}`
/** The private topics that carry a state (read again when it changes), not events (orders, fills). */
const STATE_TOPIC = /^user:(\d+):(spot|futures):(positions|copy|balance)$/
/** The pub/sub topic of privateChanged's word, heard by every process. */
const CHANGED_TOPIC = 'private:changed'
const changedWordSchema = z.object({ all: z.boolean().optional(), users: z.array(z.number().int().positive()) })
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
const privateText = (channel: PrivateChannel, biz: 'spot' | 'futures', result: unknown) =>
  JSON.stringify({ event: 'login', channel, biz, type: 'update', data: { result } } satisfies WsServerMessage)

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8')
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8')
  return raw.toString('utf8')
}

const rawSize = (raw: RawData) =>
  Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw instanceof ArrayBuffer ? raw.byteLength : raw.length

/** The origin as the allowed list spells it (lower-case host, no default port); anything unparsable stays as sent. */
const originOf = (header: string) => (URL.canParse(header) ? new URL(header).origin : header)

/** Refuses an upgrade with 403; the answer is written out before the socket goes. */
function forbid(socket: Duplex) {
  socket.once('finish', () => socket.destroy())
  socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
}

export function createHub(deps: HubDeps): Hub {
  const now = deps.now ?? Date.now
  const limits: HubLimits = { ...WEBSOCKET, ...deps.limits }
  const allowedOrigins = new Set((deps.allowedOrigins ?? []).map(originOf))
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
  const error = (conn: Connection, reason: WsError) =>
    send(conn, { event: 'error', reason, data: { result: { code: reason } } })

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

  function fail(
    conn: Connection,
    message: {
      event: 'subscribe' | 'login'
      channel: string
      biz: 'spot' | 'futures'
      pairCode?: string | undefined
      params?: object | undefined
    },
    reason: WsFailure,
  ) {
    // A reply with the channel and no data.result: the client's subscription-failure event.
    send(conn, {
      event: message.event,
      channel: message.channel,
      biz: message.biz,
      pairCode: message.pairCode,
      params: message.params ? { ...message.params } : undefined,
      data: {},
      reason,
    })
  }

  const snapshotQueue = createSnapshotQueue<SnapshotWaiter, PublicSnapshot>({
    concurrency: limits.snapshotConcurrency,
    deliver: deliverSnapshot,
  })

  function deliverSnapshot(outcome: ReadOutcome<PublicSnapshot>, waiters: readonly SnapshotWaiter[]) {
    // Serialized once per read (and per params echo, normally one), however many sockets share it.
    const texts = new Map<string, string>()
    for (const { conn, slot, message } of waiters) {
      if (conn.subscriptions.get(slot.topic) !== slot) continue
      if (!outcome.ok) {
        conn.subscriptions.delete(slot.topic)
        error(conn, 'invalid-message')
        continue
      }
      const snapshot = outcome.value
      if (!snapshot.ok) {
        conn.subscriptions.delete(slot.topic)
        fail(conn, message, snapshot.reason)
        continue
      }
      slot.stop = join(conn, slot.topic)
      const params = message.params ? { ...message.params } : undefined
      const echo = JSON.stringify(params ?? null)
      let text = texts.get(echo)
      if (text === undefined) {
        text = JSON.stringify({
          event: 'subscribe',
          channel: message.channel,
          biz: message.biz,
          type: 'snapshot',
          pairCode: snapshot.pairCode,
          base: snapshot.base,
          params,
          data: { result: snapshot.result },
        } satisfies WsServerMessage)
        texts.set(echo, text)
      }
      sendText(conn, text)
    }
  }

  function subscribe(conn: Connection, message: SubscribeMessage) {
    const key = subscriptionKey(message)
    if (conn.subscriptions.has(key)) return
    if (!isPublic(message.channel)) return fail(conn, message, 'unknown-channel')
    if (conn.subscriptions.size >= limits.maxSubscriptionsPerConnection)
      return fail(conn, message, 'too-many-subscriptions')
    // The slot is taken before the snapshot is read: subscribes still waiting count against the limit.
    const slot: Subscription = { topic: key, stop: () => undefined }
    conn.subscriptions.set(key, slot)
    const channel = message.channel
    slot.stop = snapshotQueue.add(key, { conn, slot, message }, () =>
      deps.snapshots.public({
        channel,
        biz: message.biz,
        pairCode: message.pairCode,
        interval: message.params?.interval,
      }),
    )
  }

  async function login(conn: Connection, message: Extract<WsClientMessage, { event: 'login' }>) {
    const key = `login:${message.channel}`
    if (conn.subscriptions.has(key)) return
    // A client logs several channels in at once with one ticket: the first redeems it, the others wait for it.
    if (conn.userId === undefined && conn.redeeming) await conn.redeeming
    let userId = conn.userId
    if (userId === undefined) {
      const redeeming = deps.redeemTicket(message.params.ticket)
      conn.redeeming = redeeming
      userId = await redeeming
      if (conn.redeeming === redeeming) conn.redeeming = undefined
      if (userId !== undefined) conn.userId = userId
    }
    if (userId === undefined) return fail(conn, message, 'login-failed')
    if (conn.subscriptions.size >= limits.maxSubscriptionsPerConnection)
      return fail(conn, message, 'too-many-subscriptions')
    conn.userId = userId
    const topic = privateTopic(userId, message.biz, message.channel)
    conn.subscriptions.set(key, { topic, stop: join(conn, topic) })
    const result = await deps.snapshots.private(userId, message.channel, message.biz)
    // What this login showed is the state later changes are measured against.
    if (!lastPrivate.has(topic)) lastPrivate.set(topic, privateText(message.channel, message.biz, result))
    send(conn, { event: 'login', channel: message.channel, biz: message.biz, type: 'snapshot', data: { result } })
  }

  function end(conn: Connection, key: string) {
    conn.subscriptions.get(key)?.stop()
    conn.subscriptions.delete(key)
  }

  function onMessage(conn: Connection, raw: RawData, isBinary: boolean) {
    if (conn.ws.readyState !== conn.ws.OPEN) return
    // Counted as it arrives, before any work: tokens accrue by the clock, so messages that queued
    // while the thread was busy are not charged as a burst the client never sent.
    if (!conn.allowance.take()) {
      conn.ws.close(WEBSOCKET.policyCloseCode, 'too many messages')
      return
    }
    const at = now()
    conn.lastSeen = at
    if (isBinary) return error(conn, 'binary-unsupported')
    if (rawSize(raw) > limits.maxFrameBytes) return error(conn, 'frame-too-large')
    let parsed: unknown
    try {
      parsed = JSON.parse(rawText(raw))
    } catch {
      return error(conn, 'malformed-json')
    }
    const event = typeof parsed === 'object' && parsed !== null && 'event' in parsed ? parsed.event : undefined
    if (typeof event !== 'string' || !['subscribe', 'unsubscribe', 'ping', 'pong', 'login', 'logout'].includes(event))
      return error(conn, 'unknown-event')
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
        return void login(conn, m).catch(() => error(conn, 'invalid-message'))
      case 'logout':
        for (const channel of m.channel ? [m.channel] : PRIVATE_CHANNELS) end(conn, `login:${channel}`)
        if (![...conn.subscriptions.keys()].some((k) => k.startsWith('login:'))) conn.userId = undefined
        return undefined
    }
  }

  wss.on('connection', (ws: WebSocket) => {
    const conn: Connection = {
      ws,
      subscriptions: new Map(),
      userId: undefined,
      redeeming: undefined,
      allowance: createTokenBucket(limits.maxMessagesPerSecond, limits.messageBurst, now),
      lastSeen: now(),
    }
    connections.add(conn)
    // Protocol errors (a frame over the hard limit, say) close this connection with their code;
    // they must never reach the process as an unhandled 'error' event.
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      for (const key of [...conn.subscriptions.keys()]) end(conn, key)
      connections.delete(conn)
    })
    ws.on('message', (raw, isBinary) => {
      try {
        onMessage(conn, raw, isBinary)
      } catch {
        error(conn, 'invalid-message')
      }
    })
    send(conn, { event: 'hello', ts: now() })
  })

  // State channels follow the word that a user's state changed (privateChanged, from every process through the
  // pub/sub): the users named are marked, and once per privateCoalesceMs this process reads again the topics its
  // sockets watch for them, pushing those whose state differs from the last one sent.
  let dirty: Set<number> | 'all' = new Set()
  let flushTimer: ReturnType<typeof setTimeout> | undefined
  let flushing = false
  const markChanged = (users: readonly number[] | 'all') => {
    if (users === 'all') dirty = 'all'
    else if (dirty !== 'all') for (const user of users) dirty.add(user)
    scheduleFlush()
  }
  const scheduleFlush = () => {
    if (flushTimer || flushing || (dirty !== 'all' && dirty.size === 0)) return
    flushTimer = setTimeout(() => {
      flushTimer = undefined
      flushing = true
      const which = dirty
      dirty = new Set()
      refreshPrivate(which)
        .catch(() => undefined)
        .finally(() => {
          flushing = false
          scheduleFlush()
        })
    }, limits.privateCoalesceMs)
  }
  const refreshPrivate = async (which: ReadonlySet<number> | 'all') => {
    for (const [topic, entry] of local) {
      const match = STATE_TOPIC.exec(topic)
      const channel = PRIVATE_CHANNELS.find((c) => c === match?.[3])
      if (!match || !channel) continue
      const userId = Number(match[1])
      if (which !== 'all' && !which.has(userId)) continue
      const biz = match[2] === 'spot' ? 'spot' : 'futures'
      const text = privateText(channel, biz, await deps.snapshots.private(userId, channel, biz))
      if (lastPrivate.get(topic) === text) continue
      lastPrivate.set(topic, text)
      for (const member of entry.connections) sendText(member, text)
    }
    for (const topic of lastPrivate.keys()) if (!local.has(topic)) lastPrivate.delete(topic)
  }
  const stopChanged = deps.pubsub.subscribe(CHANGED_TOPIC, (text) => {
    const word = changedWordSchema.safeParse(parseJson(text))
    if (word.success) markChanged(word.data.all ? 'all' : word.data.users)
  })

  // Silent connections are closed: one sweep for all of them.
  const sweep = setInterval(
    () => {
      const limit = now() - limits.idleTimeoutMs
      for (const conn of connections) if (conn.lastSeen < limit) conn.ws.close(WEBSOCKET.idleCloseCode, 'idle')
    },
    Math.min(5000, limits.idleTimeoutMs / 2),
  )
  sweep.unref()

  return {
    handleUpgrade(req, socket, head, path = WEBSOCKET.path) {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
      if (pathname !== path) return false
      const origin = req.headers.origin
      if (origin !== undefined && !allowedOrigins.has(originOf(origin))) {
        forbid(socket)
        return true
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
      return true
    },
    publish(topic, message) {
      deps.pubsub.publish(topic, JSON.stringify(message))
    },
    publishPrivate(userId, biz, channel, result) {
      const topic = privateTopic(userId, biz, channel)
      const text = privateText(channel, biz, result)
      if (lastPrivate.has(topic)) lastPrivate.set(topic, text)
      deps.pubsub.publish(topic, text)
    },
    privateChanged(users) {
      if (users !== 'all' && users.length === 0) return
      deps.pubsub.publish(CHANGED_TOPIC, JSON.stringify(users === 'all' ? { all: true, users: [] } : { users }))
    },
    watched: (topic) => local.has(topic),
    stats: () => ({
      connections: connections.size,
      subscriptions: [...connections].reduce((n, c) => n + c.subscriptions.size, 0),
    }),
    async close() {
      clearInterval(sweep)
      clearTimeout(flushTimer)
      stopChanged()
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
