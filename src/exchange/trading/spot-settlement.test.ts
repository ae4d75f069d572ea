/**
 * The spot fee's rounding (audit T5): a fee is the received amount × the rate, rounded UP to 18 decimals, and the
 * trader receives exactly the rest. With the configured rates every fee is exact within 18 decimals, so these fills use
 * rates that do not divide (a fee tier the exchange could publish) and check the figures written out by hand.
 */
import { describe, expect, it } from 'vitest'
import { Exact, type Money } from '../money.ts'
import type { Fill } from './order-book.ts'
import type { OrderState } from './settlement.ts'
import { SpotSettlement } from './spot-settlement.ts'

/**
 * Rates of 18 decimals (π and 7.123… bps): neither divides an amount of a few decimals exactly, and each leaves less than
 * half a unit at the 19th decimal, so rounding up, half up and down all differ.
 */
const FEES = { maker: new Exact('0.000314159265358979'), taker: new Exact('0.000712345678901234') }

function order(id: number, side: 'buy' | 'sell', limit: string, size: string, frozen: string): OrderState {
  return {
    id,
    userId: id,
    side,
    base: 'ETH',
    limit: new Exact(limit),
    size: new Exact(size),
    filled: new Exact(0),
    filledQuote: new Exact(0),
    fee: new Exact(0),
    frozen: new Exact(frozen),
    status: 'new',
    cancelReason: null,
    leverage: null,
    reduceOnly: false,
    positional: false,
    takeProfit: null,
    stopLoss: null,
    positionId: null,
    purpose: null,
  }
}

function fill(taker: OrderState, maker: OrderState, price: string, size: string): Fill {
  const quote = new Exact(price).times(size)
  return {
    makerOrderId: String(maker.id),
    makerOwnerId: String(maker.userId),
    takerOrderId: String(taker.id),
    takerOwnerId: String(taker.userId),
    price: new Exact(price),
    size: new Exact(size),
    quote,
    makerSide: maker.side,
  }
}

const text = (value: Money | undefined) => value?.toFixed()

describe('spot fees that do not divide', () => {
  it('round up at the 18th decimal; the trader receives the rest, and nothing is lost between the wallets', () => {
    const settlement = new SpotSettlement({ base: 'ETH', house: 0, fees: FEES })
    // A resting sell (maker) of 0.0123 ETH at 3000.01 met by a limit buy (taker) at 3001.
    const seller = order(1, 'sell', '3000.01', '0.0123', '0.0123')
    const buyer = order(2, 'buy', '3001', '0.0123', '36.9123')
    settlement.fill(fill(buyer, seller, '3000.01', '0.0123'), buyer, seller)

    // The buyer (taker) receives ETH: 0.0123 × 0.000712345678901234 = 0.0000087618518504851782, up to …486.
    expect(text(buyer.fee)).toBe('0.000008761851850486')
    // The seller (maker) receives 36.900123 USDT: × 0.000314159265358979 = 0.011592515533335964254417, up to …965.
    expect(text(seller.fee)).toBe('0.011592515533335965')

    const fees = settlement.transfers.filter((t) => t.kind === 'fee').map((t) => [t.debit, t.credit, text(t.amount)])
    expect(fees).toHaveLength(2)
    expect(fees.map((f) => f[2])).toEqual(['0.000008761851850486', '0.011592515533335965'])

    const deltas = settlement.walletDeltas().map((d) => [d.userId, d.coin, text(d.available), text(d.frozen)])
    expect(deltas).toEqual(
      expect.arrayContaining([
        // The buyer held 36.9123 at its limit, paid 36.900123, gets 0.012177 back and 0.0123 ETH less the fee.
        [2, 'USDT', '0.012177', '-36.9123'],
        [2, 'ETH', '0.012291238148149514', '0'],
        // The seller gave its held 0.0123 ETH and gets 36.900123 USDT less the fee.
        [1, 'ETH', '0', '-0.0123'],
        [1, 'USDT', '36.888530484466664035', '0'],
      ]),
    )
    // Each coin's trade and fee transfers balance: what the buyer got plus the fee is exactly what the seller gave.
    for (const coin of ['ETH', 'USDT']) {
      const users = settlement
        .walletDeltas()
        .filter((d) => d.coin === coin)
        .reduce((sum, d) => sum.plus(d.available).plus(d.frozen), new Exact(0))
      const feeIn = settlement.transfers
        .filter((t) => t.kind === 'fee' && t.credit.includes(coin))
        .reduce((sum, t) => sum.plus(t.amount), new Exact(0))
      expect(users.plus(feeIn).toFixed(), coin).toBe('0')
    }
  })
})
