/**
 * A new lead trader's first trade, through the API only, on the sandbox: register, take test funds, move them to the
 * futures wallet, become a lead trader, place a limit buy under the price; a follower copies them. As the simulated
 * price falls through the order it fills, and the follower's copy opens the same side on the book as it then is (its
 * block order, at no worse than the leader's price plus the slippage cap).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  copyFollowResponseSchema,
  depthResponseSchema,
  placeOrderResponseSchema,
  positionsResponseSchema,
} from '#/contract/index.ts'
import { COPY } from '#/app.config.ts'
import { Exact } from '../money.ts'
import { startHarness, type Harness, type TestUser } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'

const PAIR = 'ETH_USDT'
let h: Harness
beforeAll(async () => {
  // A fixed start: the simulated prices, and so this story, are the same on every run.
  h = await startHarness({ start: Date.UTC(2026, 10, 20, 9, 0, 30) })
})
afterAll(() => h.close())

async function call(user: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) {
  const result = await h.api(method, path, { token: user.token, body })
  expect(result.status, `${method} ${path}: ${result.text}`).toBe(200)
  return result.body
}

it('a new user leads: test funds, a transfer, a limit order that fills as the price moves, copied to a follower', async () => {
  const leader = await h.registerUser()
  await call(leader, 'POST', '/dev/faucet')
  await call(leader, 'POST', '/asset/v1/api/wallet/transfer', {
    clientTransferId: 'to-futures',
    from: 1,
    to: 3,
    coin: 'USDT',
    amount: '10000',
  })
  await call(leader, 'POST', '/copy/v1/leader/apply', { biz: 'futures' })

  const copier = await h.registerUser()
  await call(copier, 'POST', '/dev/faucet', { walletType: 3 })
  const copy = copyFollowResponseSchema.parse(
    await call(copier, 'POST', '/copy/v1/copies', {
      leaderId: leader.userId,
      mode: 'fixed',
      fixedAmount: '200',
      investment: '2000',
    }),
  ).data

  const book = depthResponseSchema.parse(
    await call(leader, 'GET', `/market/v1/depth?biz=futures&pairCode=${PAIR}`),
  ).data
  const price = new Exact(book.bids[0]?.[0] ?? 0).times('0.999').toDecimalPlaces(2, Exact.ROUND_DOWN)
  const placed = placeOrderResponseSchema.parse(
    await call(leader, 'POST', '/trade/v1/orders', {
      clientOrderId: 'first-lead',
      biz: 'futures',
      pairCode: PAIR,
      side: 'buy',
      type: 'limit',
      price: price.toFixed(),
      size: '0.5',
    }),
  ).data
  expect(placed.order.status).toBe('new')

  // Minutes go by on the engine's clock until the price falls through the order.
  const ownPositions = async () =>
    positionsResponseSchema.parse(await call(leader, 'GET', `/trade/v1/positions?biz=futures&pairCode=${PAIR}`)).data
  let minutes = 0
  while ((await ownPositions()).length === 0 && minutes < 24 * 60) {
    h.advance(60_000)
    await h.engine.tick()
    minutes += 1
  }
  const [position] = await ownPositions()
  expect(position).toMatchObject({ side: 'long', size: '0.5', entryPrice: price.toFixed(), copyId: null })
  const copied = positionsResponseSchema.parse(await call(copier, 'GET', '/trade/v1/positions?biz=futures')).data
  expect(copied).toHaveLength(1)
  expect(copied[0]).toMatchObject({ side: 'long', copyId: copy.copyId })
  // The copy bought where the book then was (on this fixed clock the leader's bid filled at 3237.01 and the copy's block
  // met the asks at 3238.43), never more than the slippage cap above the leader's price.
  const cap = price.times(new Exact(1).plus(COPY.slippageCap))
  expect(new Exact(copied[0]?.entryPrice ?? 'NaN').lte(cap)).toBe(true)
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}, 120_000)
