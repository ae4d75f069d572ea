/**
 * One websocket's life (§4): connect → open (the registry resubscribes, the heartbeat starts) →
 * error or close → reconnect after a backoff. While open, a ping every 2000 ms; when the last ping
 * and the last pong differ by more than 5 heartbeats the socket is stale and is replaced. The
 * browser coming back online, or a tab / native WebView resuming with a stale socket, reconnects
 * at once. The machine owns no subscriptions: it tells its listeners (emitted events) and sends
 * what they ask while open.
 */
import { assign, emit, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate'
import { WEBSOCKET } from '../../../app.config.ts'
import { wsServerMessageSchema, type WsClientMessage, type WsServerMessage } from '../../contract/index.ts'

/** What the machine needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  send(data: string): void
  close(code?: number): void
  onopen: (() => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number }) => void) | null
  onerror: (() => void) | null
}

export interface SocketInput {
  url: string
  createSocket: (url: string) => SocketLike
  now?: () => number
}

export type SocketStatus = 'connecting' | 'open' | 'waiting'

type SocketEvent =
  | { type: 'socket.open' }
  | { type: 'socket.message'; message: WsServerMessage }
  | { type: 'socket.closed'; code: number }
  | { type: 'send'; message: WsClientMessage }
  | { type: 'online' }
  | { type: 'resume' }
  | { type: 'reconnect' }

type Emitted = { type: 'opened' } | { type: 'message'; message: WsServerMessage } | { type: 'status'; status: SocketStatus }

interface SocketContext {
  url: string
  createSocket: (url: string) => SocketLike
  now: () => number
  /** Failed connection attempts since the last open (the backoff's exponent). */
  attempt: number
  lastPong: number
}

/** The delay before reconnect attempt `attempt` (0-based): doubling from the base, capped. */
export function backoffDelay(attempt: number): number {
  return Math.min(WEBSOCKET.backoffMaxMs, WEBSOCKET.backoffBaseMs * 2 ** attempt)
}

const STALE_MS = WEBSOCKET.heartbeatMs * WEBSOCKET.reconnectAfterHeartbeats

function parse(data: unknown): WsServerMessage | undefined {
  if (typeof data !== 'string') return undefined
  try {
    const parsed = wsServerMessageSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The socket as an actor: its events come to the machine; `send` events go to the socket; stopping closes it. */
const socketActor = fromCallback<{ type: 'send'; message: WsClientMessage }, { url: string; createSocket: (url: string) => SocketLike }>(({ input, sendBack, receive }) => {
  const socket = input.createSocket(input.url)
  let closed = false
  socket.onopen = () => sendBack({ type: 'socket.open' })
  socket.onmessage = (event) => {
    const message = parse(event.data)
    if (message) sendBack({ type: 'socket.message', message })
  }
  socket.onclose = (event) => {
    closed = true
    sendBack({ type: 'socket.closed', code: event.code })
  }
  socket.onerror = () => undefined
  receive((event) => socket.send(JSON.stringify(event.message)))
  return () => {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null
    if (!closed) socket.close(1000)
  }
})

export const socketMachine = setup({
  types: { context: {} as SocketContext, events: {} as SocketEvent, input: {} as SocketInput, emitted: {} as Emitted },
  actors: { socket: socketActor },
  delays: {
    heartbeat: WEBSOCKET.heartbeatMs,
    backoff: ({ context }) => backoffDelay(context.attempt),
  },
  guards: {
    /** The ping due now would be more than 5 heartbeats after the last pong. */
    stale: ({ context }) => context.now() - context.lastPong > STALE_MS,
    isPong: ({ event }) => event.type === 'socket.message' && event.message.event === 'pong',
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ url: input.url, createSocket: input.createSocket, now: input.now ?? Date.now, attempt: 0, lastPong: 0 }),
  initial: 'connected',
  states: {
    connected: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ url: context.url, createSocket: context.createSocket }) },
      on: {
        'socket.closed': { target: 'waiting' },
        online: { target: 'connected', reenter: true },
        reconnect: { target: 'connected', reenter: true },
      },
      initial: 'connecting',
      states: {
        connecting: {
          entry: emit({ type: 'status', status: 'connecting' }),
          on: {
            'socket.open': {
              target: 'open',
              actions: assign(({ context }) => ({ attempt: 0, lastPong: context.now() })),
            },
          },
        },
        open: {
          entry: [emit({ type: 'status', status: 'open' }), emit({ type: 'opened' })],
          // The heartbeat lives in a child state, so each beat re-enters it and not `open`.
          initial: 'beating',
          states: {
            beating: {
              after: {
                heartbeat: [
                  { guard: 'stale', target: '#socket.connected', reenter: true },
                  {
                    target: 'beating',
                    reenter: true,
                    actions: sendTo('socket', ({ context }) => ({ type: 'send' as const, message: { event: 'ping' as const, ts: context.now() } })),
                  },
                ],
              },
            },
          },
          on: {
            'socket.message': [
              {
                guard: 'isPong',
                actions: assign(({ event, context }) => ({ lastPong: event.type === 'socket.message' && event.message.ts !== undefined ? event.message.ts : context.now() })),
              },
              { actions: emit(({ event }) => ({ type: 'message' as const, message: event.message })) },
            ],
            send: { actions: sendTo('socket', ({ event }) => event) },
            resume: { guard: 'stale', target: '#socket.connected', reenter: true },
          },
        },
      },
    },
    waiting: {
      entry: emit({ type: 'status', status: 'waiting' }),
      after: { backoff: { target: 'connected', actions: assign(({ context }) => ({ attempt: context.attempt + 1 })) } },
      on: {
        online: { target: 'connected' },
        resume: { target: 'connected' },
        reconnect: { target: 'connected' },
      },
    },
  },
})

export type SocketActor = ActorRefFrom<typeof socketMachine>
