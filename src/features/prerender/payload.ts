/**
 * §7: a prerendered page's data comes from its build's payload file, `{path}/_payload.json?{buildId}`,
 * when the client navigates to it: a static file instead of a server-function call. The server
 * refuses a payload of another build (409): the page's data then comes from its server function,
 * as it does for any page, so a tab opened before a deployment still gets current data.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { PRERENDER } from '#/app.config.ts'

/** Set by the build (vite.config.ts): undefined in development and tests, where nothing is prerendered. */
export const BUILD_ID: string | undefined = import.meta.env.DEV ? undefined : import.meta.env.BUILD_ID

export function payloadUrl(pathname: string, buildId: string): string {
  return `${pathname.replace(/\/+$/, '')}/${PRERENDER.payloadFile}?${encodeURIComponent(buildId)}`
}

interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false }
}

interface PrerenderedQuery<T> {
  queryKey: QueryKey
  schema: Schema<T>
  /** The page's ordinary data source: its server function (through ensureQueryData). */
  load: () => Promise<T>
}

/**
 * The route loader of a prerendered page. On the server (the render or the prerender itself) and
 * once the data is cached, the ordinary load; on a client navigation, the payload first.
 */
export async function loadPrerendered<T>(
  queryClient: QueryClient,
  pathname: string,
  { queryKey, schema, load }: PrerenderedQuery<T>,
  { buildId = BUILD_ID, fetchPayload = fetch }: { buildId?: string; fetchPayload?: typeof fetch } = {},
): Promise<T> {
  if (typeof window === 'undefined' || buildId === undefined) return load()
  const cached = queryClient.getQueryData(queryKey)
  if (cached !== undefined) return load()
  const payload = await fetchPayload(payloadUrl(pathname, buildId), { headers: { accept: 'application/json' } })
    .then(async (response): Promise<unknown> => (response.ok ? response.json() : undefined))
    .catch(() => undefined)
  const parsed = schema.safeParse(payload)
  if (!parsed.success) return load()
  queryClient.setQueryData(queryKey, parsed.data)
  return parsed.data
}
