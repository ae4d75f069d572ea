/**
 * The legacy URLs of spec §2, mapped to today's pages. Pure: given a path and its query string,
 * the target (path + query) or null. Applied on the server before rendering and on client navigation.
 */
import { locatePath, withLocalePrefix } from '#/lib/locale.ts'

function withQuery(path: string, query: URLSearchParams): string {
  const rest = query.toString()
  return rest ? `${path}?${rest}` : path
}

function copyTradingTarget(rest: string, query: URLSearchParams): string | null {
  const lower = rest.toLowerCase()
  if (lower.includes('/followup/trader')) {
    const type = query.get('type')
    const id = query.get('id')?.trim()
    query.delete('type')
    query.delete('id')
    const market = type === 'futures' ? 'futures' : 'spot'
    // Without an id there is no trader to show: the list of that market is the closest page.
    return id ? `/copy-trading/${market}-trader/${encodeURIComponent(id)}` : `/copy-trading/${market}`
  }
  if (lower.includes('/followup') && query.has('type')) {
    const type = query.get('type')
    query.delete('type')
    return type === 'futures' ? '/copy-trading/futures' : '/copy-trading/spot'
  }
  if (/^\/followup\/?$/.test(lower)) return '/copy-trading/futures'
  return null
}

function botTarget(rest: string, query: URLSearchParams): string | null {
  const lower = rest.toLowerCase()
  if (!lower.includes('/autosystem') || lower.includes('/bot-trade')) return null
  const sourceType = query.get('sourceType')?.trim()
  query.delete('sourceType')
  return `/bot-trade/${encodeURIComponent(sourceType || 'autosystem')}`
}

/** `search` is the raw query string, with or without its leading '?'. */
export function legacyRedirect(pathname: string, search: string): string | null {
  const { prefix, rest } = locatePath(pathname)
  const query = new URLSearchParams(search)
  const target = copyTradingTarget(rest, query) ?? botTarget(rest, query)
  return target === null ? null : withQuery(withLocalePrefix(prefix, target), query)
}
