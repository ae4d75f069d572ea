/**
 * Live market data in React: one connection per socket (spot, futures), opened when the first
 * component subscribes, with its HTTP fallback; `useMarketStream` hands a component the latest
 * message of its subscription, at most once per animation frame however fast messages come;
 * `useConnectionStatus` feeds the header's indicator. Nothing connects on the server.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { PublicConfig } from '../../../app.config.ts'
import type { WsServerMessage } from '../../contract/index.ts'
import { browserSocket } from './browser-socket.ts'
import { createMarketConnection, type MarketConnection } from './connection.ts'
import { createEventBus, type AppEventBus } from './events.ts'
import { createFallback } from './fallback.ts'
import { fetchSnapshots } from './fallback-fetch.ts'
import { keyOf, type StreamParams } from './registry.ts'
import type { SocketStatus } from './socket.machine.ts'
import { getWsTicket } from './ticket.functions.ts'

type Biz = 'spot' | 'futures'

export interface MarketStreams {
  bus: AppEventBus
  connection(biz: Biz): MarketConnection
  /** The status of a socket, undefined until something subscribed on it. */
  status(biz: Biz): SocketStatus | undefined
  stop(): void
}

/** An absolute ws(s) URL for a configured one that may be relative to this page. */
function socketUrl(configured: string): string {
  if (/^wss?:\/\//.test(configured)) return configured
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${protocol}//${location.host}${configured.startsWith('/') ? '' : '/'}${configured}`
}

export function createMarketStreams(config: PublicConfig, signedIn: () => boolean): MarketStreams {
  const bus = createEventBus()
  const connections = new Map<Biz, MarketConnection>()
  const statuses = new Map<Biz, SocketStatus>()
  const stops: (() => void)[] = []
  bus.listen((event) => {
    if (event.type === 'connection-state') statuses.set(event.biz, event.status)
  })
  const connection = (biz: Biz) => {
    const known = connections.get(biz)
    if (known) return known
    const created = createMarketConnection({
      biz,
      url: socketUrl(config.api.wsUrl),
      createSocket: browserSocket,
      bus,
      getTicket: async () => (signedIn() ? ((await getWsTicket()) ?? undefined) : undefined),
      browser: { window, document },
    })
    const base = biz === 'spot' ? config.api.spotBase : config.api.futuresBase
    const fallback = createFallback(async () => {
      for (const message of await fetchSnapshots(base, created.registry.subscriptions())) created.registry.dispatch(message)
    })
    fallback.status(created.status())
    stops.push(
      bus.listen((event) => {
        if (event.type === 'connection-state' && event.biz === biz) fallback.status(event.status)
      }),
      () => fallback.stop(),
      () => created.stop(),
    )
    connections.set(biz, created)
    return created
  }
  return {
    bus,
    connection,
    status: (biz) => statuses.get(biz),
    stop: () => {
      for (const stop of stops) stop()
      connections.clear()
    },
  }
}

const StreamsContext = createContext<MarketStreams | undefined>(undefined)

export function MarketStreamsProvider({ config, signedIn, children }: { config: PublicConfig; signedIn: boolean; children: ReactNode }) {
  const signedInRef = useRef(signedIn)
  useEffect(() => {
    signedInRef.current = signedIn
  }, [signedIn])
  // Created after hydration only: the server never opens a socket. Keyed by the addresses, not
  // the config object, so a navigation that hands over an equal config keeps the sockets.
  const [streams, setStreams] = useState<MarketStreams>()
  const configRef = useRef(config)
  const { wsUrl, spotBase, futuresBase } = config.api
  useEffect(() => {
    const created = createMarketStreams({ ...configRef.current, api: { wsUrl, spotBase, futuresBase } }, () => signedInRef.current)
    setStreams(created)
    // Screen size on the same bus (§7), at most once per frame while resizing.
    let frame: number | undefined
    const resized = () => {
      frame ??= requestAnimationFrame(() => {
        frame = undefined
        created.bus.emit({ type: 'screen-size', width: window.innerWidth, height: window.innerHeight })
      })
    }
    window.addEventListener('resize', resized)
    return () => {
      window.removeEventListener('resize', resized)
      if (frame !== undefined) cancelAnimationFrame(frame)
      created.stop()
    }
  }, [wsUrl, spotBase, futuresBase])
  return <StreamsContext.Provider value={streams}>{children}</StreamsContext.Provider>
}

/** The latest message of a subscription (undefined until the first), at most one render per frame. */
export function useMarketStream(params: StreamParams | undefined): WsServerMessage | undefined {
  const streams = useContext(StreamsContext)
  const [message, setMessage] = useState<WsServerMessage>()
  const key = params ? keyOf(params) : undefined
  const paramsRef = useRef(params)
  useEffect(() => {
    paramsRef.current = params
  })
  useEffect(() => {
    const current = paramsRef.current
    if (!streams || !current || !key) return
    let frame: number | undefined
    let latest: WsServerMessage | undefined
    const stop = streams.connection(current.biz).registry.subscribe(current, (next) => {
      latest = next
      frame ??= requestAnimationFrame(() => {
        frame = undefined
        setMessage(latest)
      })
    })
    return () => {
      stop()
      if (frame !== undefined) cancelAnimationFrame(frame)
    }
  }, [streams, key])
  return message
}

/** A socket's connection status for the header's indicator; undefined before anything subscribed. */
export function useConnectionStatus(biz: Biz): SocketStatus | undefined {
  const streams = useContext(StreamsContext)
  return useSyncExternalStore(
    (notify) => streams?.bus.listen((event) => event.type === 'connection-state' && event.biz === biz && notify()) ?? (() => undefined),
    () => streams?.status(biz),
    () => undefined,
  )
}
