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
  tabsListStore,
  totalAssetStore,
  unreadCountStore,
  userMenuStore,
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
    localStorage.setItem(
      'tabsList',
      JSON.stringify([{ biz: 'futures', pairCode: 'ETH_USDT' }, { biz: 'margin', pairCode: 'X' }, 'BTC_USDT']),
    )
    localStorage.setItem('userMenu', '{"id": 7}')
    loadPersistedStores()
    expect(prevLeverageStore.state).toBe(25)
    expect(globalDialogStore.state).toBe('hide')
    expect(marketTypeStore.state).toBe('spot')
    // Only well-formed tabs are kept; a menu record missing its fields is ignored.
    expect(tabsListStore.state).toEqual([{ biz: 'futures', pairCode: 'ETH_USDT' }])
    expect(userMenuStore.state).toBeNull()
  })

  it('keeps the menu info and the terminal tabs under their §3 keys', () => {
    const menu = { id: '12', userInfo: { nickname: 'Ana', account: 'a***@x.dev' }, availableLanguage: ['en_US'] }
    userMenuStore.setState(() => menu)
    expect(JSON.parse(localStorage.getItem('userMenu') ?? 'null')).toEqual(menu)
    tabsListStore.setState(() => [{ biz: 'spot', pairCode: 'BTC_USDT' }])
    expect(localStorage.getItem('tabsList')).toBe('[{"biz":"spot","pairCode":"BTC_USDT"}]')
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
