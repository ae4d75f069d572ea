// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import {
  calculationCurrencyStore,
  globalDialogStore,
  gridsNewStore,
  loadPersistedStores,
  marketTypeStore,
  menuFlagsStore,
  prevLeverageStore,
  totalAssetStore,
  unreadCountStore,
} from './stores.ts'

describe('global client state (§3)', () => {
  it('starts from the §3 defaults, then reads what the browser stored, ignoring garbage', () => {
    expect(prevLeverageStore.state).toBe(10)
    expect(globalDialogStore.state).toBe('show')
    expect(gridsNewStore.state).toBe('show')
    expect(unreadCountStore.state).toBe(0)
    expect(calculationCurrencyStore.state).toBe('USD')
    expect(totalAssetStore.state).toEqual({ amount: '0' })
    expect(menuFlagsStore.state).toEqual({ p2p: true, futures: true })

    localStorage.setItem('PREV_LEVERAGE', '25')
    sessionStorage.setItem('globalDialog', 'hide')
    localStorage.setItem('selectType', 'margin')
    loadPersistedStores()
    expect(prevLeverageStore.state).toBe(25)
    expect(globalDialogStore.state).toBe('hide')
    expect(marketTypeStore.state).toBe('spot')
  })

  it('writes changes under the §3 keys, market type to its cookie too', () => {
    prevLeverageStore.setState(() => 50)
    expect(localStorage.getItem('PREV_LEVERAGE')).toBe('50')
    marketTypeStore.setState(() => 'futures')
    expect(localStorage.getItem('selectType')).toBe('futures')
    expect(document.cookie).toContain('selectType=futures')
    globalDialogStore.setState(() => 'show')
    expect(sessionStorage.getItem('globalDialog')).toBe('show')
  })
})
