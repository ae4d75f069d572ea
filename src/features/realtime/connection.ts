/**
 * A market connection: the socket machine, its subscription registry and the browser signals that
 * matter to a socket (back online; a tab or native WebView coming to the foreground), wired
 * together. Connection states and subscription failures go out on the app's event bus.
 */
import { createActor } from 'xstate'
import type { AppEventBus } from './events.ts'
import { createSubscriptionRegistry, type SubscriptionRegistry } from './registry.ts'
import { socketActor, type SocketLike } from './socket-transport.ts'
import { socketMachine, type SocketStatus } from './socket.machine.ts'

export interface ConnectionOptions {
  biz: 'spot' | 'futures'
  url: string
  /** Sockets other than the browser's WebSocket (Node's `ws` in the integration test). */
  createSocket?: (url: string) => SocketLike
  bus: AppEventBus
  /** A fresh login ticket for the private channels (undefined when signed out). */
  getTicket: () => Promise<string | undefined>
  /** The browser's window and document, when there is one. */
  browser?: {
    window: Pick<Window, 'addEventListener' | 'removeEventListener'>
    document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  }
}

export interface MarketConnection {
  registry: SubscriptionRegistry
  status(): SocketStatus
  stop(): void
}

export function createMarketConnection(options: ConnectionOptions): MarketConnection {
  const { biz, bus } = options
  let status: SocketStatus = 'connecting'
  const machine = options.createSocket
    ? socketMachine.provide({ actors: { socket: socketActor(options.createSocket) } })
    : socketMachine
  const actor = createActor(machine, { input: { url: options.url } })
  const registry = createSubscriptionRegistry(
    { send: (message) => actor.send({ type: 'socket.send', message }), isOpen: () => status === 'open' },
    bus,
    options.getTicket,
  )
  actor.on('connection.status', (event) => {
    status = event.status
    bus.emit({ type: 'connection-state', biz, status })
  })
  actor.on('connection.opened', () => void registry.resubscribe())
  actor.on('connection.message', (event) => registry.dispatch(event.message))

  const online = () => actor.send({ type: 'network.online' })
  const resume = () => {
    if (options.browser?.document.visibilityState !== 'hidden') actor.send({ type: 'page.resumed' })
  }
  options.browser?.window.addEventListener('online', online)
  options.browser?.window.addEventListener('pageshow', resume)
  options.browser?.document.addEventListener('visibilitychange', resume)
  actor.start()
  bus.emit({ type: 'websocket-change', biz, url: options.url })

  return {
    registry,
    status: () => status,
    stop() {
      options.browser?.window.removeEventListener('online', online)
      options.browser?.window.removeEventListener('pageshow', resume)
      options.browser?.document.removeEventListener('visibilitychange', resume)
      actor.stop()
    },
  }
}
