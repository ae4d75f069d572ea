/**
 * Spot trading through the API: orders freeze what they may spend, match the market maker and each other in
 * price-time priority, pay fees in the coin received, and every refusal has its reason. The ledger stays whole after
 * each step (every balance equals its transfers, all sum to zero).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRADING } from '#/app.config.ts'
import {
  apiErrorSchema,
  depthResponseSchema,
  fillsResponseSchema,
  orderHistoryResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  placeOrderResponseSchema,
  walletAccountResponseSchema,
  walletTransferResponseSchema,
  type PlaceOrderRequest,
} from '#/contract/index.ts'
import { deposit } from '../copy/engine.ts'
import { Exact, type Money } from '../money.ts'
import { startHarness, type Harness, type TestUser } from '#tests/fixtures/exchange/harness.ts'
import { openApiCheck, type OpenApiCheck } from '#tests/fixtures/exchange/openapi-check.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'

let h: Harness
let doc: OpenApiCheck
beforeAll(async () => {
  h = await startHarness()
  doc = openApiCheck((await h.api('GET', '/openapi.json')).body)
})
afterAll(() => h.close())

/**
 * The trading calls and the wallet transfer, each answer checked against the served document (the futures-only calls,
 * leverage and positions, in futures-trading.test.ts).
 */
const FUTURES_ONLY = [
  '/trade/v1/leverage',
  '/trade/v1/positions',
  '/trade/v1/positions/tpsl',
  '/trade/v1/positions/margin',
  '/trade/v1/positions/{positionId}/funding',
  '/trade/v1/margin-mode',
]
const OWN = (path: string) =>
  (path.startsWith('/trade/') && !FUTURES_ONLY.includes(path)) || path === '/asset/v1/api/wallet/transfer'
const exercised = new Set<string>()
async function api(method: 'GET' | 'POST', path: string, options: Parameters<Harness['api']>[2]) {
  const result = await h.api(method, path, options)
  const bare = path.split('?')[0] ?? path
  if (OWN(bare)) {
    doc.assertResponse(bare, method.toLowerCase(), result.status, result.body)
    exercised.add(`${method.toLowerCase()} ${bare}`)
  }
  return result
}

const PAIR = 'ETH_USDT'
let orderNo = 0
const nextId = () => `t${++orderNo}`

async function funded(): Promise<TestUser> {
  const user = await h.registerUser()
  const given = await h.api('POST', '/dev/faucet', { token: user.token })
  expect(given.status, given.text).toBe(200)
  return user
}

const order = (user: TestUser, input: Omit<PlaceOrderRequest, 'clientOrderId' | 'biz'> & { clientOrderId?: string }) =>
  api('POST', '/trade/v1/orders', {
    token: user.token,
    body: { biz: 'spot', clientOrderId: input.clientOrderId ?? nextId(), ...input },
  })

async function placed(user: TestUser, input: Parameters<typeof order>[1]) {
  const result = await order(user, input)
  expect(result.status, result.text).toBe(200)
  return placeOrderResponseSchema.parse(result.body).data
}

async function refusal(user: TestUser, input: Parameters<typeof order>[1]) {
  const result = await order(user, input)
  expect(result.status, result.text).toBe(400)
  const body = apiErrorSchema.parse(result.body)
  return { reason: body.reason, field: body.data?.fields[0]?.path }
}

async function spot(user: TestUser) {
  const result = await h.api('POST', '/asset/v1/api/wallet/account', {
    token: user.token,
    body: { walletTypeList: [1] },
  })
  const list = walletAccountResponseSchema.parse(result.body).data.list
  const of = (coin: string) => {
    const row = list.find((b) => b.coin === coin)
    return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' }
  }
  return of
}

const mark = () => new Exact(h.context.market.mark(PAIR) ?? 0)
const depth = async () =>
  depthResponseSchema.parse((await h.api('GET', `/market/v1/depth?biz=spot&pairCode=${PAIR}`)).body).data
const tick = new Exact('0.01')
const onTick = (value: Money) => value.toDecimalPlaces(2, Exact.ROUND_DOWN)

async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

describe('spot orders', () => {
  it('a resting limit buy freezes price × size, shows on the book, and cancelling gives it back', async () => {
    const user = await funded()
    const price = onTick(mark().times('0.95'))
    const result = await placed(user, { pairCode: PAIR, side: 'buy', type: 'limit', price: price.toFixed(), size: '1' })
    expect(result.order).toMatchObject({ status: 'new', filled: '0', timeInForce: 'GTC' })
    expect(result.fills).toEqual([])
    const frozen = price.times(1)
    expect((await spot(user))('USDT')).toEqual({
      available: new Exact(10_000).minus(frozen).toFixed(),
      frozen: frozen.toFixed(),
    })
    expect((await depth()).bids.some(([p]) => p === price.toFixed())).toBe(true)
    const open = ordersResponseSchema.parse(
      (await api('GET', `/trade/v1/orders/open?biz=spot`, { token: user.token })).body,
    ).data
    expect(open.map((o) => o.id)).toEqual([result.order.id])
    const cancelled = await api('POST', '/trade/v1/orders/cancel', {
      token: user.token,
      body: { biz: 'spot', orderId: result.order.id },
    })
    expect(orderResponseSchema.parse(cancelled.body).data).toMatchObject({ status: 'cancelled', cancelReason: 'user' })
    expect((await spot(user))('USDT')).toEqual({ available: '10000', frozen: '0' })
    expect((await depth()).bids.some(([p]) => p === price.toFixed())).toBe(false)
    const again = await api('POST', '/trade/v1/orders/cancel', {
      token: user.token,
      body: { biz: 'spot', orderId: result.order.id },
    })
    expect([again.status, apiErrorSchema.parse(again.body).reason]).toEqual([409, 'order-not-open'])
    await ledgerWhole()
  })

  it('a large market buy walks the book: fills at rising prices, the taker fee in ETH, the rest of the budget back', async () => {
    const user = await funded()
    await h.context.db.transaction((tx) =>
      deposit(tx, Number(user.userId), 'USDT', new Exact(90_000), h.context.now(), undefined, null, 1),
    )
    const book = await depth()
    const bestAsk = new Exact(book.asks[0]?.[0] ?? 0)
    const result = await placed(user, { pairCode: PAIR, side: 'buy', type: 'market', quoteSize: '99999' })
    const prices = result.fills.map((f) => new Exact(f.price))
    expect(prices.length).toBeGreaterThan(1)
    expect(prices[0]?.eq(bestAsk)).toBe(true)
    for (let i = 1; i < prices.length; i++) expect(prices[i]?.gt(prices[i - 1] ?? 0)).toBe(true)
    const average = new Exact(result.order.averagePrice ?? 0)
    expect(average.gt(bestAsk)).toBe(true)
    const filled = new Exact(result.order.filled)
    const spent = new Exact(result.order.filledQuote)
    expect(spent.lte(99_999)).toBe(true)
    const fee = filled.times(TRADING.spotTakerFeeRate)
    expect(result.order).toMatchObject({ status: 'filled', feeCoin: 'ETH', fee: fee.toFixed() })
    expect(result.fills.every((f) => f.role === 'taker' && f.feeCoin === 'ETH')).toBe(true)
    const wallet = await spot(user)
    expect(wallet('USDT')).toEqual({ available: new Exact(100_000).minus(spent).toFixed(), frozen: '0' })
    expect(wallet('ETH')).toEqual({ available: filled.minus(fee).toFixed(), frozen: '0' })
    await ledgerWhole()
  })

  it('two users trade with each other inside the spread, at the resting price, maker and taker fees apart', async () => {
    const seller = await funded()
    // By size, not by budget: the simulated price moves with the clock, and 0.5 ETH must be there to sell whatever it is.
    await placed(seller, { pairCode: PAIR, side: 'buy', type: 'market', size: '0.6' })
    const sellerEth = new Exact((await spot(seller))('ETH').available)
    const book = await depth()
    const bestBid = new Exact(book.bids[0]?.[0] ?? 0)
    const bestAsk = new Exact(book.asks[0]?.[0] ?? 0)
    // The maker quotes ETH about 0.6 USDT wide: a tick under its best ask is inside the spread.
    expect(bestAsk.minus(bestBid).gt(tick)).toBe(true)
    const price = bestAsk.minus(tick)
    const size = new Exact('0.5')
    const ask = await placed(seller, {
      pairCode: PAIR,
      side: 'sell',
      type: 'limit',
      price: price.toFixed(),
      size: '0.5',
    })
    expect(ask.order.status).toBe('new')
    expect((await spot(seller))('ETH')).toEqual({
      available: sellerEth.minus(size).toFixed(),
      frozen: size.toFixed(),
    })
    const buyer = await funded()
    const bought = await placed(buyer, { pairCode: PAIR, side: 'buy', type: 'market', size: '0.2' })
    expect(bought.fills).toHaveLength(1)
    expect(bought.fills[0]).toMatchObject({ price: price.toFixed(), size: '0.2', role: 'taker' })
    const quote = price.times('0.2')
    const sellerFills = fillsResponseSchema.parse(
      (await api('GET', '/trade/v1/fills?biz=spot', { token: seller.token })).body,
    ).data.list
    expect(sellerFills[0]).toMatchObject({
      role: 'maker',
      side: 'sell',
      size: '0.2',
      feeCoin: 'USDT',
      fee: quote.times(TRADING.spotMakerFeeRate).toFixed(),
      tradeId: bought.fills[0]?.tradeId,
    })
    const after = await spot(seller)
    expect(after('ETH')).toEqual({ available: sellerEth.minus(size).toFixed(), frozen: '0.3' })
    await ledgerWhole()
  })

  it('refuses each broken rule with its own reason and field', async () => {
    const user = await funded()
    const price = onTick(mark())
    const base = { pairCode: PAIR, side: 'buy' as const, type: 'limit' as const }
    expect(await refusal(user, { ...base, price: price.plus('0.005').toFixed(), size: '0.01' })).toEqual({
      reason: 'tick-size',
      field: 'price',
    })
    expect(await refusal(user, { ...base, price: price.toFixed(), size: '0.00001' })).toEqual({
      reason: 'lot-size',
      field: 'size',
    })
    expect(await refusal(user, { ...base, price: price.toFixed(), size: '0.0001' })).toEqual({
      reason: 'min-notional',
      field: 'size',
    })
    expect(await refusal(user, { ...base, price: price.toFixed(), size: '5000' })).toEqual({
      reason: 'max-notional',
      field: 'size',
    })
    expect(await refusal(user, { ...base, price: onTick(price.times('1.2')).toFixed(), size: '0.01' })).toEqual({
      reason: 'price-band',
      field: 'price',
    })
    expect(await refusal(user, { ...base, price: onTick(price.times('0.95')).toFixed(), size: '4' })).toEqual({
      reason: 'insufficient-balance',
      field: 'size',
    })
    const bestAsk = (await depth()).asks[0]?.[0] ?? '0'
    expect(await refusal(user, { ...base, price: bestAsk, size: '0.01', timeInForce: 'POST_ONLY' })).toEqual({
      reason: 'post-only-would-take',
      field: undefined,
    })
    // More than the best level holds, limited to its price: it cannot fill whole (the funds are there).
    await h.context.db.transaction((tx) =>
      deposit(tx, Number(user.userId), 'USDT', new Exact(90_000), h.context.now(), undefined, null, 1),
    )
    const level = (await depth()).asks[0]?.[1] ?? '0'
    expect(
      await refusal(user, { ...base, price: bestAsk, size: new Exact(level).plus(1).toFixed(), timeInForce: 'FOK' }),
    ).toEqual({ reason: 'fok-not-filled', field: undefined })
    expect(
      await refusal(user, {
        pairCode: PAIR,
        side: 'sell',
        type: 'stop-market',
        size: '0.01',
        triggerPrice: onTick(price.times('1.01')).toFixed(),
      }),
    ).toEqual({ reason: 'would-trigger-immediately', field: 'triggerPrice' })
    expect(await refusal(user, { pairCode: PAIR, side: 'sell', type: 'market', quoteSize: '10' })).toEqual({
      reason: 'invalid-input',
      field: 'quoteSize',
    })
    // Nothing was frozen by the refusals.
    expect((await spot(user))('USDT')).toEqual({ available: '100000', frozen: '0' })
    await ledgerWhole()
  })

  it('places a clientOrderId once, sequentially and in parallel', async () => {
    const user = await funded()
    const price = onTick(mark().times('0.92')).toFixed()
    const input = {
      clientOrderId: 'same-order-1',
      pairCode: PAIR,
      side: 'buy' as const,
      type: 'limit' as const,
      price,
      size: '1',
    }
    const first = await placed(user, input)
    const second = await placed(user, input)
    expect([first.replayed, second.replayed, second.order.id]).toEqual([false, true, first.order.id])
    // Sent again when it holds all the funds left (by itself): still the same order, not a refusal. Sized from what is
    // left at the market's price, whatever that is.
    const all = {
      ...input,
      clientOrderId: 'same-order-all',
      size: new Exact((await spot(user))('USDT').available).div(price).toDecimalPlaces(4, Exact.ROUND_DOWN).toFixed(),
    }
    const big = await placed(user, all)
    expect(new Exact((await spot(user))('USDT').available).lt(new Exact(price).times('0.0001'))).toBe(true)
    expect(await placed(user, all)).toMatchObject({ replayed: true, order: { id: big.order.id } })
    await api('POST', '/trade/v1/orders/cancel', { token: user.token, body: { biz: 'spot', orderId: big.order.id } })
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => placed(user, { ...input, clientOrderId: 'same-order-2' })),
    )
    expect(new Set(racing.map((r) => r.order.id)).size).toBe(1)
    expect(racing.filter((r) => !r.replayed)).toHaveLength(1)
    expect((await spot(user))('USDT').frozen).toBe(new Exact(price).times(2).toFixed())
    await ledgerWhole()
  })

  it('20 parallel orders spending the same balance: exactly those that fit are placed', async () => {
    const user = await funded()
    const price = onTick(mark().times('0.92'))
    // Each costs an eighth of the balance, rounded down to the lot: 8 fit, 12 do not.
    const size = new Exact(10_000).div(8).div(price).toDecimalPlaces(4, Exact.ROUND_DOWN)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        order(user, { pairCode: PAIR, side: 'buy', type: 'limit', price: price.toFixed(), size: size.toFixed() }),
      ),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(8)
    expect(results.filter((r) => r.status === 400).map((r) => apiErrorSchema.parse(r.body).reason)).toEqual(
      Array.from({ length: 12 }, () => 'insufficient-balance'),
    )
    const wallet = (await spot(user))('USDT')
    expect(wallet.frozen).toBe(price.times(size).times(8).toFixed())
    await ledgerWhole()
  })

  it('amends a resting order: a new price moves it, more size needs the funds, a crossing price is refused', async () => {
    const user = await funded()
    const price = onTick(mark().times('0.92'))
    const resting = await placed(user, {
      pairCode: PAIR,
      side: 'buy',
      type: 'limit',
      price: price.toFixed(),
      size: '1',
    })
    const amend = (body: Record<string, string>) =>
      api('POST', '/trade/v1/orders/amend', {
        token: user.token,
        body: { biz: 'spot', orderId: resting.order.id, ...body },
      })
    const lower = price.minus(1)
    const moved = await amend({ price: lower.toFixed() })
    expect(orderResponseSchema.parse(moved.body).data).toMatchObject({ price: lower.toFixed(), size: '1' })
    expect((await spot(user))('USDT').frozen).toBe(lower.toFixed())
    const tooBig = await amend({ size: '100' })
    expect(apiErrorSchema.parse(tooBig.body).reason).toBe('insufficient-balance')
    const bestAsk = (await depth()).asks[0]?.[0] ?? '0'
    const crossing = await amend({ price: bestAsk })
    expect(apiErrorSchema.parse(crossing.body).reason).toBe('amend-would-take')
    const smaller = await amend({ size: '0.5' })
    expect(orderResponseSchema.parse(smaller.body).data.size).toBe('0.5')
    expect((await spot(user))('USDT')).toEqual({
      available: new Exact(10_000).minus(lower.times('0.5')).toFixed(),
      frozen: lower.times('0.5').toFixed(),
    })
    await ledgerWhole()
  })

  it('cancels every open order of a pair at once', async () => {
    const user = await funded()
    const price = onTick(mark().times('0.92'))
    for (const k of [0, 1, 2])
      await placed(user, { pairCode: PAIR, side: 'buy', type: 'limit', price: price.minus(k).toFixed(), size: '0.1' })
    const result = await api('POST', '/trade/v1/orders/cancel-all', {
      token: user.token,
      body: { biz: 'spot', pairCode: PAIR },
    })
    expect(result.status, result.text).toBe(200)
    expect((await spot(user))('USDT')).toEqual({ available: '10000', frozen: '0' })
    const history = orderHistoryResponseSchema.parse(
      (await api('GET', `/trade/v1/orders/history?biz=spot&pairCode=${PAIR}&pageSize=2`, { token: user.token })).body,
    ).data
    expect([history.total, history.list.length, history.list.every((o) => o.status === 'cancelled')]).toEqual([
      3,
      2,
      true,
    ])
    await ledgerWhole()
  })
})

describe('transfers between wallets', () => {
  it('moves available money exactly, refuses what is frozen, and applies a clientTransferId once', async () => {
    const user = await funded()
    const transfer = (body: Record<string, unknown>) =>
      api('POST', '/asset/v1/api/wallet/transfer', { token: user.token, body: { coin: 'USDT', ...body } })
    const moved = await transfer({ clientTransferId: 'x1', from: 1, to: 3, amount: '2500.5' })
    expect(walletTransferResponseSchema.parse(moved.body).data).toMatchObject({ amount: '2500.5', replayed: false })
    const again = await transfer({ clientTransferId: 'x1', from: 1, to: 3, amount: '2500.5' })
    expect(walletTransferResponseSchema.parse(again.body).data.replayed).toBe(true)
    const price = onTick(mark().times('0.92'))
    await placed(user, { pairCode: PAIR, side: 'buy', type: 'limit', price: price.toFixed(), size: '1' })
    const available = new Exact(7499.5).minus(price)
    const tooMuch = await transfer({ clientTransferId: 'x2', from: 1, to: 3, amount: available.plus('0.01').toFixed() })
    expect([tooMuch.status, apiErrorSchema.parse(tooMuch.body).reason]).toEqual([400, 'insufficient-balance'])
    const same = await transfer({ clientTransferId: 'x3', from: 1, to: 1, amount: '1' })
    expect(same.status).toBe(400)
    const wallets = walletAccountResponseSchema.parse(
      (await h.api('POST', '/asset/v1/api/wallet/account', { token: user.token, body: { walletTypeList: [1, 3] } }))
        .body,
    ).data.list
    expect(wallets.map((b) => [b.walletType, b.available, b.frozen])).toEqual([
      [1, available.toFixed(), price.toFixed()],
      [3, '2500.5', '0'],
    ])
    await ledgerWhole()
  })
})

describe('the document', () => {
  it('every trading operation and the transfer was exercised above, each answer as documented', () => {
    const documented = doc.operations.filter((op) => OWN(op.path)).map((op) => `${op.method} ${op.path}`)
    expect(documented.sort()).toEqual([...exercised].sort())
  })
})
