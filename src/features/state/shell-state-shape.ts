/**
 * The shape of the request-level state the shell renders from. Its own module because the server's
 * reader (shell-state.server.ts) returns it and the isomorphic reader (shell-state.ts) chooses that reader
 * on the server: each names the type without importing the other.
 */
import type { LocaleCode, PublicConfig, Theme, UpColor } from '#/app.config.ts'

export interface ShellState {
  theme: Theme
  upColor: UpColor
  loggedIn: boolean
  /** The language the visitor chose before (cookie i18n_redirected), for unprefixed addresses. */
  preferredLocale: LocaleCode | undefined
  /**
   * The user agent is a phone's or a tablet's: the first render lays out for a narrow screen (the client then follows
   * its real width).
   */
  mobile: boolean
  config: PublicConfig
}
