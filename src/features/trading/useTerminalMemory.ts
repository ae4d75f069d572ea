/**
 * What the terminal remembers of where the trader is (§3): the pair first among the terminal's tabs (tabsList, at
 * most TERMINAL.maxTabs) and the market type (selectType: cookie, local storage, and the header every call sends).
 */
import { useEffect } from 'react'
import { TERMINAL } from '#/app.config.ts'
import type { TradingMarket } from '#/contract/index.ts'
import { loadPersistedStores, marketTypeStore, tabsListStore, type PairTab } from '#/features/state/index.ts'

/** The tabs with `tab` first (moved there if it was already open), cut to the most kept. */
export function withTab(tabs: readonly PairTab[], tab: PairTab): PairTab[] {
  const others = tabs.filter((t) => t.biz !== tab.biz || t.pairCode !== tab.pairCode)
  return [tab, ...others].slice(0, TERMINAL.maxTabs)
}

export function useTerminalMemory(biz: TradingMarket, pairCode: string): void {
  useEffect(() => {
    // The stored values first (this runs before the root's own effect loads them).
    loadPersistedStores()
    tabsListStore.setState((tabs) => withTab(tabs, { biz, pairCode }))
    marketTypeStore.setState(() => biz)
  }, [biz, pairCode])
}
