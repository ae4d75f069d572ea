/**
 * §3's global config map on the client: every flag the exchange sends, kept whole, and the switches the app acts
 * on read from it. A flag is closed only by an explicit 'false': what the exchange does not say leaves it open.
 */
import type { GlobalConfig, KnownGlobalFlag } from '#/contract/index.ts'

export interface GlobalSwitches {
  /** Every flag of the exchange's answer, known to this app or not. */
  globalConfig: GlobalConfig
  futuresMenu: boolean
  hbtSwitch: boolean
  p2pMenu: boolean
}

export function isFlagOpen(config: GlobalConfig, name: KnownGlobalFlag | (string & {})): boolean {
  return config[name] !== 'false'
}

/** The switches of a global config answer; none (the exchange did not answer) leaves every switch open. */
export function readGlobalConfig(config: GlobalConfig | undefined): GlobalSwitches {
  const globalConfig = config ?? {}
  return {
    globalConfig,
    futuresMenu: isFlagOpen(globalConfig, 'futuresMenu'),
    hbtSwitch: isFlagOpen(globalConfig, 'Hbt_Switch'),
    p2pMenu: isFlagOpen(globalConfig, 'p2pMenu'),
  }
}
