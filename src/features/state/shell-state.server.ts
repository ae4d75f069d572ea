import { getCookie, getRequestHeader } from '@tanstack/react-start/server'
import { COOKIES, DEFAULTS, THEMES, UP_COLORS, publicConfig, type Theme, type UpColor } from '#/app.config.ts'
import { serverConfig } from '#/lib/config.server.ts'
import { isMobileUserAgent } from '#/features/device/index.ts'
import { findLocale } from '#/lib/locale.ts'
import type { ShellState } from './shell-state-shape.ts'

function oneOf<T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback
}

/** What the first paint needs from the request: theme, colour scheme, session presence, public config. */
export function readServerShellState(): ShellState {
  const theme: Theme = oneOf(THEMES, getCookie(COOKIES.theme), DEFAULTS.theme)
  const upColor: UpColor = oneOf(UP_COLORS, getCookie(COOKIES.upColor), DEFAULTS.upColor)
  return {
    theme,
    upColor,
    loggedIn: Boolean(getCookie(COOKIES.token)),
    preferredLocale: findLocale(getCookie(COOKIES.i18nRedirected)),
    mobile: isMobileUserAgent(getRequestHeader('user-agent') ?? ''),
    config: publicConfig(serverConfig()),
  }
}
