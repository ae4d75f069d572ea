/**
 * One websocket's life (§4): connect → open (the registry resubscribes, the heartbeat starts) →
 * error or close → reconnect after a backoff (from WEBSOCKET.backoffBaseMs, doubling, capped at
 * WEBSOCKET.backoffMaxMs). While open, a ping every WEBSOCKET.heartbeatMs; when the last ping and
 * the last pong are more than WEBSOCKET.reconnectAfterHeartbeats heartbeats apart the socket is
 * stale and is replaced. The browser coming back online, or a tab / native WebView resuming with a
 * stale socket, reconnects at once. The machine owns no subscriptions: it tells its listeners
 * (emitted events) and sends what they ask while open.
 */
import { assertEvent, assign, emit, sendTo, setup, type ActorRefFrom } from 'xstate'
import { WEBSOCKET } from '#/app.config.ts'
import type { WsServerMessage } from '#/contract/index.ts'
import { browserSocketActor, type SocketCommand, type SocketSignal } from './socket-transport.ts'

export interface SocketInput {
  url: string
  /** The clock pings are stamped and pongs measured by. */
  now?: () => number
}

export type SocketStatus = 'connecting' | 'open' | 'waiting'

export interface SocketContext {
  url: string
  now: () => number
  /** Failed connection attempts since the last open (the backoff's exponent). */
  attempt: number
  lastPong: number
}

export type SocketEvent =
  | SocketSignal
  | SocketCommand
  | { type: 'network.online' }
  /** A tab became visible again, or a page came back from the back/forward cache. */
  | { type: 'page.resumed' }
  | { type: 'socket.reconnect' }

/** What the machine tells its listeners (`actor.on`). */
export type SocketEmitted =
  | { type: 'connection.opened' }
  | { type: 'connection.message'; message: WsServerMessage }
  | { type: 'connection.status'; status: SocketStatus }

/** The delay before reconnect attempt `attempt` (0-based): doubling from WEBSOCKET.backoffBaseMs, capped at WEBSOCKET.backoffMaxMs. */
export function backoffDelay(attempt: number): number {
  return Math.min(WEBSOCKET.backoffMaxMs, WEBSOCKET.backoffBaseMs * 2 ** attempt)
}

const STALE_MS = WEBSOCKET.heartbeatMs * WEBSOCKET.reconnectAfterHeartbeats

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    input: {} as SocketInput,
    emitted: {} as SocketEmitted,
  },
  actors: { socket: browserSocketActor },
  delays: {
    heartbeat: WEBSOCKET.heartbeatMs,
    backoff: ({ context }) => backoffDelay(context.attempt),
  },
  guards: {
    /** The ping due now would be more than WEBSOCKET.reconnectAfterHeartbeats heartbeats after the last pong. */
    isStale: ({ context }) => context.now() - context.lastPong > STALE_MS,
    isPong: ({ event }) => {
      assertEvent(event, 'socket.received')
      return event.message.event === 'pong'
    },
  },
  actions: {
    announceStatus: emit((_, params: { status: SocketStatus }) => ({
      type: 'connection.status',
      status: params.status,
    })),
    announceOpened: emit({ type: 'connection.opened' }),
    passMessage: emit(({ event }) => {
      assertEvent(event, 'socket.received')
      return { type: 'connection.message', message: event.message }
    }),
    /** An open socket starts the backoff over and counts as a pong, so the first beats are not stale. */
    resetAttempts: assign(({ context }) => ({ attempt: 0, lastPong: context.now() })),
    countAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    /** The hub echoes the ping's stamp; a pong without one counts from now. */
    recordPong: assign(({ event, context }) => {
      assertEvent(event, 'socket.received')
      return { lastPong: event.message.ts ?? context.now() }
    }),
    ping: sendTo('socket', ({ context }): SocketCommand => ({
      type: 'socket.send',
      message: { event: 'ping', ts: context.now() },
    })),
    forward: sendTo('socket', ({ event }) => {
      assertEvent(event, 'socket.send')
      return event
    }),
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ url: input.url, now: input.now ?? Date.now, attempt: 0, lastPong: 0 }),
  initial: 'connected',
  states: {
    connected: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ url: context.url }) },
      on: {
        'socket.closed': { target: 'waiting' },
        'network.online': { target: 'connected', reenter: true },
        'socket.reconnect': { target: 'connected', reenter: true },
      },
      initial: 'connecting',
      states: {
        connecting: {
          entry: { type: 'announceStatus', params: { status: 'connecting' } },
          on: { 'socket.opened': { target: 'open', actions: 'resetAttempts' } },
        },
        open: {
          entry: [{ type: 'announceStatus', params: { status: 'open' } }, 'announceOpened'],
          // The heartbeat lives in a child state, so each beat re-enters it and not `open`.
          initial: 'beating',
          states: {
            beating: {
              after: {
                heartbeat: [
                  { guard: 'isStale', target: '#socket.connected', reenter: true },
                  { target: 'beating', reenter: true, actions: 'ping' },
                ],
              },
            },
          },
          on: {
            'socket.received': [{ guard: 'isPong', actions: 'recordPong' }, { actions: 'passMessage' }],
            'socket.send': { actions: 'forward' },
            'page.resumed': { guard: 'isStale', target: '#socket.connected', reenter: true },
          },
        },
      },
    },
    waiting: {
      entry: { type: 'announceStatus', params: { status: 'waiting' } },
      after: { backoff: { target: 'connected', actions: 'countAttempt' } },
      on: {
        'network.online': { target: 'connected' },
        'page.resumed': { target: 'connected' },
        'socket.reconnect': { target: 'connected' },
      },
    },
  },
})

export type SocketActor = ActorRefFrom<typeof socketMachine>
