/** Where a requested URL must go before any page renders: legacy addresses (302), then the canonical spelling (301). */
import { canonicalPath } from './canonical-path.ts'
import { legacyRedirect } from './legacy-redirects.ts'

export interface RedirectDecision {
  href: string
  status: 301 | 302
}

export function resolveRedirect(
  pathname: string,
  search: string,
  staticSegments: ReadonlySet<string>,
): RedirectDecision | null {
  const legacy = legacyRedirect(pathname, search)
  if (legacy) return { href: legacy, status: 302 }
  const canonical = canonicalPath(pathname, staticSegments)
  if (canonical !== pathname) return { href: canonical + search, status: 301 }
  return null
}
