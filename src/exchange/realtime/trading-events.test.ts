/**
 * Trading's pushes: what a trade changed goes to the user's private channels at once (balances of both markets, the
 * futures positions), and a book's new prints to its public trades channel only when someone may be watching.
 */
import { describe, expect, it } from 'vitest'
import type { PrivateChannel, WsServerMessage } from '#/contract/index.ts'
import type { Hub } from './hub.ts'
import type { Snapshots } from './snapshots.ts'
import { hubTradingEvents, type EventTarget } from './trading-events.ts'
import type { DepthPublisher } from './depth-publisher.ts'

function target(watching: boolean, everywhere = false) {
  const privates: [number, string, PrivateChannel, unknown][] = []
  const published: [string, WsServerMessage][] = []
  const hub: Pick<Hub, 'publish' | 'publishPrivate' | 'watched'> = {
    publish: (topic, message) => published.push([topic, message]),
    publishPrivate: (userId, biz, channel, result) => privates.push([userId, biz, channel, result]),
    watched: () => watching,
  }
  const snapshots: Pick<Snapshots, 'private'> = {
    private: (userId, channel, biz) => Promise.resolve(`${channel}:${biz}:${userId}`),
  }
  const depth: Pick<DepthPublisher, 'changed'> = { changed: () => undefined }
  const to = { hub, snapshots, depth, everywhere } as unknown as EventTarget
  return { to, privates, published }
}

const silent = { log: () => undefined, error: () => undefined }

describe('trading pushes', () => {
  it('send a user their balances on both markets and their futures positions when their money moved', async () => {
    const { to, privates } = target(true)
    hubTradingEvents(() => to, silent).balance(7)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(privates.sort()).toEqual(
      [
        [7, 'futures', 'balance', 'balance:futures:7'],
        [7, 'futures', 'positions', 'positions:futures:7'],
        [7, 'spot', 'balance', 'balance:spot:7'],
      ].sort(),
    )
  })

  it("publish a book's prints newest first on its trades topic, only when watched (or with Redis, always)", () => {
    const print = { id: '5', time: 1, price: '10', size: '1', side: 'buy' as const }
    const unwatched = target(false)
    hubTradingEvents(() => unwatched.to, silent).trades('spot', 'ETH_USDT', [print])
    expect(unwatched.published).toEqual([])
    const everywhere = target(false, true)
    hubTradingEvents(() => everywhere.to, silent).trades('futures', 'ETH_USDT', [print])
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
