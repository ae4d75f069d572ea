import { useLingui } from '@lingui/react/macro'
import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { navigationFailureOf, reloadForChunkError } from './lifecycle.ts'
import { ErrorScreen } from './ErrorScreen.tsx'
import { FALLBACK_MESSAGES, ownStatusMessageOf, STATUS_MESSAGES, statusCodeOf } from './status-error.ts'

/** The error boundary of every route: chunk errors reload (guarded), navigation failures stay quiet. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { i18n, t } = useLingui()
  const fullPath = useRouterState({ select: (s) => s.location.pathname + s.location.searchStr })
  if (navigationFailureOf(error)) return null
  if (reloadForChunkError(error)) return null
  const status = statusCodeOf(error)
  const own = ownStatusMessageOf(error)
  const message = own
    ? i18n._(own)
    : status === 404
      ? t`Page Not Found: ${fullPath}`
      : i18n._(STATUS_MESSAGES[status] ?? (status >= 500 ? FALLBACK_MESSAGES.server : FALLBACK_MESSAGES.client))
  return <ErrorScreen statusCode={status} message={message} />
}
