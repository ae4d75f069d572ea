/**
 * What a leader picks for their profile: tags (keys the exchange knows, translated here) and an
 * avatar among the shared presets (none: the default one).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { PRESET_AVATAR_NAMES, presetAvatarPath, type PresetAvatarName } from '#/contract/index.ts'

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

/**
 * The avatars a leader may pick: the shared presets of public/avatars/presets, which any number of
 * leaders may show. The pictures at the top of public/avatars are the simulated leaders' own faces
 * (the exchange answers 'avatar-taken' for them), so they are not offered.
 */
const PRESET_LABELS: Readonly<Record<PresetAvatarName, MessageDescriptor>> = {
  sunrise: msg({ message: 'Sunrise', context: 'avatar' }),
  waves: msg({ message: 'Waves', context: 'avatar' }),
  peaks: msg({ message: 'Peaks', context: 'avatar' }),
  orbit: msg({ message: 'Orbit', context: 'avatar' }),
  prism: msg({ message: 'Prism', context: 'avatar' }),
  bars: msg({ message: 'Rising bars', context: 'avatar' }),
  compass: msg({ message: 'Compass', context: 'avatar' }),
  bloom: msg({ message: 'Bloom', context: 'avatar' }),
  pulse: msg({ message: 'Pulse', context: 'avatar' }),
  dots: msg({ message: 'Dots', context: 'avatar' }),
  arrow: msg({ message: 'Up arrow', context: 'avatar' }),
  moon: msg({ message: 'Moon and star', context: 'avatar' }),
}

export const LEADER_AVATARS: ReadonlyArray<{ src: string; label: MessageDescriptor }> = PRESET_AVATAR_NAMES.map(
  (name) => ({
    src: presetAvatarPath(name),
    label: PRESET_LABELS[name],
  }),
)
