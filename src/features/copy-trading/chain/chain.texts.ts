/** Names of the chains, statistics periods and list orders of the chain-copy pages, translated where shown. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StatsPeriod } from '#/contract/index.ts'
import type { WalletSort } from './wallet-address.ts'

const CHAIN_NAMES: Partial<Record<string, MessageDescriptor>> = {
  ethereum: msg({ message: 'Ethereum', context: 'blockchain' }),
  arbitrum: msg({ message: 'Arbitrum', context: 'blockchain' }),
  base: msg({ message: 'Base', context: 'blockchain' }),
  bsc: msg({ message: 'BNB Chain', context: 'blockchain' }),
  solana: msg({ message: 'Solana', context: 'blockchain' }),
  tron: msg({ message: 'TRON', context: 'blockchain' }),
}

/** A chain the app has no name for shows its key as the exchange sends it. */
export function chainName(translate: (descriptor: MessageDescriptor) => string, chain: string): string {
  const name = CHAIN_NAMES[chain]
  return name ? translate(name) : chain
}

export const PERIOD_LABELS: Record<StatsPeriod, MessageDescriptor> = {
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '90d': msg`90 days`,
  all: msg({ message: 'All', context: 'statistics period' }),
}

export const SORT_LABELS: Record<WalletSort, MessageDescriptor> = {
  roi: msg`ROI`,
  pnl: msg({ message: 'PnL', context: 'sort wallets by' }),
  winRate: msg`Win rate`,
  drawdown: msg({ message: 'Drawdown', context: 'sort wallets by' }),
}
