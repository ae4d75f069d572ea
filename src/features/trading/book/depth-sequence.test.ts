import { describe, expect, it } from 'vitest'
import type { Depth } from '#/contract/index.ts'
import { applyDepth } from './depth-sequence.ts'

const book = (sequence: number, previous?: number): Depth => ({
  pairCode: 'BTC_USDT',
  biz: 'spot',
  sequence,
  ...(previous === undefined ? {} : { previous }),
  time: sequence,
  bids: [[String(100 - sequence), '1']],
  asks: [[String(100 + sequence), '1']],
})

describe('the book on the depth channel', () => {
  it('takes a snapshot, then each newer update; an older or repeated one changes nothing', () => {
    const first = applyDepth(undefined, { type: 'snapshot', depth: book(5) })
    expect(first).toEqual({ book: book(5), resync: false })
    const next = applyDepth(first.book, { type: 'update', depth: book(9, 5) })
    expect(next).toEqual({ book: book(9, 5), resync: false })
    expect(applyDepth(next.book, { type: 'update', depth: book(9, 5) }).book).toBe(next.book)
    expect(applyDepth(next.book, { type: 'update', depth: book(7, 5) }).book).toBe(next.book)
  })

  it('asks for a snapshot when an update was missed, and shows the newer book meanwhile', () => {
    const step = applyDepth(book(9), { type: 'update', depth: book(14, 12) })
    expect(step).toEqual({ book: book(14, 12), resync: true })
  })

  it('does not count a gap when the snapshot it started from came after the update before', () => {
    // Subscribed at 11 (a snapshot read between two sends): the next update names 9, older than what is shown.
    expect(applyDepth(book(11), { type: 'update', depth: book(14, 9) })).toEqual({ book: book(14, 9), resync: false })
  })

  it('keeps a newer book when an HTTP snapshot arrives late', () => {
    const shown = book(20)
    expect(applyDepth(shown, { type: 'snapshot', depth: book(18) }).book).toBe(shown)
  })
})
