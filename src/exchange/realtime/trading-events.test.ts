/**
 * Trading's pushes: word of whose state a trade changed goes to the hub (which reads their state channels again), and a
 * book's new prints to its public trades channel only when someone may be watching.
 */
import { describe, expect, it } from 'vitest'
import type { WsServerMessage } from '#/contract/index.ts'
import type { Hub } from './hub.ts'
import { hubTradingEvents, type EventTarget } from './trading-events.ts'
import type { DepthPublisher } from './depth-publisher.ts'

function target(watching: boolean, everywhere = false) {
  const changed: (readonly number[] | 'all')[] = []
  const published: [string, WsServerMessage][] = []
  const hub: Pick<Hub, 'publish' | 'privateChanged' | 'watched'> = {
    publish: (topic, message) => published.push([topic, message]),
    privateChanged: (users) => changed.push(users),
    watched: () => watching,
  }
  const depth: Pick<DepthPublisher, 'changed'> = { changed: () => undefined }
  const to = { hub, depth, everywhere } as unknown as EventTarget
  return { to, changed, published }
}

describe('trading pushes', () => {
  it('tell the hub whose money, positions or copies changed', () => {
    const { to, changed } = target(true)
    const events = hubTradingEvents(() => to)
    events.accounts([7, 9])
    events.accounts('all')
    expect(changed).toEqual([[7, 9], 'all'])
  })

  it("publish a book's prints newest first on its trades topic, only when watched (or with Redis, always)", () => {
    const print = { id: '5', time: 1, price: '10', size: '1', side: 'buy' as const }
    const unwatched = target(false)
    hubTradingEvents(() => unwatched.to).trades('spot', 'ETH_USDT', [print])
    expect(unwatched.published).toEqual([])
    const everywhere = target(false, true)
    hubTradingEvents(() => everywhere.to).trades('futures', 'ETH_USDT', [print])
    expect(everywhere.published).toEqual([
      [
        'futures:trades:ETH_USDT:',
        {
          event: 'subscribe',
          channel: 'trades',
          biz: 'futures',
          type: 'update',
          pairCode: 'ETH_USDT',
          base: 'ETH',
          data: { result: [print] },
        },
      ],
    ])
  })
})
