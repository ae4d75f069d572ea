/**
 * §2: the browser's theme-color is the route's mobile header background (route staticData `mobileHeaderBg`, the
 * deepest route that sets one wins) in the current theme, else the theme's --bg-primary1. The header paints the
 * same colour on phones, so the browser's bar and the page's header read as one band.
 */
import type { StaticDataRouteOption } from '@tanstack/react-router'
import { THEME_TOKENS, type Theme } from '#/app.config.ts'

interface MatchWithStaticData {
  staticData: StaticDataRouteOption
}

/** The route's own mobile header background, if it has one. */
export function mobileHeaderBgOf(matches: readonly MatchWithStaticData[], theme: Theme): string | undefined {
  return matches.findLast((m) => m.staticData.mobileHeaderBg)?.staticData.mobileHeaderBg?.[theme]
}

export function themeColorOf(matches: readonly MatchWithStaticData[], theme: Theme): string {
  return mobileHeaderBgOf(matches, theme) ?? THEME_TOKENS[theme].bgPrimary1
}

/** The sunken tone (--bg-primary2) as a mobile header: pages whose first band under the header is a page colour. */
export const SUNKEN_MOBILE_HEADER = {
  light: THEME_TOKENS.light.bgPrimary2,
  dark: THEME_TOKENS.dark.bgPrimary2,
} as const satisfies StaticDataRouteOption['mobileHeaderBg']
