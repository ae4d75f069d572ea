/**
 * The websocket protocol (§3, §7): every message is `{ event, channel, biz, type, pairCode, base,
 * data: { result }, params }`. Client events: subscribe, unsubscribe, ping, pong, login, logout.
 * Public channels: ticker (a pair), tickers (every pair of a biz), kline (a pair and interval),
 * trades (a pair), depth (a pair's order book: its top levels, with a sequence number). Private channels, after `login` with a ticket: positions, copy,
 * balance (spot: wallet 1, futures: wallet 3), orders (the open orders, then each order that changed) and fills (the
 * latest, then each new one); a
 * login subscription ends with `logout`, the others with `unsubscribe`. A reply with a channel and
 * no `data.result` is a subscription failure; `reason` says why.
 */
import { z } from 'zod'
import { COPY_BIZ } from './copy-common.schemas.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { klineIntervalSchema, pairCodeSchema } from './market.schemas.ts'

export const WS_CLIENT_EVENTS = ['subscribe', 'unsubscribe', 'ping', 'pong', 'login', 'logout'] as const
export const PUBLIC_CHANNELS = ['ticker', 'tickers', 'kline', 'trades', 'depth'] as const
export const PRIVATE_CHANNELS = ['positions', 'copy', 'balance', 'orders', 'fills'] as const
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number]
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number]
export type WsChannel = PublicChannel | PrivateChannel

export const WS_FAILURES = [
  'unknown-channel',
  'unknown-pair',
  'bad-params',
  'too-many-subscriptions',
  'login-required',
  'login-failed',
] as const
export type WsFailure = (typeof WS_FAILURES)[number]
export const WS_ERRORS = [
  'malformed-json',
  'frame-too-large',
  'unknown-event',
  'binary-unsupported',
  'invalid-message',
] as const
export type WsError = (typeof WS_ERRORS)[number]

const bizSchema = z.enum(COPY_BIZ)
export const wsParamsSchema = z.strictObject({ interval: klineIntervalSchema.optional() })
export type WsParams = z.infer<typeof wsParamsSchema>

/** What a subscription is about; two subscriptions with the same key are one. */
const subscriptionShape = {
  channel: z.string().min(1).max(20),
  biz: bizSchema.default('spot'),
  pairCode: pairCodeSchema.optional(),
  params: wsParamsSchema.optional(),
}

export const wsClientMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('subscribe'), ...subscriptionShape }),
  z.object({ event: z.literal('unsubscribe'), ...subscriptionShape }),
  z.object({ event: z.literal('ping'), ts: z.number().optional() }),
  z.object({ event: z.literal('pong'), ts: z.number().optional() }),
  z.object({
    event: z.literal('login'),
    channel: z.enum(PRIVATE_CHANNELS),
    biz: bizSchema.default('futures'),
    params: z.strictObject({ ticket: z.string().min(16).max(200) }),
  }),
  z.object({
    event: z.literal('logout'),
    channel: z.enum(PRIVATE_CHANNELS).optional(),
    biz: bizSchema.default('futures'),
  }),
])
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>

/** Every message the server sends. */
export const wsServerMessageSchema = z.object({
  event: z.enum([...WS_CLIENT_EVENTS, 'error', 'hello']),
  channel: z.string().optional(),
  biz: bizSchema.optional(),
  /** snapshot: the whole state on subscribe; update: a change. */
  type: z.enum(['snapshot', 'update']).optional(),
  pairCode: z.string().optional(),
  /** The pair's base coin (BTC for BTC_USDT). */
  base: z.string().optional(),
  data: z.object({ result: z.unknown().optional() }).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  ts: z.number().optional(),
  reason: z.enum([...WS_FAILURES, ...WS_ERRORS]).optional(),
})
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>

/** A subscription's identity: channel, biz, pair and params (params in a fixed key order). */
export function subscriptionKey(s: {
  channel: string
  biz: string
  pairCode?: string | undefined
  params?: WsParams | undefined
}): string {
  return [s.biz, s.channel, s.pairCode?.toUpperCase() ?? '', s.params?.interval ?? ''].join(':')
}

/** POST /v2/users/ws-ticket: a single-use ticket for the websocket `login` event. */
export const wsTicketSchema = z.object({ ticket: z.string(), expiresAt: z.number().int() }).meta({ id: 'WsTicket' })
export const wsTicketResponseSchema = okEnvelope(wsTicketSchema).meta({ id: 'WsTicketResponse' })
export type WsTicketResponse = z.infer<typeof wsTicketResponseSchema>
