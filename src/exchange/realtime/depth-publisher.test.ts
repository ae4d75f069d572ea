/** The depth channel's coalescing: a burst of changes to a book is one message, and an unchanged book sends none. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TRADING } from '#/app.config.ts'
import { depthSchema, type Depth, type WsServerMessage } from '#/contract/index.ts'
import { createDepthPublisher } from './depth-publisher.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function world(watched = true) {
  let sequence = 1
  const sent: WsServerMessage[] = []
  const hub = { publish: (_topic: string, message: WsServerMessage) => sent.push(message), watched: () => watched }
  const books = {
    depth: (biz: 'spot' | 'futures', pairCode: string): Depth => ({
      pairCode,
      biz,
      time: 0,
      bids: [['100', String(sequence)]],
      asks: [['101', '1']],
      sequence,
    }),
  }
  const publisher = createDepthPublisher(hub, books, false, () => Date.now())
  return { sent, publisher, bump: () => (sequence += 1) }
}

describe('depth publisher', () => {
  it('sends a burst of changes as one update at most every depthCoalesceMs, with the book as it is then', async () => {
    const { sent, publisher, bump } = world()
    for (let i = 0; i < 10; i += 1) {
      bump()
      publisher.changed('spot', 'BTC_USDT')
    }
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.data?.result).toMatchObject({ sequence: 11 })
    for (let i = 0; i < 5; i += 1) {
      bump()
      publisher.changed('spot', 'BTC_USDT')
    }
    await vi.advanceTimersByTimeAsync(TRADING.depthCoalesceMs - 1)
    expect(sent).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sent.map((m) => depthSchema.parse(m.data?.result).sequence)).toEqual([11, 16])
    // Each update names the one before it: a client that applied 11 and then sees previous 16 missed one.
    expect(sent.map((m) => depthSchema.parse(m.data?.result).previous)).toEqual([undefined, 11])
    publisher.close()
  })

  it('sends nothing when the book did not change, or nobody watches it', async () => {
    const { sent, publisher, bump } = world()
    publisher.changed('futures', 'ETH_USDT')
    await vi.advanceTimersByTimeAsync(TRADING.depthCoalesceMs * 2)
    publisher.changed('futures', 'ETH_USDT')
    await vi.advanceTimersByTimeAsync(TRADING.depthCoalesceMs * 2)
    expect(sent).toHaveLength(1)
    const unwatched = world(false)
    unwatched.bump()
    unwatched.publisher.changed('spot', 'BTC_USDT')
    await vi.advanceTimersByTimeAsync(TRADING.depthCoalesceMs * 2)
    expect(unwatched.sent).toEqual([])
    expect(bump()).toBe(2)
    publisher.close()
  })
})
