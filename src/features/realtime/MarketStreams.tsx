/**
 * Live market data in React: `useMarketStream` hands a component the latest message of its
 * subscription, at most once per animation frame however fast messages come; `useConnectionStatus`
 * feeds the header's indicator. The sockets themselves (market-streams.ts) load with the first
 * subscription, so a page without live data carries none of their code. Nothing connects on the server.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { PublicConfig } from '#/app.config.ts'
import type { WsServerMessage } from '#/contract/index.ts'
import { createEventBus, type AppEventBus } from './events.ts'
import type { Biz, MarketSockets } from './market-streams.ts'
import { keyOf, type StreamListener, type StreamParams } from './registry.ts'
import type { SocketStatus } from './socket.machine.ts'

export interface MarketStreams {
  bus: AppEventBus
  /** Subscribes (loading the sockets first if this is the first subscription); returns the unsubscribe. */
  subscribe(params: StreamParams, listener: StreamListener): () => void
  /** Takes a subscription's snapshot over HTTP and hands it to its listeners (a book that missed an update). */
  resync(params: StreamParams): void
  /** The status of a socket, undefined until something subscribed on it. */
  status(biz: Biz): SocketStatus | undefined
  stop(): void
}

export function createMarketStreams(config: PublicConfig, signedIn: () => boolean): MarketStreams {
  const bus = createEventBus()
  const statuses = new Map<Biz, SocketStatus>()
  bus.listen((event) => {
    if (event.type === 'connection-state') statuses.set(event.biz, event.status)
  })
  let sockets: Promise<MarketSockets> | undefined
  let stopped = false
  const load = () =>
    (sockets ??= import('./market-streams.ts').then((m) => {
      const made = m.createMarketSockets(config, signedIn, bus)
      if (stopped) made.stop()
      return made
    }))
  return {
    bus,
    subscribe(params, listener) {
      let unsubscribe: (() => void) | undefined
      let left = false
      void load().then((loaded) => {
        if (!left && !stopped) unsubscribe = loaded.connection(params.biz).registry.subscribe(params, listener)
      })
      return () => {
        left = true
        unsubscribe?.()
      }
    },
    resync(params) {
      void load().then((loaded) => (stopped ? undefined : loaded.resync(params)))
    },
    status: (biz) => statuses.get(biz),
    stop: () => {
      stopped = true
      void sockets?.then((loaded) => loaded.stop())
    },
  }
}

const StreamsContext = createContext<MarketStreams | undefined>(undefined)

export function MarketStreamsProvider({
  config,
  signedIn,
  children,
}: {
  config: PublicConfig
  signedIn: boolean
  children: ReactNode
}) {
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
    const created = createMarketStreams(
      { ...configRef.current, api: { wsUrl, spotBase, futuresBase } },
      () => signedInRef.current,
    )
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
    const stop = streams.subscribe(current, (next) => {
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

/**
 * Every message of a subscription, as it comes (events such as a user's order changes must not be coalesced away);
 * the listener may change between renders without resubscribing.
 */
export function useStreamListener(params: StreamParams | undefined, listener: StreamListener): void {
  const streams = useContext(StreamsContext)
  const key = params ? keyOf(params) : undefined
  const paramsRef = useRef(params)
  const listenerRef = useRef(listener)
  useEffect(() => {
    paramsRef.current = params
    listenerRef.current = listener
  })
  useEffect(() => {
    const current = paramsRef.current
    if (!streams || !current || !key) return
    return streams.subscribe(current, (message) => listenerRef.current(message))
  }, [streams, key])
}

/** The page's streams, for a component that must ask a snapshot again (undefined on the server and before hydration). */
export function useMarketStreams(): MarketStreams | undefined {
  return useContext(StreamsContext)
}

/** A socket's connection status for the header's indicator; undefined before anything subscribed. */
export function useConnectionStatus(biz: Biz): SocketStatus | undefined {
  const streams = useContext(StreamsContext)
  return useSyncExternalStore(
    (notify) =>
      streams?.bus.listen((event) => event.type === 'connection-state' && event.biz === biz && notify()) ??
      (() => undefined),
    () => streams?.status(biz),
    () => undefined,
  )
}
