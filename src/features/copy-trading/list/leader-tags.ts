/** The tag keys a lead trader may carry (the exchange's LEADER_TAGS, in its order), with their labels. */
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export const LEADER_TAGS: readonly { key: string; label: MessageDescriptor }[] = [
  { key: 'steady', label: msg({ message: 'Steady', context: 'leader tag' }) },
  { key: 'low-drawdown', label: msg({ message: 'Low drawdown', context: 'leader tag' }) },
  { key: 'high-frequency', label: msg({ message: 'High frequency', context: 'leader tag' }) },
  { key: 'swing', label: msg({ message: 'Swing', context: 'leader tag' }) },
  { key: 'scalping', label: msg({ message: 'Scalping', context: 'leader tag' }) },
  { key: 'trend', label: msg({ message: 'Trend', context: 'leader tag' }) },
  { key: 'grid', label: msg({ message: 'Grid', context: 'leader tag' }) },
  { key: 'high-leverage', label: msg({ message: 'High leverage', context: 'leader tag' }) },
  { key: 'btc-focus', label: msg({ message: 'BTC focus', context: 'leader tag' }) },
  { key: 'altcoins', label: msg({ message: 'Altcoins', context: 'leader tag' }) },
  { key: 'long-term', label: msg({ message: 'Long term', context: 'leader tag' }) },
  { key: 'newcomer', label: msg({ message: 'Newcomer', context: 'leader tag' }) },
  { key: 'conservative', label: msg({ message: 'Conservative', context: 'leader tag' }) },
  { key: 'aggressive', label: msg({ message: 'Aggressive', context: 'leader tag' }) },
]
