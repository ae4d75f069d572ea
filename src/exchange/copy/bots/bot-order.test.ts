/**
 * A simulated leader below the minimum copy amount winds down: it opens and adds nothing (no dust trades whose
 * '0.00' results make a −80 % ROI of a 0.31 USDT loss), while it still closes and reduces what it holds.
 */
import { describe, expect, it } from 'vitest'
import { COPY } from '#/app.config.ts'
import { marketSeedFrom } from '#/exchange/market/market-seed.ts'
import { Exact, Money } from '#/exchange/money.ts'
import { Book, externalKey, type PositionState } from '../book.ts'
import { leaderWallet } from '../copy-account.ts'
import { defaultRules } from '../rules.ts'
import type { BotAction, Strategy } from '../strategies.ts'
import { botOrder, type Bot } from './bot-order.ts'

const LEADER = 10_000_001
const seed = marketSeedFrom('0123456789abcdef0123456789abcdef')
const rules = defaultRules()
const at = new Date(Date.UTC(2026, 0, 5, 12, 0))
const price = new Money('100')

function botThat(action: BotAction): Bot {
  const strategy: Strategy = { name: 'trend', decisionMinutes: 1, lookback: 1, decide: () => action }
  return { leaderId: LEADER, slug: 'test', biz: 'futures', strategy, leverage: 5, pairs: ['ETH_USDT'] }
}

function bookWith(usdt: string): Book {
  const book = new Book(() => 1)
  book.transfer(externalKey('USDT'), leaderWallet(LEADER), new Exact(usdt), 'deposit')
  return book
}

const held: PositionState = {
  id: 9,
  userId: LEADER,
  copyId: null,
  sourcePositionId: null,
  biz: 'futures',
  pairCode: 'ETH_USDT',
  side: 1,
  leverage: 5,
  size: new Money('1'),
  entryPrice: new Money('100'),
  margin: new Money('20'),
  takeProfitPrice: null,
  stopLossPrice: null,
  liquidationPrice: null,
  status: 'open',
  unmanaged: false,
  marginMode: 'isolated',
  closedSize: new Money('0'),
  exitPrice: null,
  realizedPnl: new Money('0'),
  fees: new Money('0'),
  funding: new Money('0'),
  openedAt: at,
  closedAt: null,
  closeReason: null,
}

const decide = (bot: Bot, book: Book, position?: PositionState) =>
  botOrder(book, rules, seed, bot, { pairCode: 'ETH_USDT', price, at, closes: [100], position, adds: 0 })

const below = new Exact(COPY.minInvestmentUsdt).minus('0.01').toFixed()

describe('a simulated leader and the minimum copy amount', () => {
  it('opens a position with a wallet of the minimum copy amount', () => {
    const order = decide(
      botThat({ kind: 'open', side: 1, marginFraction: 0.5, leverage: 5 }),
      bookWith(COPY.minInvestmentUsdt),
    )
    expect(order?.action.kind).toBe('open')
  })

  it('opens nothing with a wallet below it', () => {
    expect(decide(botThat({ kind: 'open', side: 1, marginFraction: 0.5, leverage: 5 }), bookWith(below))).toBeNull()
  })

  it('adds nothing to a position with a wallet below it, but still closes and reduces', () => {
    const book = bookWith(below)
    expect(decide(botThat({ kind: 'add', marginFraction: 0.5 }), book, held)).toBeNull()
    expect(decide(botThat({ kind: 'add', marginFraction: 0.5 }), bookWith('1000'), held)?.action.kind).toBe('add')
    expect(decide(botThat({ kind: 'close' }), book, held)?.action.kind).toBe('close')
    expect(decide(botThat({ kind: 'reduce', fraction: 0.5 }), book, held)?.action.kind).toBe('reduce')
  })
})
