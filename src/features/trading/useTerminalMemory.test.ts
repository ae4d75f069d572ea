import { describe, expect, it } from 'vitest'
import { TERMINAL } from '#/app.config.ts'
import { withTab } from './useTerminalMemory.ts'

describe('the terminal tabs (§3 tabsList)', () => {
  it('puts the pair on screen first, once, and keeps at most TERMINAL.maxTabs', () => {
    const eth = { biz: 'futures', pairCode: 'ETH_USDT' } as const
    const btc = { biz: 'spot', pairCode: 'BTC_USDT' } as const
    expect(withTab([btc, eth], eth)).toEqual([eth, btc])
    expect(withTab([eth], { biz: 'spot', pairCode: 'ETH_USDT' })).toHaveLength(2)
    const many = Array.from({ length: 20 }, (_, i) => ({ biz: 'spot' as const, pairCode: `C${i}_USDT` }))
    const kept = withTab(many, btc)
    expect(kept).toHaveLength(TERMINAL.maxTabs)
    expect(kept[0]).toEqual(btc)
  })
})
