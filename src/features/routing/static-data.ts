/** Per-route static data the shell reads: layout, named guards, mobile header colour. */
import type { GuardName } from './guards.ts'

export type LayoutName = 'default' | 'empty'

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** Default: header and footer. Empty: no chrome. */
    layout?: LayoutName
    /** Named guards, run in order by the locale layout (ARCHITECTURE.md). */
    guards?: readonly GuardName[]
    /** Mobile header background per theme; the browser's theme-color follows it. */
    mobileHeaderBg?: { light: string; dark: string }
    /** When a session ends on this page, log in without coming back here (login, register). */
    notReturning?: boolean
  }
}
