/**
 * The subscription registry of one socket (§4): subscriptions de-duplicated by their params and
 * reference-counted per listener, so any number of components watching BTC_USDT make one
 * subscription and the last one leaving ends it (unsubscribe; logout for a login channel). On
 * every open it resubscribes each subscription exactly once. A reply with a channel and no
 * data.result is a subscription failure, announced on the event bus.
 */
import {
  PRIVATE_CHANNELS,
  klineIntervalSchema,
  subscriptionKey,
  type KlineInterval,
  type PrivateChannel,
  type PublicChannel,
  type WsClientMessage,
  type WsServerMessage,
} from '#/contract/index.ts'
import type { AppEventBus } from './events.ts'

export type StreamParams =
  | { channel: PublicChannel; biz: 'spot' | 'futures'; pairCode?: string; interval?: KlineInterval }
  | { channel: PrivateChannel; biz: 'spot' | 'futures' }

export type StreamListener = (message: WsServerMessage) => void

export interface RegistryTransport {
  /** Sends now when open; otherwise dropped (every subscription is sent again on open). */
  send(message: WsClientMessage): void
  isOpen(): boolean
}

export interface SubscriptionRegistry {
  subscribe(params: StreamParams, listener: StreamListener): () => void
  /** The socket opened: send every subscription once (login ones with a fresh ticket). */
  resubscribe(): Promise<void>
  /** A message from the socket: to the listeners of its subscription. */
  dispatch(message: WsServerMessage): void
  /** Keys currently subscribed. */
  keys(): string[]
  /** What is subscribed, for the HTTP fallback. */
  subscriptions(): StreamParams[]
}

const isPrivate = (params: StreamParams): params is Extract<StreamParams, { channel: PrivateChannel }> =>
  PRIVATE_CHANNELS.some((channel) => channel === params.channel)

export function keyOf(params: StreamParams): string {
  if (isPrivate(params)) return `login:${params.biz}:${params.channel}`
  return subscriptionKey({
    channel: params.channel,
    biz: params.biz,
    pairCode: params.pairCode,
    params: params.interval ? { interval: params.interval } : undefined,
  })
}

function subscribeMessage(params: StreamParams, ticket: string | undefined): WsClientMessage | undefined {
  if (isPrivate(params))
    return ticket ? { event: 'login', channel: params.channel, biz: params.biz, params: { ticket } } : undefined
  return {
    event: 'subscribe',
    channel: params.channel,
    biz: params.biz,
    pairCode: params.pairCode,
    params: params.interval ? { interval: params.interval } : undefined,
  }
}

function endMessage(params: StreamParams): WsClientMessage {
  if (isPrivate(params)) return { event: 'logout', channel: params.channel, biz: params.biz }
  return {
    event: 'unsubscribe',
    channel: params.channel,
    biz: params.biz,
    pairCode: params.pairCode,
    params: params.interval ? { interval: params.interval } : undefined,
  }
}

/** The key a server message belongs to. */
function keyOfMessage(message: WsServerMessage): string | undefined {
  if (!message.channel || !message.biz) return undefined
  if (message.event === 'login') return `login:${message.biz}:${message.channel}`
  const interval = klineIntervalSchema.safeParse(message.params?.interval)
  return subscriptionKey({
    channel: message.channel,
    biz: message.biz,
    pairCode: message.pairCode,
    params: interval.success ? { interval: interval.data } : undefined,
  })
}

export function createSubscriptionRegistry(
  transport: RegistryTransport,
  bus: AppEventBus,
  getTicket: () => Promise<string | undefined>,
): SubscriptionRegistry {
  const entries = new Map<string, { params: StreamParams; listeners: Set<StreamListener> }>()

  const start = async (params: StreamParams) => {
    if (!transport.isOpen()) return
    const message = subscribeMessage(params, isPrivate(params) ? await getTicket() : undefined)
    if (message) transport.send(message)
  }

  return {
    subscribe(params, listener) {
      const key = keyOf(params)
      let entry = entries.get(key)
      if (!entry) {
        entries.set(key, (entry = { params, listeners: new Set() }))
        void start(params)
      }
      const listeners = entry.listeners
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0 || entries.get(key)?.listeners !== listeners) return
        entries.delete(key)
        if (transport.isOpen()) transport.send(endMessage(params))
      }
    },
    async resubscribe() {
      const list = [...entries.values()].map((e) => e.params)
      const ticket = list.some(isPrivate) ? await getTicket() : undefined
      for (const params of list) {
        const message = subscribeMessage(params, ticket)
        if (message && transport.isOpen()) transport.send(message)
      }
    },
    dispatch(message) {
      const key = keyOfMessage(message)
      if (!key) return
      const entry = entries.get(key)
      if (message.data?.result === undefined) {
        bus.emit({
          type: 'subscription-fail',
          key,
          channel: message.channel ?? '',
          reason: message.reason ?? 'unknown-channel',
        })
        return
      }
      if (!entry) return
      for (const listener of entry.listeners) listener(message)
    },
    keys: () => [...entries.keys()],
    subscriptions: () => [...entries.values()].map((e) => e.params),
  }
}
