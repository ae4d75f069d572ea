/**
 * What a leader picks for their profile: tags (keys the exchange knows, translated here) and an
 * avatar among the site's /avatars files (none: the default one).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const LEADER_TAG_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  steady: msg({ message: 'Steady', context: 'leader tag' }),
  'low-drawdown': msg({ message: 'Low drawdown', context: 'leader tag' }),
  'high-frequency': msg({ message: 'High frequency', context: 'leader tag' }),
  swing: msg({ message: 'Swing', context: 'leader tag' }),
  scalping: msg({ message: 'Scalping', context: 'leader tag' }),
  trend: msg({ message: 'Trend', context: 'leader tag' }),
  grid: msg({ message: 'Grid', context: 'leader tag' }),
  'high-leverage': msg({ message: 'High leverage', context: 'leader tag' }),
  'btc-focus': msg({ message: 'BTC focus', context: 'leader tag' }),
  altcoins: msg({ message: 'Altcoins', context: 'leader tag' }),
  'long-term': msg({ message: 'Long term', context: 'leader tag' }),
  newcomer: msg({ message: 'Newcomer', context: 'leader tag' }),
  conservative: msg({ message: 'Conservative', context: 'leader tag' }),
  aggressive: msg({ message: 'Aggressive', context: 'leader tag' }),
}

export const LEADER_TAG_KEYS = Object.keys(LEADER_TAG_LABELS)

/** The files of public/avatars apart from default.svg (a test keeps this list in step with the folder). */
const AVATAR_NAMES = [
  'ahmed-grid',
  'alpine-swing',
  'ana-rompimento',
  'atlas-trend',
  'boga-avcisi',
  'calm-waters',
  'coin-gaemi',
  'delta-dan',
  'el-toro-loco',
  'grid-zen',
  'hans-breakout',
  'hodl-hana',
  'hyperion',
  'jose-scalps',
  'longhu-quant',
  'lucia-ahorro',
  'minh-scalp',
  'priya-momentum',
  'sakura-swing',
  'satoshi-deshi',
  'stack-sats-sam',
  'tanaka-trend',
  'volk-street',
] as const

export const LEADER_AVATARS: readonly string[] = AVATAR_NAMES.map((name) => `/avatars/${name}.svg`)
