/** The subscription registry with a fake transport: reference counts, login channels, resubscribe on open, dispatch. */
import { describe, expect, it } from 'vitest'
import type { WsClientMessage } from '#/contract/index.ts'
import { createEventBus, type AppEvent } from './events.ts'
import { createSubscriptionRegistry } from './registry.ts'

function setup(signedIn = true) {
  const ticket = signedIn ? 'ticket-0123456789abcdef' : undefined
  const sent: WsClientMessage[] = []
  let open = true
  const events: AppEvent[] = []
  const bus = createEventBus()
  bus.listen((e) => events.push(e))
  const registry = createSubscriptionRegistry({ send: (m) => sent.push(m), isOpen: () => open }, bus, () =>
    Promise.resolve(ticket),
  )
  return { registry, sent, events, setOpen: (value: boolean) => (open = value) }
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('subscription registry', () => {
  it('logs in for a private channel with a ticket and logs out when the last listener leaves', async () => {
    const { registry, sent } = setup()
    const a = registry.subscribe({ channel: 'balance', biz: 'futures' }, () => undefined)
    const b = registry.subscribe({ channel: 'balance', biz: 'futures' }, () => undefined)
    await tick()
    expect(sent).toEqual([
      { event: 'login', channel: 'balance', biz: 'futures', params: { ticket: 'ticket-0123456789abcdef' } },
    ])
    a()
    expect(sent).toHaveLength(1)
    b()
    expect(sent.at(-1)).toEqual({ event: 'logout', channel: 'balance', biz: 'futures' })
  })

  it('sends nothing while closed and everything once on the next open; signed out, no login', async () => {
    const { registry, sent, setOpen } = setup(false)
    setOpen(false)
    registry.subscribe({ channel: 'kline', biz: 'spot', pairCode: 'BTC_USDT', interval: '1h' }, () => undefined)
    registry.subscribe({ channel: 'positions', biz: 'futures' }, () => undefined)
    await tick()
    expect(sent).toEqual([])
    setOpen(true)
    await registry.resubscribe()
    expect(sent).toEqual([
      { event: 'subscribe', channel: 'kline', biz: 'spot', pairCode: 'BTC_USDT', params: { interval: '1h' } },
    ])
  })

  it('dispatches updates to the listeners of their subscription only, and failures to the bus', () => {
    const { registry, events } = setup()
    const btc: unknown[] = []
    const eth: unknown[] = []
    registry.subscribe({ channel: 'kline', biz: 'spot', pairCode: 'BTC_USDT', interval: '1m' }, (m) =>
      btc.push(m.data?.result),
    )
    registry.subscribe({ channel: 'kline', biz: 'spot', pairCode: 'ETH_USDT', interval: '1m' }, (m) =>
      eth.push(m.data?.result),
    )
    registry.dispatch({
      event: 'subscribe',
      channel: 'kline',
      biz: 'spot',
      pairCode: 'BTC_USDT',
      params: { interval: '1m' },
      type: 'update',
      data: { result: 1 },
    })
    registry.dispatch({
      event: 'subscribe',
      channel: 'kline',
      biz: 'spot',
      pairCode: 'BTC_USDT',
      params: { interval: '5m' },
      type: 'update',
      data: { result: 2 },
    })
    expect({ btc, eth }).toEqual({ btc: [1], eth: [] })
    registry.dispatch({
      event: 'subscribe',
      channel: 'kline',
      biz: 'spot',
      pairCode: 'ETH_USDT',
      params: { interval: '1m' },
      data: {},
      reason: 'unknown-pair',
    })
    expect(events).toEqual([
      { type: 'subscription-fail', key: 'spot:kline:ETH_USDT:1m', channel: 'kline', reason: 'unknown-pair' },
    ])
  })
})
