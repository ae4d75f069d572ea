/**
 * Named route guards (ARCHITECTURE.md). A route lists guard names in `staticData.guards`; the
 * locale layout runs them, in order, from this one registry. Guards redirect; they are not an
 * authorization boundary (every server function checks the session itself).
 */
import { redirect } from '@tanstack/react-router'
import type { LocaleCode } from '#/app.config.ts'
import { withLocalePrefix } from '#/lib/locale.ts'

export const GUARD_NAMES = ['auth-route', 'futures-redirect', 'trading-bots'] as const
export type GuardName = (typeof GUARD_NAMES)[number]

export interface GuardInput {
  /** Locale prefix as spelled in the URL (undefined for unprefixed English). */
  prefix: LocaleCode | undefined
  /** Path without the locale prefix. */
  rest: string
  /** The current full path with query and hash, for `redirectUrl`. */
  href: string
  /** Query string of the current location, with its '?', or ''. */
  searchStr: string
  loggedIn: boolean
  features: { futures: boolean; hbtSwitch: boolean }
}

type Guard = (input: GuardInput) => void

const FUTURES_TWINS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/copy-trading\/futures\/?$/i, '/copy-trading/spot'],
  [/^\/copy-trading\/futures-trader\/(.+)$/i, '/copy-trading/spot-trader/$1'],
  [/^\/futures\/(.+)$/i, '/spot/$1'],
]

const registry: Record<GuardName, Guard> = {
  'auth-route': ({ loggedIn, prefix, href }) => {
    if (loggedIn) return
    throw redirect({ href: `${withLocalePrefix(prefix, '/login')}?redirectUrl=${encodeURIComponent(href)}` })
  },
  'futures-redirect': ({ features, prefix, rest, searchStr }) => {
    if (features.futures) return
    for (const [pattern, target] of FUTURES_TWINS) {
      if (pattern.test(rest))
        throw redirect({ href: withLocalePrefix(prefix, rest.replace(pattern, target)) + searchStr })
    }
  },
  'trading-bots': ({ features, prefix }) => {
    if (features.hbtSwitch) return
    throw redirect({ href: `${withLocalePrefix(prefix, '/')}?notice=bots-closed` })
  },
}

function isGuardName(name: string): name is GuardName {
  return Object.hasOwn(registry, name)
}

/** Runs the named guards in order; the first that redirects wins. */
export function runGuards(names: readonly string[], input: GuardInput): void {
  for (const name of names) {
    if (!isGuardName(name)) throw new Error('Unknown route middleware')
    registry[name](input)
  }
}
