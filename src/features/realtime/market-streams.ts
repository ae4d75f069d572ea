/**
 * The sockets behind `MarketStreamsProvider`: one connection per market (spot, futures), made when
 * the first subscription asks for it, with its HTTP fallback. This module (the socket machine and
 * XState with it) loads only when a page first subscribes: pages without live data never load it.
 */
import type { PublicConfig } from '#/app.config.ts'
import { createMarketConnection, type MarketConnection } from './connection.ts'
import type { AppEventBus } from './events.ts'
import { createFallback } from './fallback.ts'
import { fetchSnapshots } from './fallback-fetch.ts'
import type { StreamParams } from './registry.ts'
import { getWsTicket } from './ticket.functions.ts'

export type Biz = 'spot' | 'futures'

export interface MarketSockets {
  connection(biz: Biz): MarketConnection
  /** Takes a subscription's snapshot over HTTP and hands it to its listeners (a book that missed an update). */
  resync(params: StreamParams): Promise<void>
  stop(): void
}

/** An absolute ws(s) URL for a configured one that may be relative to this page. */
function socketUrl(configured: string): string {
  if (/^wss?:\/\//.test(configured)) return configured
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${protocol}//${location.host}${configured.startsWith('/') ? '' : '/'}${configured}`
}

export function createMarketSockets(config: PublicConfig, signedIn: () => boolean, bus: AppEventBus): MarketSockets {
  const connections = new Map<Biz, MarketConnection>()
  const stops: (() => void)[] = []
  const connection = (biz: Biz) => {
    const known = connections.get(biz)
    if (known) return known
    const created = createMarketConnection({
      biz,
      url: socketUrl(config.api.wsUrl),
      bus,
      getTicket: async () => {
        if (!signedIn()) return undefined
        const ticket = await getWsTicket()
        return ticket.status === 'ok' ? ticket.data : undefined
      },
      browser: { window, document },
    })
    const base = biz === 'spot' ? config.api.spotBase : config.api.futuresBase
    const fallback = createFallback(async () => {
      for (const message of await fetchSnapshots(base, created.registry.subscriptions()))
        created.registry.dispatch(message)
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
    connection,
    async resync(params) {
      const base = params.biz === 'spot' ? config.api.spotBase : config.api.futuresBase
      for (const message of await fetchSnapshots(base, [params])) connection(params.biz).registry.dispatch(message)
    },
    stop: () => {
      for (const stop of stops) stop()
      connections.clear()
    },
  }
}
