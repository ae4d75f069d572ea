/** Query strings parsed and written with `qs`, within the limits of §9. */
import qs from 'qs'
import { QUERY_LIMITS } from '#/app.config.ts'

export function parseSearch(searchStr: string): Record<string, unknown> {
  return qs.parse(searchStr.replace(/^\?/, ''), {
    depth: QUERY_LIMITS.depth,
    arrayLimit: QUERY_LIMITS.arrayLimit,
    parameterLimit: QUERY_LIMITS.parameterLimit,
    allowPrototypes: false,
  })
}

export function stringifySearch(search: Record<string, unknown>): string {
  const str = qs.stringify(search, { skipNulls: true, arrayFormat: 'indices' })
  return str ? `?${str}` : ''
}
