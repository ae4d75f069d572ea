import { describe, expect, it } from 'vitest'
import type { CopyPosition } from '#/contract/index.ts'
import { emptySettings, type CopySettingsValues } from './copy-settings.ts'
import { lastLeaderTrade, previewTrade, type LeaderTrade } from './last-trade-preview.ts'

const BTC = { lotSize: '0.00001', maxLeverage: 125 }
/** The leader opened 0.5 BTC long at 60,000 with 20× (0.2 of it closed since). */
const trade: LeaderTrade = {
  pairCode: 'BTC_USDT',
  biz: 'futures',
  side: 'long',
  leverage: 20,
  size: '0.5',
  price: '60000',
  openedAt: 2,
}
const settings = (patch: Partial<CopySettingsValues>): CopySettingsValues => ({
  ...emptySettings(),
  investment: '1000',
  ...patch,
})

function position(patch: Partial<CopyPosition>): CopyPosition {
  return {
    positionId: '1',
    biz: 'futures',
    pairCode: 'BTC_USDT',
    side: 'long',
    leverage: 20,
    size: '0',
    entryPrice: '60000',
    margin: '0',
    markPrice: null,
    unrealizedPnl: null,
    roe: '0',
    takeProfitPrice: null,
    stopLossPrice: null,
    liquidationPrice: null,
    status: 'closed',
    closedSize: '0',
    exitPrice: null,
    realizedPnl: '0',
    fees: '0',
    funding: '0',
    openedAt: 1,
    closedAt: null,
    closeReason: null,
    adlQuantile: null,
    ...patch,
  }
}

describe("the leader's last trade", () => {
  it('is the latest opened, open or closed, at its opening size', () => {
    const open = position({
      positionId: '2',
      status: 'open',
      size: '0.3',
      closedSize: '0.2',
      openedAt: 2,
      side: 'short',
      pairCode: 'ETH_USDT',
      entryPrice: '3000',
    })
    const older = position({ positionId: '1', closedSize: '1', openedAt: 1 })
    expect(lastLeaderTrade([older, open])).toEqual({
      pairCode: 'ETH_USDT',
      biz: 'futures',
      side: 'short',
      leverage: 20,
      size: '0.5',
      price: '3000',
      openedAt: 2,
    })
    expect(lastLeaderTrade([])).toBeNull()
  })
})

describe('the preview of the copied order (the engine’s sizing)', () => {
  it('fixed amount: margin 100 at the leader’s 20× → whole lots below it, with the 0.05 % taker fee', () => {
    // 100 × 20 / 60000 = 0.0333… → 0.03333 BTC; margin 60000 × 0.03333 / 20 = 99.99; fee 1999.8 × 0.0005.
    expect(previewTrade(settings({ fixedAmount: '100' }), trade, BTC)).toEqual({
      ok: true,
      leverage: 20,
      size: '0.03333',
      margin: '99.99',
      fee: '0.9999',
    })
  })

  it('ratio: the leader’s size × ratio, then the cap per order', () => {
    expect(previewTrade(settings({ mode: 'ratio', ratio: '0.1' }), trade, BTC)).toEqual({
      ok: true,
      leverage: 20,
      size: '0.05',
      margin: '150',
      fee: '1.5',
    })
    expect(previewTrade(settings({ mode: 'ratio', ratio: '0.1', maxPerOrder: '120' }), trade, BTC)).toEqual({
      ok: true,
      leverage: 20,
      size: '0.04',
      margin: '120',
      fee: '1.2',
    })
  })

  it('fixed leverage, capped by the market; spot is always 1×', () => {
    expect(
      previewTrade(settings({ fixedAmount: '100', leverageMode: 'fixed', fixedLeverage: '5' }), trade, BTC),
    ).toMatchObject({ leverage: 5, size: '0.00833', margin: '99.96' })
    expect(
      previewTrade(settings({ fixedAmount: '100', leverageMode: 'fixed', fixedLeverage: '100' }), trade, {
        lotSize: '0.00001',
        maxLeverage: 50,
      }),
    ).toMatchObject({ leverage: 50 })
    expect(previewTrade(settings({ fixedAmount: '100' }), { ...trade, biz: 'spot' }, BTC)).toEqual({
      ok: true,
      leverage: 1,
      size: '0.00166',
      margin: '99.6',
      fee: '0.0498',
    })
  })

  it('an investment smaller than its amount per order caps the order at what it affords', () => {
    // 50 / (1 + 0.0005 × 20) = 49.50… of margin → 0.0165 BTC.
    expect(previewTrade(settings({ investment: '50', fixedAmount: '100' }), trade, BTC)).toEqual({
      ok: true,
      leverage: 20,
      size: '0.0165',
      margin: '49.5',
      fee: '0.495',
    })
  })

  it('says why the trade would be skipped', () => {
    expect(previewTrade(settings({ fixedAmount: '0.01' }), trade, BTC)).toEqual({
      ok: false,
      leverage: 20,
      reason: 'below-minimum-size',
    })
    expect(previewTrade(settings({ investment: '0.02', fixedAmount: '10' }), trade, BTC)).toEqual({
      ok: false,
      leverage: 20,
      reason: 'insufficient-balance',
    })
  })
})
