import type { QueryClient } from '@tanstack/react-query'
import type { LocaleCode } from '#/app.config.ts'
import type { ShellState } from '#/features/state/index.ts'

/** What the router is created with. */
export interface RouterContext {
  queryClient: QueryClient
  /** Lower-cased static path segments of the route tree, for canonical paths. */
  staticSegments: ReadonlySet<string>
}

/** What every route sees after the root's beforeLoad. */
export interface RootContext extends RouterContext {
  locale: LocaleCode
  /** The locale prefix as the URL spells it (undefined: unprefixed English). */
  prefix: LocaleCode | undefined
  /** The page's path without its locale prefix, always starting with '/'. */
  path: string
  shell: ShellState
}
