/**
 * The house's room on a book's side (house-room.ts): what it trades without paying first, then what its share pays for,
 * each level best first, down to the lot.
 */
import { describe, expect, it } from 'vitest'
import { COPY, HOUSE } from '#/app.config.ts'
import { Exact } from '../money.ts'
import { findInstrument } from '../market/instruments.ts'
import { movedHoldings, roomOf, sizeWithin, spend, withinRoom, type HouseHoldings } from './house-room.ts'
import type { Quote } from './market-maker.ts'

const ETH = findInstrument('ETH_USDT')
if (!ETH) throw new Error('no ETH')
const LOT = new Exact(ETH.lotSize)
const BOOKS = 12

const holdings: HouseHoldings = {
  userId: 1,
  margin: new Exact(12_000),
  positions: new Map([['ETH_USDT', new Exact('-2')]]),
  coins: new Map([
    ['USDT', new Exact(24_000)],
    ['ETH', new Exact('0.75')],
  ]),
}

const quote = (side: 'buy' | 'sell', price: string, size: string): Quote => ({
  side,
  price: new Exact(price),
  size: new Exact(size),
})

describe('the house’s room', () => {
  it('closes a futures position first, then opens what its share of the margin pays for at the house leverage', () => {
    const buy = roomOf(holdings, 'futures', ETH, 'buy')
    const cost = new Exact(1).div(HOUSE.leverage).plus(COPY.takerFeeRate)
    expect([buy.free.toFixed(), buy.budget.toFixed(), buy.cost.toFixed()]).toEqual([
      '2',
      new Exact(12_000).div(BOOKS).toFixed(),
      cost.toFixed(),
    ])
    // 1,000 USDT of margin at 3,000 and 0.2005 per USDT: 1.6625 ETH on the lot, after the 2 it closes.
    expect(sizeWithin(buy, new Exact(3000), new Exact(10), LOT).toFixed()).toBe('3.6625')
    // The other side only opens.
    const sell = roomOf(holdings, 'futures', ETH, 'sell')
    expect(sizeWithin(sell, new Exact(3000), new Exact(10), LOT).toFixed()).toBe('1.6625')
  })

  it('sells no more of a spot coin than it holds, and bids its share of the spot USDT', () => {
    const sell = roomOf(holdings, 'spot', ETH, 'sell')
    expect(sizeWithin(sell, new Exact(3000), new Exact(10), LOT).toFixed()).toBe('0.75')
    const buy = roomOf(holdings, 'spot', ETH, 'buy')
    // 2,000 USDT at 3,000: 0.6666 ETH, down to the lot.
    expect(sizeWithin(buy, new Exact(3000), new Exact(10), LOT).toFixed()).toBe('0.6666')
  })

  it('sizes a ladder best first, each level within what is left, and leaves out what it cannot pay one lot of', () => {
    const rooms = { buy: roomOf(holdings, 'spot', ETH, 'buy'), sell: roomOf(holdings, 'spot', ETH, 'sell') }
    const sized = withinRoom(
      [
        quote('buy', '2999', '0.5'),
        quote('buy', '2998', '0.5'),
        quote('buy', '2997', '0.5'),
        quote('sell', '3001', '0.5'),
        quote('sell', '3002', '0.5'),
        quote('sell', '3003', '0.5'),
      ],
      rooms,
      LOT,
    )
    // Bids: 1,499.50 then 500.50 of the 2,000 (0.1669 ETH at 2,998), nothing at 2,997; asks: 0.5, then the 0.25 left.
    expect(sized.map((q) => [q.side, q.price.toFixed(), q.size.toFixed()])).toEqual([
      ['buy', '2999', '0.5'],
      ['buy', '2998', '0.1669'],
      ['sell', '3001', '0.5'],
      ['sell', '3002', '0.25'],
    ])
    expect(spend(rooms.buy, new Exact(2999), new Exact('0.5')).budget.toFixed()).toBe('500.5')
  })

  it('takes in what a settlement left: a position, the margin, some coins', () => {
    const moved = movedHoldings(holdings, {
      margin: new Exact(11_000),
      position: { pairCode: 'ETH_USDT', size: new Exact(0) },
      coins: new Map([['ETH', new Exact('1.25')]]),
    })
    expect([moved.margin.toFixed(), moved.positions.has('ETH_USDT'), moved.coins.get('ETH')?.toFixed()]).toEqual([
      '11000',
      false,
      '1.25',
    ])
    expect(moved.coins.get('USDT')?.toFixed()).toBe('24000')
  })
})
