/**
 * Paths match case-insensitively and tolerate a trailing slash (§2); each page still has one
 * canonical spelling, answered with a 301 from any other.
 */
import { findLocale } from '#/lib/locale.ts'

/** The static segments of a route tree's paths, lower-cased (params and splats left out). */
export function staticSegmentsOf(paths: Iterable<string>): Set<string> {
  const segments = new Set<string>()
  for (const path of paths) {
    for (const segment of path.split('/')) {
      if (segment && !segment.includes('$')) segments.add(segment.toLowerCase())
    }
  }
  return segments
}

/**
 * The canonical spelling of a decoded pathname: repeated and trailing slashes removed, the locale
 * prefix spelled as its code, and static segments in lower case. Parameter values keep their case.
 */
export function canonicalPath(pathname: string, staticSegments: ReadonlySet<string>): string {
  const segments = pathname.split('/').filter(Boolean)
  const canonical = segments.map((segment, index) => {
    if (index === 0) {
      const locale = findLocale(segment)
      if (locale) return locale
    }
    const lower = segment.toLowerCase()
    return staticSegments.has(lower) ? lower : segment
  })
  return `/${canonical.join('/')}`
}
